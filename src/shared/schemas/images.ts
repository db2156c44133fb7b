/**
 * Product image upload rules, shared by the server (which enforces them) and the admin form
 * (which can check a file before sending it and shows the same messages).
 */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** What the admin hint recommends; larger files up to IMAGE_MAX_BYTES are still accepted. */
export const IMAGE_RECOMMENDED_BYTES = 2 * 1024 * 1024;
export const IMAGE_ACCEPTED_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/avif',
  'image/gif',
  'image/svg+xml',
] as const;
/** For `<input type="file" accept=…>`. */
export const IMAGE_ACCEPT = IMAGE_ACCEPTED_TYPES.join(',');

/** The files served for each product image under /images/products/{imageId}/{variant}.webp. */
export const IMAGE_VARIANTS = ['400', '800', '1200', 'preview'] as const;
export type ImageVariant = (typeof IMAGE_VARIANTS)[number];

export const IMAGE_MESSAGES = {
  tooLarge:
    'This image is larger than 5 MB. Please choose an image of at most 5 MB (2 MB or less is recommended).',
  notAnImage: 'This file is not a supported image. Please choose a JPEG, PNG, WebP, AVIF, GIF or SVG image.',
  unreadable: 'This image could not be read. It may be damaged; please try another file.',
  tooManyPixels: 'This image has too many pixels. Please choose an image of at most 8000 x 8000 pixels.',
} as const;
