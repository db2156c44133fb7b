import { describe, expect, it } from 'vitest';
import { readAgain } from './read-again';

/** A read the test finishes by hand, answering with whatever the "server" holds when it started. */
function server() {
  let version = 0;
  const started: { saw: number; finish: () => void }[] = [];
  const shown: number[] = [];
  let running = 0;
  let most = 0;
  const read = () =>
    new Promise<void>((resolve) => {
      running += 1;
      most = Math.max(most, running);
      const saw = version;
      started.push({
        saw,
        finish: () => {
          running -= 1;
          shown.push(saw);
          resolve();
        },
      });
    });
  const nth = (index: number) => {
    const read = started[index];
    if (!read) throw new Error(`read ${index + 1} has not started`);
    return read;
  };
  return {
    read,
    finish: (index: number) => nth(index).finish(),
    saw: (index: number) => nth(index).saw,
    change: () => {
      version += 1;
    },
    started,
    shown,
    mostAtOnce: () => most,
  };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('readAgain', () => {
  it('reads once when nothing else is under way', async () => {
    const s = server();
    const ask = readAgain(s.read);
    const done = ask();
    expect(s.started).toHaveLength(1);
    s.finish(0);
    await done;
    expect(s.shown).toEqual([0]);
  });

  it('a change announced during a read is read after it, never lost, never overlapping', async () => {
    const s = server();
    const ask = readAgain(s.read);
    const first = ask();
    // The change commits while the first read is on its way with the old answer.
    s.change();
    const second = ask();
    expect(s.started).toHaveLength(1);
    s.finish(0);
    await settled();
    expect(s.started).toHaveLength(2);
    expect(s.saw(1)).toBe(1);
    s.finish(1);
    await Promise.all([first, second]);
    // The newest answer is the one left on screen.
    expect(s.shown).toEqual([0, 1]);
    expect(s.mostAtOnce()).toBe(1);
  });

  it('many asks during one read share one more read', async () => {
    const s = server();
    const ask = readAgain(s.read);
    const asks = [ask()];
    for (let i = 0; i < 5; i += 1) {
      s.change();
      asks.push(ask());
    }
    s.finish(0);
    await settled();
    expect(s.started).toHaveLength(2);
    s.finish(1);
    await Promise.all(asks);
    expect(s.shown).toEqual([0, 5]);
  });

  it('starts afresh after a read ended', async () => {
    const s = server();
    const ask = readAgain(s.read);
    const first = ask();
    s.finish(0);
    await first;
    s.change();
    const next = ask();
    expect(s.started).toHaveLength(2);
    s.finish(1);
    await next;
    expect(s.shown).toEqual([0, 1]);
  });

  it('a read that fails ends the run; the next ask reads again', async () => {
    let calls = 0;
    const ask = readAgain(async () => {
      calls += 1;
      if (calls === 1) throw new Error('offline');
    });
    await expect(ask()).rejects.toThrow('offline');
    await ask();
    expect(calls).toBe(2);
  });

  it('a read that fails while asked again still reads again', async () => {
    let calls = 0;
    let fail: (error: Error) => void = () => {};
    const ask = readAgain(() => {
      calls += 1;
      return calls === 1 ? new Promise<void>((_, reject) => (fail = reject)) : Promise.resolve();
    });
    const first = ask();
    const second = ask();
    fail(new Error('offline'));
    await Promise.all([first, second]);
    expect(calls).toBe(2);
  });
});
