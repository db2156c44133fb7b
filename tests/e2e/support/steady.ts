import { isDeepStrictEqual } from 'node:util';

/**
 * For a page that shows a shop-wide figure the tests running beside this one change (products
 * they create, customers who sign up): reads the figure from the API, runs `check` (which opens
 * the page and compares it with the figure), and on a failure reads the figure again. A check that
 * failed while the figure moved under it runs again, at most `attempts` times in all; one that
 * failed while the figure stood still fails the test, with its own error.
 */
export async function checkWhileSteady<T>(
  read: () => Promise<T>,
  check: (figure: T) => Promise<void>,
  attempts = 3,
): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    const before = await read();
    try {
      await check(before);
      return;
    } catch (error) {
      const after = await read();
      if (attempt >= attempts || isDeepStrictEqual(after, before)) throw error;
    }
  }
}
