import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import type { AdminImage } from '#shared/schemas/admin-products';
import { IMAGE_ACCEPT, IMAGE_MAX_BYTES, IMAGE_MESSAGES, imageTypeOf } from '#shared/schemas/images';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { inputClass } from '../../../components/ui/form-field';
import { ProductThumbnail } from '../../../components/ui/product-image';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api';
import { uploadProductImage, useArrangeImages, useRemoveImage, useSetProductImages } from './products-api';

type Upload = {
  key: string;
  file: File;
  progress: number;
  status: 'waiting' | 'uploading' | 'failed';
  error?: string;
};

let uploadCounter = 0;

/** Why a chosen file cannot be uploaded (too large, or its first bytes are not an image), if it cannot. */
async function refusal(file: File): Promise<{ status: 'failed'; error: string } | null> {
  if (file.size > IMAGE_MAX_BYTES) return { status: 'failed', error: IMAGE_MESSAGES.tooLarge };
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  if (imageTypeOf(head) === null) return { status: 'failed', error: IMAGE_MESSAGES.notAnImage };
  return null;
}

/**
 * A product's photos: dropped anywhere on the editor or picked (several at once), each uploaded on
 * its own with a progress bar (cancelled if the editor goes away first); then ordered (drag, or the
 * move buttons), one chosen as main (the first), alt texts edited, removed after a confirmation.
 * Before the product exists (`productId` null) picked files wait and are uploaded as soon as it is
 * saved.
 */
export function ProductImagesEditor({
  productId,
  productName,
  images,
}: {
  productId: string | null;
  productName: string;
  images: AdminImage[];
}) {
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [dragging, setDragging] = useState(false);
  const inputId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  async function addFiles(files: FileList | File[]) {
    const added: Upload[] = await Promise.all(
      [...files].map(async (file) => ({
        key: `upload-${++uploadCounter}`,
        file,
        progress: 0,
        // Checked here, as soon as a file is chosen, so a wrong one is refused before anything is
        // saved; the server checks every file again by decoding it.
        ...((await refusal(file)) ?? { status: 'waiting' as const }),
      })),
    );
    setUploads((current) => [...current, ...added]);
  }

  const update = (key: string, patch: Partial<Upload>) =>
    setUploads((current) => current.map((upload) => (upload.key === key ? { ...upload, ...patch } : upload)));

  // Files dropped anywhere on the editor are taken (on the photo list too): a drop the page does
  // not take makes the browser open the file in place of the shop, losing the form.
  const takesFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dropping is a convenience; the labelled button picks the same files from the keyboard
    <div
      className="space-y-4"
      onDragOver={(event) => {
        if (!takesFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
        setDragging(true);
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={(event) => {
        if (!takesFiles(event)) return;
        event.preventDefault();
        setDragging(false);
        if (event.dataTransfer.files.length > 0) void addFiles(event.dataTransfer.files);
      }}
    >
      <div
        className={`flex flex-col items-center gap-2 rounded-lg border-2 border-dashed p-5 text-center ${
          dragging ? 'border-neutral-900 bg-neutral-100' : 'border-neutral-300 bg-white'
        }`}
      >
        <p className="text-sm font-semibold">Drop photos here</p>
        <p className="text-xs text-neutral-500">or</p>
        <label htmlFor={inputId} className="sr-only">
          Choose photos
        </label>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          multiple
          accept={IMAGE_ACCEPT}
          aria-describedby={hintId}
          className="sr-only"
          onChange={(event) => {
            // The list is copied before the input is emptied (which empties its FileList).
            if (event.target.files) void addFiles([...event.target.files]);
            event.target.value = '';
          }}
        />
        <Button variant="secondary" size="sm" onClick={() => inputRef.current?.click()}>
          Choose photos
        </Button>
        <p id={hintId} className="text-xs text-neutral-500">
          {IMAGE_MESSAGES.hint}
        </p>
      </div>

      {uploads.length > 0 ? (
        <ul className="space-y-2" aria-label="Uploads">
          {uploads.map((upload) => (
            <UploadRow
              key={upload.key}
              upload={upload}
              productId={productId}
              onProgress={(progress) => update(upload.key, { progress, status: 'uploading' })}
              onFailed={(error) => update(upload.key, { status: 'failed', error })}
              onDone={() => setUploads((current) => current.filter((item) => item.key !== upload.key))}
              onDismiss={() => setUploads((current) => current.filter((item) => item.key !== upload.key))}
            />
          ))}
        </ul>
      ) : null}

      {productId ? (
        <ImageList productId={productId} productName={productName} images={images} />
      ) : uploads.length > 0 ? (
        <p className="text-sm text-neutral-600">These photos are uploaded when the product is saved.</p>
      ) : null}
    </div>
  );
}

/** One file on its way: starts once the product exists, reports progress, then leaves the list. */
function UploadRow({
  upload,
  productId,
  onProgress,
  onFailed,
  onDone,
  onDismiss,
}: {
  upload: Upload;
  productId: string | null;
  onProgress: (fraction: number) => void;
  onFailed: (message: string) => void;
  onDone: () => void;
  onDismiss: () => void;
}) {
  const setImages = useSetProductImages(productId ?? '');
  const callbacks = useRef({ onProgress, onFailed, onDone, setImages });
  callbacks.current = { onProgress, onFailed, onDone, setImages };
  const finished = useRef(false);
  const failed = upload.status === 'failed';

  // Starts once the product exists; leaving (the dialog closed) cancels the request, so a closed
  // dialog leaves nothing uploading behind it.
  useEffect(() => {
    if (!productId || failed || finished.current) return;
    const controller = new AbortController();
    callbacks.current.onProgress(0);
    uploadProductImage(
      productId,
      upload.file,
      (fraction) => callbacks.current.onProgress(fraction),
      controller.signal,
    )
      .then(async () => {
        finished.current = true;
        // The full list, in the server's order, replaces the cached one.
        const response = await fetch(`/api/admin/products/${productId}`, {
          credentials: 'same-origin',
          signal: controller.signal,
        });
        if (response.ok) {
          const body = (await response.json()) as { product: { images: AdminImage[] } };
          await callbacks.current.setImages(body.product.images);
        }
        callbacks.current.onDone();
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        finished.current = true;
        callbacks.current.onFailed(errorMessage(error, 'The upload failed. Please try again.'));
      });
    return () => controller.abort();
  }, [productId, upload.file, failed]);

  const percent = Math.round(upload.progress * 100);
  return (
    <li className="rounded border border-neutral-200 bg-white p-3">
      <div className="flex items-center justify-between gap-2">
        <span className="min-w-0 truncate text-sm font-semibold">{upload.file.name}</span>
        {upload.status === 'failed' ? (
          <Button variant="ghost" size="sm" onClick={onDismiss} aria-label={`Dismiss ${upload.file.name}`}>
            Dismiss
          </Button>
        ) : (
          <span className="shrink-0 text-xs text-neutral-600 tabular-nums">
            {upload.status === 'waiting' ? 'Waiting' : `${percent}%`}
          </span>
        )}
      </div>
      {upload.status === 'failed' ? (
        <p role="alert" className="mt-1 text-sm font-semibold text-red-700">
          {upload.error}
        </p>
      ) : (
        <div
          role="progressbar"
          aria-label={`Uploading ${upload.file.name}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={upload.status === 'waiting' ? 0 : percent}
          className="mt-2 h-2 w-full overflow-hidden rounded-full bg-neutral-200"
        >
          <div
            className="h-full rounded-full bg-neutral-900 transition-[width] duration-150 motion-reduce:transition-none"
            style={{ width: `${upload.status === 'waiting' ? 0 : percent}%` }}
          />
        </div>
      )}
    </li>
  );
}

/** The stored photos in order; the first is the main image. */
function ImageList({
  productId,
  productName,
  images,
}: {
  productId: string;
  productName: string;
  images: AdminImage[];
}) {
  const arrange = useArrangeImages(productId);
  const remove = useRemoveImage(productId);
  const [dragged, setDragged] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<{ image: AdminImage; position: number } | null>(null);

  if (images.length === 0) return <p className="text-sm text-neutral-600">No photos yet.</p>;

  function save(order: AdminImage[]) {
    arrange.mutate(
      { images: order.map((image) => ({ id: image.id, altText: image.altText })) },
      {
        onError: (error) => toast.error('Failed to save the photos', errorMessage(error, 'Please try again')),
      },
    );
  }

  function move(from: number, to: number) {
    if (to < 0 || to >= images.length || from === to) return;
    const order = [...images];
    const [item] = order.splice(from, 1);
    if (item) order.splice(to, 0, item);
    save(order);
  }

  return (
    <>
      <ol className="space-y-3" aria-label="Photos, the first is the main image">
        {images.map((image, index) => (
          <li
            key={image.id}
            draggable
            onDragStart={(event) => {
              setDragged(image.id);
              event.dataTransfer.effectAllowed = 'move';
            }}
            onDragOver={(event) => {
              if (dragged) event.preventDefault();
            }}
            onDrop={(event) => {
              // Files dropped here are the editor's (it takes them); this is a photo being moved.
              if (!dragged) return;
              event.preventDefault();
              event.stopPropagation();
              const from = images.findIndex((item) => item.id === dragged);
              setDragged(null);
              if (from !== -1) move(from, index);
            }}
            onDragEnd={() => setDragged(null)}
            className={`grid grid-cols-[4.5rem_minmax(0,1fr)] gap-3 rounded border bg-white p-3 ${
              dragged === image.id ? 'border-neutral-900 opacity-60' : 'border-neutral-200'
            }`}
          >
            <div className="relative h-18 w-18 overflow-hidden rounded bg-neutral-100">
              <ProductThumbnail imageId={image.id} sizes="72px" />
              {index === 0 ? (
                <span className="absolute left-1 top-1 rounded bg-neutral-900 px-1.5 py-0.5 text-[10px] font-bold uppercase text-white">
                  Main
                </span>
              ) : null}
            </div>
            <div className="min-w-0 space-y-2">
              <AltTextField
                image={image}
                index={index}
                productName={productName}
                onSave={(altText) =>
                  save(images.map((item) => (item.id === image.id ? { ...item, altText } : item)))
                }
              />
              <div className="flex flex-wrap gap-1">
                {index > 0 ? (
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => move(index, 0)}
                    disabled={arrange.isPending}
                  >
                    Make main<span className="sr-only"> image: photo {index + 1}</span>
                  </Button>
                ) : null}
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => move(index, index - 1)}
                  disabled={index === 0 || arrange.isPending}
                  aria-label={`Move photo ${index + 1} up`}
                >
                  ↑
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => move(index, index + 1)}
                  disabled={index === images.length - 1 || arrange.isPending}
                  aria-label={`Move photo ${index + 1} down`}
                >
                  ↓
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  className="text-red-700"
                  busy={remove.isPending && remove.variables === image.id}
                  onClick={() => setDeleting({ image, position: index + 1 })}
                  aria-label={`Delete photo ${index + 1}`}
                >
                  Delete
                </Button>
              </div>
            </div>
          </li>
        ))}
      </ol>
      {deleting ? (
        <ConfirmDialog
          open
          title="Delete this photo?"
          message={`Photo ${deleting.position}${deleting.position === 1 ? ', the main image,' : ''} is removed from the product and the shop for good.`}
          confirmLabel="Delete photo"
          busyLabel="Deleting..."
          busy={remove.isPending}
          onCancel={() => setDeleting(null)}
          onConfirm={() =>
            remove.mutate(deleting.image.id, {
              onSuccess: () => setDeleting(null),
              onError: (error) => {
                setDeleting(null);
                toast.error('Failed to delete the photo', errorMessage(error, 'Please try again'));
              },
            })
          }
        />
      ) : null}
    </>
  );
}

function AltTextField({
  image,
  index,
  productName,
  onSave,
}: {
  image: AdminImage;
  index: number;
  productName: string;
  onSave: (altText: string) => void;
}) {
  const [value, setValue] = useState(image.altText);
  const id = useId();
  useEffect(() => setValue(image.altText), [image.altText]);
  return (
    <div>
      <label htmlFor={id} className="text-xs font-semibold text-neutral-700">
        Alt text, photo {index + 1}
      </label>
      <input
        id={id}
        value={value}
        placeholder={productName}
        maxLength={200}
        onChange={(event) => setValue(event.target.value)}
        onBlur={() => {
          if (value.trim() !== image.altText) onSave(value.trim());
        }}
        className={`${inputClass} mt-0.5 py-1.5 text-sm`}
      />
    </div>
  );
}
