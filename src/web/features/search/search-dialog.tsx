import { Command } from 'cmdk';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { LIMITS } from '#shared/constants';
import type { SearchResponse } from '#shared/schemas/catalog';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { CloseIcon } from '../../components/ui/icons';
import { apiJson, browserFetch, errorMessage } from '../../lib/api';
import { paths } from '../../paths';
import { BROWSE_GROUPS, categoryLink } from './search-links';
import { MORE_RESULTS, ProductResult } from './search-results';

type Result = { query: string; response: SearchResponse | null; error: string | null };

const groupClass =
  'px-2 pb-2 [&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:pt-3 [&_[cmdk-group-heading]]:text-[11px] [&_[cmdk-group-heading]]:font-bold [&_[cmdk-group-heading]]:tracking-widest [&_[cmdk-group-heading]]:text-neutral-500';
const itemClass =
  'flex cursor-pointer items-center gap-3 rounded px-3 py-2.5 text-sm data-[selected=true]:bg-neutral-100';
const message = 'px-5 py-6 text-center text-sm text-neutral-600';

/** Shopper's text → results, 300 ms after they stop typing; a newer text cancels an older request. */
function useSearch(text: string): { result: Result | null; loading: boolean } {
  const [result, setResult] = useState<Result | null>(null);
  const query = text.trim();
  useEffect(() => {
    if (!query) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      apiJson<SearchResponse>(browserFetch, `/api/search?q=${encodeURIComponent(query)}`, {
        signal: controller.signal,
      })
        .then((response) => setResult({ query, response, error: null }))
        .catch((error: unknown) => {
          if (!controller.signal.aborted)
            setResult({
              query,
              response: null,
              error: errorMessage(error, 'Search failed. Please try again.'),
            });
        });
    }, LIMITS.searchDebounceMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query]);
  const current = result?.query === query ? result : null;
  return { result: current, loading: query !== '' && current === null };
}

/** The search palette: the kit's dialog under the top edge around a cmdk command list. */
export default function SearchDialog({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const { result, loading } = useSearch(text);

  function open(to: string) {
    navigate(to);
    onClose();
  }

  const response = result?.response;
  const categories = (response?.categories ?? []).flatMap((category) => categoryLink(category) ?? []);
  const products = response?.products ?? [];

  return (
    <Dialog
      open
      onClose={onClose}
      title="Search"
      hideTitle
      placement="top"
      size="lg"
      bodyClassName="min-h-0 flex-1"
    >
      <Command
        label="Search products and categories"
        shouldFilter={false}
        loop
        className="flex h-full flex-col"
      >
        <div className="flex items-center gap-1 border-b border-neutral-200 pl-4 pr-1">
          <Command.Input
            value={text}
            onValueChange={setText}
            placeholder="Search products and categories..."
            // The shopper's first key press belongs in the field.
            data-autofocus
            className="h-14 min-w-0 flex-1 bg-transparent text-base outline-none placeholder:text-neutral-500"
          />
          <Button variant="icon" aria-label="Close search" onClick={onClose}>
            <CloseIcon className="h-5 w-5" />
          </Button>
        </div>
        <Command.List className="max-h-[min(70dvh,32rem)] min-h-0 overflow-y-auto overscroll-contain">
          {text.trim() === '' ? (
            BROWSE_GROUPS.map((group) => (
              <Command.Group key={group.heading} heading={group.heading} className={groupClass}>
                {group.links.map((item) => (
                  <Command.Item
                    key={item.key}
                    value={`${group.heading}:${item.to}`}
                    onSelect={() => open(item.to)}
                    className={itemClass}
                  >
                    {item.label}
                  </Command.Item>
                ))}
              </Command.Group>
            ))
          ) : loading ? (
            <Command.Loading label="Loading results">
              <p className={message}>Loading results...</p>
            </Command.Loading>
          ) : result?.error ? (
            <p className={message} role="alert">
              {result.error}
            </p>
          ) : categories.length === 0 && products.length === 0 ? (
            <p className={message} role="status">
              No results found.
            </p>
          ) : (
            <>
              {categories.length > 0 ? (
                <Command.Group heading="CATEGORIES" className={groupClass}>
                  {categories.map((item) => (
                    <Command.Item
                      key={item.key}
                      value={`category:${item.key}`}
                      onSelect={() => open(item.to)}
                      className={itemClass}
                    >
                      <span className="font-semibold">{item.label}</span>
                      {item.detail ? <span className="text-neutral-500">{item.detail}</span> : null}
                    </Command.Item>
                  ))}
                </Command.Group>
              ) : null}
              {products.length > 0 ? (
                <Command.Group heading="PRODUCTS" className={groupClass}>
                  {products.map((product) => (
                    <Command.Item
                      key={product.id}
                      value={`product:${product.id}`}
                      onSelect={() => open(paths.product(product.id))}
                      className={itemClass}
                    >
                      <ProductResult product={product} />
                    </Command.Item>
                  ))}
                </Command.Group>
              ) : null}
              {response?.hasMore ? (
                <p className="px-5 pb-4 pt-1 text-xs text-neutral-600">{MORE_RESULTS}</p>
              ) : null}
            </>
          )}
        </Command.List>
      </Command>
    </Dialog>
  );
}
