import { useRef, useState } from 'react';

/**
 * Reads that follow live changes, one at a time and none lost. Asked while a read is under way,
 * it reads once more when that read ends (every ask in between shares that one more read). So
 * answers are used in the order they were asked for, an older answer never replaces a newer one,
 * and the last answer used was read after the last ask: a change announced while a read was on
 * its way is always read.
 *
 * `read` handles its own errors (shows them or keeps what is on screen); the promise returned
 * settles when the read that covers this ask has ended.
 */
export function readAgain(read: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null;
  let again = false;
  const run = async () => {
    try {
      do {
        again = false;
        try {
          await read();
        } catch (error) {
          // Asked again meanwhile: that read still happens; otherwise the caller hears of it.
          if (!again) throw error;
        }
      } while (again);
    } finally {
      running = null;
    }
  };
  return () => {
    if (running) {
      again = true;
      return running;
    }
    running = run();
    return running;
  };
}

/** readAgain for a component: one queue for its life, always calling the latest `read`. */
export function useReadAgain(read: () => Promise<void>): () => Promise<void> {
  const latest = useRef(read);
  latest.current = read;
  const [ask] = useState(() => readAgain(() => latest.current()));
  return ask;
}
