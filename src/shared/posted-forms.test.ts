import { describe, expect, it } from 'vitest';
import { decodePostedAnswer, encodePostedAnswer, type PostedAnswer } from './posted-forms';

describe('the answer to a form posted before the page script ran', () => {
  it('reads back what the server wrote', () => {
    const answers: PostedAnswer[] = [
      { kind: 'cart-added' },
      { kind: 'signed-out' },
      { kind: 'refused', form: 'checkout', message: 'Sorry, Eko Tee (M, Black) is sold out.' },
      {
        kind: 'guest-line',
        line: { productId: 'p1', variantId: 'v1', gender: 'women', quantity: 1 },
      },
    ];
    for (const answer of answers) expect(decodePostedAnswer(encodePostedAnswer(answer))).toEqual(answer);
  });

  it('reads nothing from a cookie it did not write', () => {
    for (const raw of [
      undefined,
      '',
      '%7B',
      encodeURIComponent(JSON.stringify({ kind: 'refused', form: 'admin', message: 'x' })),
      encodeURIComponent(JSON.stringify({ kind: 'refused', form: 'cart', message: 'x'.repeat(501) })),
      encodeURIComponent(
        JSON.stringify({
          kind: 'guest-line',
          line: { productId: 'p', variantId: 'v', gender: 'kids', quantity: 1 },
        }),
      ),
      encodeURIComponent(
        JSON.stringify({
          kind: 'guest-line',
          line: { productId: 'p', variantId: 'v', gender: 'men', quantity: 0 },
        }),
      ),
      encodeURIComponent(JSON.stringify({ kind: 'run', code: 'alert(1)' })),
    ]) {
      expect(decodePostedAnswer(raw), String(raw)).toBeNull();
    }
  });
});
