import { lazy, Suspense, useEffect, useState } from 'react';
import { Button } from '../../components/ui/button';
import { SearchIcon } from '../../components/ui/icons';
import { paths } from '../../paths';

const loadDialog = () => import('./search-dialog');
const SearchDialog = lazy(loadDialog);

/**
 * The navbar's search button. The command palette (cmdk) is its own chunk, fetched when the
 * shopper reaches for the button (hover, touch, focus) and shown on press or Ctrl/⌘+K.
 */
export function SearchButton({ className }: { className?: string }) {
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <>
      {/* Before the script runs, the button opens the search page; after, the search palette. */}
      <form action={paths.search} className="contents">
        <Button
          type="submit"
          variant="icon"
          size="sm"
          className={className}
          aria-label="Search"
          aria-haspopup="dialog"
          aria-expanded={open}
          onPointerEnter={loadDialog}
          onPointerDown={loadDialog}
          onFocus={loadDialog}
          onClick={(event) => {
            event.preventDefault();
            setOpen(true);
          }}
        >
          <SearchIcon />
        </Button>
      </form>
      {open ? (
        <Suspense fallback={null}>
          <SearchDialog onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
