import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { LIMITS } from '#shared/constants';
import { formatDateTime } from '#shared/dates';
import { formatNaira } from '#shared/money';
import { type AdminProductRow, PRODUCT_MESSAGES } from '#shared/schemas/admin-products';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Empty } from '../../../components/ui/empty';
import { inputClass } from '../../../components/ui/form-field';
import { LoadError } from '../../../components/ui/load-error';
import { Pager } from '../../../components/ui/pager';
import { ProductThumbnail } from '../../../components/ui/product-image';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api';
import { liveTopics, useLive } from '../../../lib/live';
import { adminKeys } from '../query-keys';
import { SectionHeading } from '../section-heading';
import { ProductDialog } from './product-dialog';
import { PRODUCTS_PAGE_SIZE, useAdminProducts, useDeleteProduct } from './products-api';

type Editing = { mode: 'add' } | { mode: 'edit'; id: string } | null;

/** The admin panel's Products section (?tab=products): search, the list a page at a time, add/edit/delete. */
export default function ProductsSection() {
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<AdminProductRow | null>(null);
  const searchId = useId();

  // The server searches; typing waits 300 ms before asking. A new search starts on its first page.
  useEffect(() => {
    const next = search.trim();
    if (next === q) return;
    const timer = setTimeout(() => {
      setQ(next);
      setPage(1);
    }, LIMITS.searchDebounceMs);
    return () => clearTimeout(timer);
  }, [search, q]);

  const list = useAdminProducts({ q, page });
  // Sales and other admins change stock while the list is open: it shows the stock as it is.
  const client = useQueryClient();
  useLive(
    [liveTopics.adminStock],
    () => void client.invalidateQueries({ queryKey: adminKeys.products.all() }),
  );
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PRODUCTS_PAGE_SIZE));
  // The last page can empty (its last product deleted, here or by another admin): show the new
  // last page rather than 'Page 3 of 2' over an empty list.
  const settled = list.data !== undefined && !list.isPlaceholderData;
  useEffect(() => {
    if (settled && page > pages) setPage(pages);
  }, [settled, page, pages]);

  return (
    <>
      <SectionHeading
        title="Products"
        description={
          list.data ? `${total} ${total === 1 ? 'product' : 'products'}${q ? ' found' : ''}` : undefined
        }
        actions={<Button onClick={() => setEditing({ mode: 'add' })}>Add Product</Button>}
      />
      <search className="mt-4 block">
        <label htmlFor={searchId} className="sr-only">
          Search products by name or description
        </label>
        <input
          id={searchId}
          type="search"
          value={search}
          placeholder="Search products..."
          onChange={(event) => setSearch(event.target.value)}
          className={`${inputClass} mt-0 max-w-md`}
        />
      </search>

      <div className="mt-4" aria-busy={list.isFetching}>
        {list.isPending ? (
          <ListSkeleton />
        ) : list.isError ? (
          <LoadError
            message={errorMessage(list.error, 'Failed to fetch products')}
            onRetry={() => void list.refetch()}
          />
        ) : list.data.products.length === 0 && page <= pages ? (
          <Empty>{q ? 'No products match your search' : 'No products found'}</Empty>
        ) : (
          <ul className="divide-y divide-neutral-200 overflow-hidden rounded-lg border border-neutral-200 bg-white">
            {list.data.products.map((product) => (
              <ProductRow
                key={product.id}
                product={product}
                onEdit={() => setEditing({ mode: 'edit', id: product.id })}
                onDelete={() => setDeleting(product)}
              />
            ))}
          </ul>
        )}
      </div>

      {list.data && list.data.products.length > 0 ? (
        <Pager page={page} pageSize={PRODUCTS_PAGE_SIZE} total={total} onPage={setPage} what="products" />
      ) : null}

      {editing ? (
        <ProductDialog
          productId={editing.mode === 'edit' ? editing.id : null}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {deleting ? <DeleteProduct product={deleting} onDone={() => setDeleting(null)} /> : null}
    </>
  );
}

function ProductRow({
  product,
  onEdit,
  onDelete,
}: {
  product: AdminProductRow;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <li className="grid grid-cols-[4rem_minmax(0,1fr)] gap-3 p-3 sm:grid-cols-[4rem_minmax(0,2fr)_minmax(0,1fr)_7rem_5rem_auto] sm:items-center sm:gap-4 sm:px-4">
      <div className="relative h-16 w-16 overflow-hidden rounded bg-neutral-100">
        <ProductThumbnail imageId={product.mainImageId} sizes="64px" />
        {product.imageCount > 0 ? (
          <span
            className="absolute bottom-1 right-1 rounded bg-neutral-900/85 px-1.5 text-xs font-bold text-white"
            title={`${product.imageCount} ${product.imageCount === 1 ? 'image' : 'images'}`}
          >
            {product.imageCount}
            <span className="sr-only"> {product.imageCount === 1 ? 'image' : 'images'}</span>
          </span>
        ) : null}
      </div>
      <div className="min-w-0">
        <p className="wrap-anywhere font-bold">{product.name}</p>
        <p className="text-sm text-neutral-600">
          {product.category} · {product.gender === 'men' ? 'Men' : 'Women'}
          {product.isFeatured ? ' · Featured' : ''}
        </p>
        <DropLine product={product} />
        <SaleLine product={product} />
        <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm sm:hidden">
          <span className="font-semibold">{formatNaira(product.priceKobo)}</span>
          <StockText stock={product.stock} />
          <StatusBadge active={product.isActive} />
        </p>
      </div>
      <span className="hidden font-semibold tabular-nums sm:block">{formatNaira(product.priceKobo)}</span>
      <span className="hidden sm:block">
        <StockText stock={product.stock} />
      </span>
      <span className="hidden sm:block">
        <StatusBadge active={product.isActive} />
      </span>
      <div className="col-span-2 flex gap-2 sm:col-span-1 sm:justify-end">
        <Button variant="secondary" size="sm" className="flex-1 sm:flex-none" onClick={onEdit}>
          Edit<span className="sr-only"> {product.name}</span>
        </Button>
        <Button variant="ghost" size="sm" className="flex-1 text-red-700 sm:flex-none" onClick={onDelete}>
          Delete<span className="sr-only"> {product.name}</span>
        </Button>
      </div>
    </li>
  );
}

/** A drop: its release in Lagos time ('Coming soon' until then) and its limit per customer. */
function DropLine({ product }: { product: AdminProductRow }) {
  if (!product.releaseAt && product.limitPerCustomer === null) return null;
  const parts = [
    product.releaseAt ? `${formatDateTime(product.releaseAt)} (Lagos time)` : null,
    product.limitPerCustomer !== null ? `${product.limitPerCustomer} per customer` : null,
  ].filter(Boolean);
  return (
    <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-neutral-700">
      {product.comingSoon ? <Badge tone="amber">Coming soon</Badge> : null}
      <span>Drop: {parts.join(', ')}</span>
    </p>
  );
}

/** A sale charged now ('On sale') or still to start ('Sale scheduled'): its price and window. */
function SaleLine({ product }: { product: AdminProductRow }) {
  const { saleStatus, salePriceKobo, saleStartsAt, saleEndsAt } = product;
  if (!saleStatus || salePriceKobo === null || !saleStartsAt) return null;
  const window =
    saleStatus === 'scheduled'
      ? `from ${formatDateTime(saleStartsAt)}${saleEndsAt ? ` to ${formatDateTime(saleEndsAt)}` : ''}`
      : saleEndsAt
        ? `until ${formatDateTime(saleEndsAt)}`
        : 'until removed';
  return (
    <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-neutral-700">
      {saleStatus === 'on_sale' ? (
        <Badge tone="red">On sale</Badge>
      ) : (
        <Badge tone="amber">Sale scheduled</Badge>
      )}
      <span>
        {formatNaira(salePriceKobo)} {window}
        {saleEndsAt || saleStatus === 'scheduled' ? ' (Lagos time)' : ''}
      </span>
    </p>
  );
}

const StockText = ({ stock }: { stock: number }) => (
  <span
    className={`whitespace-nowrap text-sm tabular-nums ${stock === 0 ? 'font-bold text-red-700' : 'text-neutral-800'}`}
  >
    {stock === 0 ? 'Out of stock' : `${stock} in stock`}
  </span>
);

const StatusBadge = ({ active }: { active: boolean }) => (
  <Badge tone={active ? 'green' : 'grey'}>{active ? 'Active' : 'Inactive'}</Badge>
);

function ListSkeleton() {
  return (
    <ul
      className="divide-y divide-neutral-200 overflow-hidden rounded-lg border border-neutral-200 bg-white"
      aria-label="Loading products"
    >
      {Array.from({ length: 5 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
        <li key={index} className="flex items-center gap-3 p-3">
          <div className="h-16 w-16 animate-pulse rounded bg-neutral-200 motion-reduce:animate-none" />
          <div className="flex-1 space-y-2">
            <div className="h-4 w-1/2 animate-pulse rounded bg-neutral-200 motion-reduce:animate-none" />
            <div className="h-3 w-1/3 animate-pulse rounded bg-neutral-200 motion-reduce:animate-none" />
          </div>
        </li>
      ))}
    </ul>
  );
}

function DeleteProduct({ product, onDone }: { product: AdminProductRow; onDone: () => void }) {
  const remove = useDeleteProduct();
  return (
    <ConfirmDialog
      open
      title="Are you sure?"
      message={
        product.inOrders
          ? `"${product.name}" appears in orders, so it cannot be deleted: it will be deactivated instead. It leaves the shop, and its orders stay intact.`
          : `This will permanently delete "${product.name}" and all associated data: its variants, stock and photos.`
      }
      confirmLabel={product.inOrders ? 'Deactivate' : 'Delete'}
      busyLabel={product.inOrders ? 'Deactivating...' : 'Deleting...'}
      busy={remove.isPending}
      onCancel={onDone}
      onConfirm={() =>
        remove.mutate(product.id, {
          onSuccess: (result) => {
            if (result.outcome === 'deleted') toast.success(PRODUCT_MESSAGES.deleted);
            else toast.info('Product deactivated', result.message);
            onDone();
          },
          onError: (error) =>
            toast.error(PRODUCT_MESSAGES.deleteFailed, errorMessage(error, 'Please try again')),
        })
      }
    />
  );
}
