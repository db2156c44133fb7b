// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AdminImage, type AdminProduct, imageOrderRequest } from '#shared/schemas/admin-products';
import { IMAGE_MESSAGES } from '#shared/schemas/images';
import { adminProduct } from '../../../test/admin-product';
import { startFakeApi } from '../../../test/fake-api';
import { adminKeys } from '../query-keys';
import { ProductImagesEditor } from './product-images-editor';
import { useAdminProduct } from './products-api';

const PRODUCT = '6d326ef3-310f-4b52-8959-1a7ea17a1b39';
const [A, B, C] = [
  'a0000000-0000-4000-8000-00000000000a',
  'b0000000-0000-4000-8000-00000000000b',
  'c0000000-0000-4000-8000-00000000000c',
];
const IMAGES: AdminImage[] = [
  { id: A, altText: 'Front', displayOrder: 1 },
  { id: B, altText: 'Back', displayOrder: 2 },
  { id: C, altText: 'Detail', displayOrder: 3 },
];

const api = startFakeApi();
const calls = api.requests;

// Kept fake: MSW reports upload progress only all at once with the answer (no 40%, no cancel mid-way).
/**
 * The browser's XMLHttpRequest at its edge (uploads use it for their progress events): it
 * records what is sent and answers when the test says so.
 */
class FakeXhr {
  static sent: FakeXhr[] = [];
  upload: {
    onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
  } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  withCredentials = false;
  status = 0;
  responseText = '';
  url = '';
  aborted = false;
  body: FormData | null = null;
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
}

beforeEach(() => {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  // The server answers a new order with the images in it, numbered from 1.
  api.answer('PUT /api/admin/products/:id/images', ({ body }) => ({
    body: {
      images: imageOrderRequest.parse(body).images.map((image, index) => ({
        ...image,
        displayOrder: index + 1,
      })),
    },
  }));
  api.answer('DELETE /api/admin/products/:id/images/:imageId', ({ params }) => ({
    body: { images: IMAGES.filter((image) => image.id !== params.imageId) },
  }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderEditor(images: AdminImage[] = IMAGES) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ProductImagesEditor productId={PRODUCT} productName="Eko Tee" images={images} />
    </QueryClientProvider>,
  );
}

const photoList = () => screen.getByRole('list', { name: 'Photos, the first is the main image' });
const photoItems = () => within(photoList()).getAllByRole('listitem');
const arranged = () =>
  calls
    .filter((call) => call.method === 'PUT')
    .map((call) => (call.body as { images: { id: string; altText: string }[] }).images);

describe('ProductImagesEditor: the stored photos', () => {
  it('makes a photo the main image: it goes first, the others keep their order', async () => {
    renderEditor();
    expect(within(photoItems()[0]!).getByText('Main')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Make main image: photo 3' }));
    await waitFor(() => expect(arranged()).toHaveLength(1));
    expect(arranged()[0]).toEqual([
      { id: C, altText: 'Detail' },
      { id: A, altText: 'Front' },
      { id: B, altText: 'Back' },
    ]);
    expect(calls[0]!.url).toBe(`/api/admin/products/${PRODUCT}/images`);
  });

  it('moves a photo down and up with its buttons; the first cannot move up, the last not down', async () => {
    renderEditor();
    expect((screen.getByRole('button', { name: 'Move photo 1 up' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect((screen.getByRole('button', { name: 'Move photo 3 down' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Move photo 1 down' }));
    await waitFor(() => expect(arranged()).toHaveLength(1));
    expect(arranged()[0]!.map((image) => image.id)).toEqual([B, A, C]);
  });

  it('reorders by dragging one photo onto another', async () => {
    renderEditor();
    const dataTransfer = { types: [] as string[], files: [] as File[], effectAllowed: '', dropEffect: '' };
    const [first, , third] = photoItems();
    fireEvent.dragStart(third!, { dataTransfer });
    fireEvent.dragOver(first!, { dataTransfer });
    fireEvent.drop(first!, { dataTransfer });
    await waitFor(() => expect(arranged()).toHaveLength(1));
    expect(arranged()[0]!.map((image) => image.id)).toEqual([C, A, B]);
  });

  it('saves an alt text when the field is left, and only when it changed', async () => {
    renderEditor();
    const field = screen.getByLabelText('Alt text, photo 2');
    fireEvent.blur(field);
    expect(arranged()).toHaveLength(0);
    fireEvent.change(field, { target: { value: '  Back print, close up ' } });
    fireEvent.blur(field);
    await waitFor(() => expect(arranged()).toHaveLength(1));
    expect(arranged()[0]).toEqual([
      { id: A, altText: 'Front' },
      { id: B, altText: 'Back print, close up' },
      { id: C, altText: 'Detail' },
    ]);
  });

  it('asks before deleting a photo; Cancel keeps it', async () => {
    renderEditor();
    fireEvent.click(screen.getByRole('button', { name: 'Delete photo 2' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete this photo?' });
    expect(confirm.textContent).toContain('Photo 2 is removed from the product and the shop for good.');
    expect(calls).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete this photo?' })).toBeNull());
    expect(calls).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Delete photo 2' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete this photo?' })).getByRole('button', {
        name: 'Delete photo',
      }),
    );
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ method: 'DELETE', url: `/api/admin/products/${PRODUCT}/images/${B}` });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete this photo?' })).toBeNull());
  });
});

describe('ProductImagesEditor: uploads', () => {
  /** A PNG's signature and a little more: what the editor reads of a file before taking it. */
  const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];
  const file = (name: string) => new File([new Uint8Array(PNG_HEAD)], name, { type: 'image/png' });

  it('refuses a file that is not an image as soon as it is chosen, whatever its name says', async () => {
    renderEditor();
    const notes = new File(['shopping list: rice, beans'], 'front.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Choose photos'), {
      target: { files: [notes, file('back.png')] },
    });
    expect(await screen.findByText(IMAGE_MESSAGES.notAnImage)).toBeTruthy();
    // The image next to it goes on its way; the refused file is never sent.
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    expect((FakeXhr.sent[0]!.body!.get('files') as File).name).toBe('back.png');
  });

  it('takes files dropped on the photo list, not only on the drop area', async () => {
    renderEditor();
    const dataTransfer = { types: ['Files'], files: [file('side.png')], dropEffect: '' };
    const target = photoItems()[1]!;
    const over = fireEvent.dragOver(target, { dataTransfer });
    // Cancelled: the browser lets the page have the drop instead of opening the file.
    expect(over).toBe(false);
    const dropped = fireEvent.drop(target, { dataTransfer });
    expect(dropped).toBe(false);
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    expect(FakeXhr.sent[0]!.url).toBe(`/api/admin/products/${PRODUCT}/images`);
    expect((FakeXhr.sent[0]!.body!.get('files') as File).name).toBe('side.png');
    expect(screen.getByRole('progressbar', { name: 'Uploading side.png' })).toBeTruthy();
    // Nothing was reordered.
    expect(arranged()).toEqual([]);
  });

  it('shows each upload’s progress as it goes', async () => {
    renderEditor();
    fireEvent.change(screen.getByLabelText('Choose photos'), { target: { files: [file('front.png')] } });
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const bar = screen.getByRole('progressbar', { name: 'Uploading front.png' });
    FakeXhr.sent[0]!.upload.onprogress?.({ lengthComputable: true, loaded: 40, total: 100 });
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('40'));
  });

  it('cancels uploads still on their way when the editor closes', async () => {
    const view = renderEditor();
    fireEvent.change(screen.getByLabelText('Choose photos'), {
      target: { files: [file('front.png'), file('back.png')] },
    });
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    expect(FakeXhr.sent.map((xhr) => xhr.aborted)).toEqual([false, false]);
    view.unmount();
    expect(FakeXhr.sent.map((xhr) => xhr.aborted)).toEqual([true, true]);
  });
});

describe('ProductImagesEditor: the product read again while a change is saved', () => {
  const product = (images: AdminImage[]) => adminProduct({ id: PRODUCT, description: 'A tee', images });

  /** The editor fed from the product's entry, as the Edit Product dialog feeds it. */
  function EditorOfProduct() {
    const detail = useAdminProduct(PRODUCT);
    return detail.data ? (
      <ProductImagesEditor productId={PRODUCT} productName="Eko Tee" images={detail.data.images} />
    ) : null;
  }

  it('a read asked before the new order was saved does not bring the old order back', async () => {
    let releaseStaleRead: () => void = () => {};
    let reads = 0;
    let staleAnswered = false;
    api.answer('GET /api/admin/products/:id', async () => {
      reads += 1;
      if (reads !== 2) return { body: { product: product(IMAGES) } };
      // The second read (a live update of an earlier change) answers only after the save.
      await new Promise<void>((resolve) => {
        releaseStaleRead = resolve;
      });
      staleAnswered = true;
      return { body: { product: product(IMAGES) } };
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <EditorOfProduct />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(photoItems()).toHaveLength(3));
    void client.invalidateQueries({ queryKey: adminKeys.products.detail(PRODUCT) });
    await waitFor(() => expect(reads).toBe(2));

    fireEvent.click(screen.getByRole('button', { name: 'Move photo 1 down' }));
    await waitFor(() => expect(arranged()).toHaveLength(1));
    await waitFor(() => expect(screen.getByLabelText('Alt text, photo 1')).toHaveProperty('value', 'Back'));
    releaseStaleRead();
    // Once the old order's answer is sent and nothing is being read any more, it has landed or
    // been dropped: landed, it would put Front first again.
    await waitFor(() => expect(staleAnswered).toBe(true));
    await waitFor(() => expect(client.isFetching()).toBe(0));
    expect(
      client.getQueryData<AdminProduct>(adminKeys.products.detail(PRODUCT))?.images.map((i) => i.id),
    ).toEqual([B, A, C]);
    expect(screen.getByLabelText('Alt text, photo 1')).toHaveProperty('value', 'Back');
  });
});
