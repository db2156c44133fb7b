import { Component, type ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { SectionHeading } from './section-heading';

type Props = { title: string; children: ReactNode };
type State = { failed: boolean };

/**
 * Keeps a section's failure inside the section (its code could not be downloaded after a new
 * release, or it crashed): the panel's menu still works and the admin can reload.
 */
export class SectionBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <>
        <SectionHeading title={this.props.title} />
        <div role="alert" className="mt-4 max-w-prose rounded-lg border border-red-300 bg-red-50 p-4 text-sm">
          <p className="font-semibold text-red-900">This section could not be shown.</p>
          <p className="mt-1 text-red-900">Check your connection, then reload the page.</p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => window.location.reload()}>
            Reload
          </Button>
        </div>
      </>
    );
  }
}
