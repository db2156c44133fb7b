import { describe, expect, it } from 'vitest';
import { imageTypeOf } from './images';

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(
    parts.flatMap((part) => (typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part)),
  );

describe('imageTypeOf', () => {
  it('knows each accepted type by its signature', () => {
    expect(imageTypeOf(bytes([0xff, 0xd8, 0xff, 0xe0], [0, 16]))).toBe('image/jpeg');
    expect(imageTypeOf(bytes([0x89], 'PNG\r\n\x1a\n', [0, 0, 0, 13]))).toBe('image/png');
    expect(imageTypeOf(bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '))).toBe('image/webp');
    expect(imageTypeOf(bytes([0, 0, 0, 28], 'ftypavif', [0, 0, 0, 0]))).toBe('image/avif');
    expect(imageTypeOf(bytes([0, 0, 0, 28], 'ftypavis', [0, 0, 0, 0]))).toBe('image/avif');
  });

  it('refuses anything else: text, a GIF, a HEIC photo, a PDF, an empty file', () => {
    expect(imageTypeOf(bytes('shopping list: rice'))).toBeNull();
    expect(imageTypeOf(bytes('GIF89a', [1, 0, 1, 0]))).toBeNull();
    expect(imageTypeOf(bytes([0, 0, 0, 24], 'ftypheic', [0, 0, 0, 0]))).toBeNull();
    expect(imageTypeOf(bytes('%PDF-1.7'))).toBeNull();
    expect(imageTypeOf(new Uint8Array())).toBeNull();
    // A signature cut short is not one.
    expect(imageTypeOf(bytes([0x89], 'PNG'))).toBeNull();
  });
});
