/**
 * Product image upload rules, shared by the server (which enforces them) and the admin form
 * (which can check a file before sending it and shows the same messages).
 */
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/** What the upload accepts, judged by the file's content (never its name or declared type). */
export const IMAGE_ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;
/** The largest image accepted, in pixels (a decompression bomb claims far more). */
export const IMAGE_MAX_PIXELS = 8000 * 8000;
/** For `<input type="file" accept=…>`. */
export const IMAGE_ACCEPT = IMAGE_ACCEPTED_TYPES.join(',');

/** The files served for each product image under /images/products/{imageId}/{variant}.webp. */
export const IMAGE_VARIANTS = ['400', '800', '1200', 'preview'] as const;
export type ImageVariant = (typeof IMAGE_VARIANTS)[number];

export const IMAGE_MESSAGES = {
  tooLarge: 'This image is larger than 2 MB. Please choose an image of at most 2 MB.',
  notAnImage: 'This file is not a supported image. Please choose a JPEG, PNG, WebP or AVIF image.',
  unreadable: 'This image could not be read. It may be damaged; please try another file.',
  tooManyPixels: 'This image has too many pixels. Please choose an image of at most 8000 x 8000 pixels.',
  /** The hint under the upload area (the spec's, with the limit that is now enforced). */
  hint: 'JPEG, PNG, WebP or AVIF; recommended 800x800px and max 2MB per image',
} as const;

const startsWith = (bytes: Uint8Array, at: number, ascii: string) =>
  [...ascii].every((char, index) => bytes[at + index] === char.charCodeAt(0));

/**
 * The accepted type a file's first bytes announce (its signature), or null: lets the admin form
 * refuse a file that is not an image the moment it is chosen, whatever its name says. The server
 * still decodes every upload; a signature is not proof that the rest of the file is readable.
 */
export function imageTypeOf(head: Uint8Array): (typeof IMAGE_ACCEPTED_TYPES)[number] | null {
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (head[0] === 0x89 && startsWith(head, 1, 'PNG\r\n\x1a\n')) return 'image/png';
  if (startsWith(head, 0, 'RIFF') && startsWith(head, 8, 'WEBP')) return 'image/webp';
  if (startsWith(head, 4, 'ftyp') && (startsWith(head, 8, 'avif') || startsWith(head, 8, 'avis')))
    return 'image/avif';
  return null;
}
