/**
 * Browser APIs happy-dom lacks, filled in for component tests (import this file first): a 2D canvas
 * that draws nothing but answers as a real one does, and Path2D. The app's own modules run as they
 * are on top of them (e.g. the Dashboard's uPlot sales chart).
 */

const NUMBERS = { lineWidth: 1, globalAlpha: 1, miterLimit: 10, lineDashOffset: 0 };
const STRINGS = {
  font: '10px sans-serif',
  fillStyle: '#000000',
  strokeStyle: '#000000',
  textAlign: 'start',
  textBaseline: 'alphabetic',
  lineJoin: 'miter',
  lineCap: 'butt',
  direction: 'ltr',
  globalCompositeOperation: 'source-over',
};

/** A 2D context: its state is kept, its drawing calls do nothing, its measures are plausible. */
function fakeContext2d(canvas: HTMLCanvasElement): CanvasRenderingContext2D {
  let lineDash: number[] = [];
  const state: Record<string | symbol, unknown> = {
    ...NUMBERS,
    ...STRINGS,
    canvas,
    setLineDash: (segments: number[]) => {
      lineDash = [...segments];
    },
    getLineDash: () => [...lineDash],
    measureText: (text: string) => ({
      width: text.length * 6,
      actualBoundingBoxAscent: 8,
      actualBoundingBoxDescent: 2,
      actualBoundingBoxLeft: 0,
      actualBoundingBoxRight: text.length * 6,
      fontBoundingBoxAscent: 8,
      fontBoundingBoxDescent: 2,
    }),
    createLinearGradient: () => ({ addColorStop: () => {} }),
    createRadialGradient: () => ({ addColorStop: () => {} }),
    createPattern: () => null,
    isPointInPath: () => false,
    isPointInStroke: () => false,
    getImageData: (_x: number, _y: number, width: number, height: number) => ({
      width,
      height,
      data: new Uint8ClampedArray(width * height * 4),
    }),
  };
  const noop = () => {};
  return new Proxy(state, {
    // Any other method (clearRect, fillRect, beginPath, stroke, fillText, save, restore, clip…) draws nothing.
    get: (target, key) => (key in target ? target[key] : typeof key === 'string' ? noop : undefined),
    set: (target, key, value) => {
      target[key] = value;
      return true;
    },
  }) as unknown as CanvasRenderingContext2D;
}

class FakePath2D {
  addPath() {}
  closePath() {}
  moveTo() {}
  lineTo() {}
  bezierCurveTo() {}
  quadraticCurveTo() {}
  arc() {}
  arcTo() {}
  ellipse() {}
  rect() {}
  roundRect() {}
}

if (typeof window !== 'undefined') {
  const contexts = new WeakMap<HTMLCanvasElement, CanvasRenderingContext2D>();
  const original = HTMLCanvasElement.prototype.getContext;
  HTMLCanvasElement.prototype.getContext = function getContext(
    this: HTMLCanvasElement,
    kind: string,
    ...rest: unknown[]
  ) {
    const real = (original as (...args: unknown[]) => unknown).call(this, kind, ...rest);
    if (real || kind !== '2d') return real;
    let context = contexts.get(this);
    if (!context) {
      context = fakeContext2d(this);
      contexts.set(this, context);
    }
    return context;
  } as typeof HTMLCanvasElement.prototype.getContext;
  if (typeof globalThis.Path2D === 'undefined') {
    globalThis.Path2D = FakePath2D as unknown as typeof Path2D;
  }
}
