import sharp, { type CreateRaw, type Metadata, type OutputInfo, type Sharp } from 'sharp';
import { IMAGE_MAX_BYTES, IMAGE_MAX_PIXELS, IMAGE_MESSAGES, type ImageVariant } from '#shared/schemas/images';
import { AppError } from '../../platform/errors';

/**
 * Turns an uploaded image into the files the shop keeps: square WebP renditions at 400, 800 and
 * 1200 px (quality 80, cover, centred) and a small blurred preview (100 px, quality 30), the
 * spec's responsive widths, derived from the source decoded, oriented and squared once; and the
 * original, re-encoded: upright, the whole frame, at most 2400 px on its long side (WebP, quality
 * 90), from which any catalogue size can be drawn again. Nothing is ever kept as uploaded: every
 * file is encoded here, and sharp writes no metadata (EXIF with its GPS position, XMP, IPTC, ICC).
 */

const MAX_SIDE = 1200;
const WIDTHS = [400, 800, 1200] as const;
const PREVIEW_SIDE = 100;
const QUALITY = 80;
const PREVIEW_QUALITY = 30;
const ORIGINAL_SIDE = 2400;
const ORIGINAL_QUALITY = 90;
// Decompression bombs: a 5 MB PNG can still claim billions of pixels.
const MAX_PIXELS = IMAGE_MAX_PIXELS;

type SourceFormat = 'jpeg' | 'png' | 'webp' | 'avif' | 'gif' | 'svg';
export type RenderedFile = { variant: ImageVariant; data: Buffer; width: number; height: number };

export type RenderedImage = {
  /** What the upload was. */
  format: SourceFormat;
  /** The upload's size once oriented (for SVG, its nominal size). */
  width: number;
  height: number;
  /** The original to store (`original.webp`): re-encoded, without metadata; null when not asked for. */
  original: { data: Buffer; width: number; height: number } | null;
  /** In the order 400, 800, 1200, preview. */
  files: RenderedFile[];
};

const invalidImage = (message: string = IMAGE_MESSAGES.notAnImage) =>
  new AppError('invalid_image', 400, message);

function sourceFormat(meta: Metadata): SourceFormat | null {
  switch (meta.format) {
    case 'jpeg':
    case 'png':
    case 'webp':
    case 'gif':
    case 'svg':
      return meta.format;
    // libheif reads both AVIF and HEIC; only AVIF is a web format.
    case 'heif':
      return meta.compression === 'av1' ? 'avif' : null;
    default:
      return null;
  }
}

/** Throws AppError `image_too_large` (413) or `invalid_image` (400) with a message for the admin. */
export async function renderProductImage(
  input: Buffer,
  options: {
    effort?: number;
    /**
     * Also read GIF and SVG: only for pictures the shop draws itself (the demo catalogue). An
     * upload is a photo: JPEG, PNG, WebP or AVIF, whatever its name says; an SVG may carry script.
     */
    allowDrawings?: boolean;
    /** False: only the renditions (drawing them again from an original already kept). */
    original?: boolean;
  } = {},
): Promise<RenderedImage> {
  if (input.byteLength > IMAGE_MAX_BYTES) {
    throw new AppError('image_too_large', 413, IMAGE_MESSAGES.tooLarge, { maxBytes: IMAGE_MAX_BYTES });
  }
  if (input.byteLength === 0) throw invalidImage();

  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: MAX_PIXELS }).metadata();
  } catch (error) {
    // sharp reads only the header here; a bomb's claimed size is refused before any decoding.
    const message = error instanceof Error ? error.message : '';
    throw invalidImage(
      /pixel limit/i.test(message) ? IMAGE_MESSAGES.tooManyPixels : IMAGE_MESSAGES.notAnImage,
    );
  }
  const format = sourceFormat(meta);
  if (!format || !meta.width || !meta.height) throw invalidImage();
  if ((format === 'svg' || format === 'gif') && !options.allowDrawings) throw invalidImage();
  const width = meta.autoOrient?.width ?? meta.width;
  const height = meta.autoOrient?.height ?? meta.height;

  // A vector has no pixel size to protect from upscaling: rasterise it so its short side is
  // 1200 px (without letting the long side explode), instead of blowing up a small bitmap.
  let density: number | undefined;
  if (format === 'svg') {
    const scale = Math.min(MAX_SIDE / Math.min(width, height), 8000 / Math.max(width, height));
    density = Math.min(Math.max((meta.density ?? 72) * scale, 1), 100_000);
  } else if (width * height > MAX_PIXELS) {
    throw invalidImage(IMAGE_MESSAGES.tooManyPixels);
  }

  let base: { data: Buffer; info: OutputInfo };
  try {
    base = await sharp(input, { density, limitInputPixels: MAX_PIXELS })
      .autoOrient()
      .resize(MAX_SIDE, MAX_SIDE, { fit: 'cover', position: 'centre', withoutEnlargement: true })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    throw invalidImage(
      /pixel limit/i.test(message) ? IMAGE_MESSAGES.tooManyPixels : IMAGE_MESSAGES.unreadable,
    );
  }

  // withoutEnlargement keeps a small original small but may leave it oblong: square it here.
  let { data, info } = base;
  if (info.width !== info.height) {
    const side = Math.min(info.width, info.height);
    ({ data, info } = await sharp(data, { raw: rawOf(info) })
      .resize(side, side, { fit: 'cover', position: 'centre' })
      .raw()
      .toBuffer({ resolveWithObject: true }));
  }
  // Most sources are opaque (every SVG and PNG export has an alpha channel): dropping an alpha
  // channel that is all 255 makes smaller files and faster encodes.
  if ((info.channels === 4 || info.channels === 2) && isOpaque(data, info.channels)) {
    ({ data, info } = await sharp(data, { raw: rawOf(info) })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true }));
  }
  const side = info.width;
  const fromBase = () => sharp(data, { raw: rawOf(info) });
  const effort = options.effort ?? 4;

  const encode = async (variant: ImageVariant, target: number, pipeline: Sharp) => {
    const size = Math.min(target, side);
    const output = await (size === side ? pipeline : pipeline.resize(size, size)).toBuffer({
      resolveWithObject: true,
    });
    return { variant, data: output.data, width: output.info.width, height: output.info.height };
  };

  const [original, ...files] = await Promise.all([
    options.original === false ? null : encodeOriginal(input, density, effort),
    ...WIDTHS.map((target) =>
      encode(String(target) as ImageVariant, target, fromBase().webp({ quality: QUALITY, effort })),
    ),
    encode(
      'preview',
      PREVIEW_SIDE,
      // sharp blurs after resizing, so the sigma is in preview pixels.
      fromBase().blur(1.5).webp({ quality: PREVIEW_QUALITY, effort }),
    ),
  ]);
  return {
    format,
    width,
    height,
    original: original as RenderedImage['original'],
    files: files as RenderedFile[],
  };
}

/**
 * The original to keep: decoded again (JPEG and WebP shrink while decoding, so this costs little),
 * upright, uncropped, scaled down to ORIGINAL_SIDE, in sRGB. sharp copies no metadata unless asked
 * (`keepMetadata`/`withMetadata`), so the camera's EXIF, its GPS position included, stays behind.
 */
async function encodeOriginal(input: Buffer, density: number | undefined, effort: number) {
  try {
    const { data, info } = await sharp(input, { density, limitInputPixels: MAX_PIXELS })
      .autoOrient()
      .resize(ORIGINAL_SIDE, ORIGINAL_SIDE, { fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .webp({ quality: ORIGINAL_QUALITY, effort })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    throw invalidImage(
      /pixel limit/i.test(message) ? IMAGE_MESSAGES.tooManyPixels : IMAGE_MESSAGES.unreadable,
    );
  }
}

function isOpaque(data: Buffer, channels: number): boolean {
  for (let i = channels - 1; i < data.length; i += channels) if (data[i] !== 255) return false;
  return true;
}

function rawOf(info: OutputInfo): CreateRaw {
  return { width: info.width, height: info.height, channels: info.channels as 1 | 2 | 3 | 4 };
}
