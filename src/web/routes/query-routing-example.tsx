import { Link, useSearchParams } from 'react-router';
import type { HeadTag } from '../lib/route-module';

export function head(): HeadTag[] {
  return [{ title: 'Query Routing Example | Naija Street' }, { name: 'robots', content: 'noindex' }];
}

const VIEWS = ['default', 'products', 'settings'] as const;
const SECTIONS = ['general', 'notifications', 'privacy'] as const;

/** Demo of view routing through the query string: ?view=…&section=… */
export default function QueryRoutingExample() {
  const [params] = useSearchParams();
  const view = (VIEWS as readonly string[]).includes(params.get('view') ?? '')
    ? params.get('view')!
    : 'default';
  const section = params.get('section') || 'general';
  const href = (next: Record<string, string>) => `?${new URLSearchParams(next).toString()}`;

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-black">Query Routing Example</h1>
      <p className="mt-2 text-neutral-600">
        The view comes from <code>?view=</code> and the section from <code>?section=</code> (default general).
      </p>
      <nav aria-label="Views" className="mt-6 flex gap-2">
        {VIEWS.map((name) => (
          <Link
            key={name}
            to={href(name === 'default' ? {} : { view: name })}
            aria-current={view === name ? 'page' : undefined}
            className={`rounded px-4 py-2 text-sm font-semibold ${view === name ? 'bg-brand text-white' : 'bg-neutral-100'}`}
          >
            {name[0]!.toUpperCase() + name.slice(1)}
          </Link>
        ))}
      </nav>
      <section className="mt-6 rounded border border-neutral-200 p-5" aria-live="polite">
        {view === 'default' ? <h2 className="text-xl font-bold">Default view</h2> : null}
        {view === 'products' ? <h2 className="text-xl font-bold">Products view</h2> : null}
        {view === 'settings' ? (
          <>
            <h2 className="text-xl font-bold">Settings view</h2>
            <nav aria-label="Settings sections" className="mt-3 flex gap-3 text-sm">
              {SECTIONS.map((name) => (
                <Link
                  key={name}
                  to={href({ view: 'settings', section: name })}
                  aria-current={section === name ? 'page' : undefined}
                  className={section === name ? 'font-bold underline' : 'text-neutral-600'}
                >
                  {name}
                </Link>
              ))}
            </nav>
            <p className="mt-3">
              Section: <strong>{section}</strong>
            </p>
          </>
        ) : null}
      </section>
    </div>
  );
}
