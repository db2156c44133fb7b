// The shop on a mid-range phone on a slow mobile network, in a real browser: how long until the
// script takes over a page (React has hydrated it: `data-hydrated` on <html>, src/web/app.tsx).
// Lighthouse's simulated figures (lighthouse.mjs) cannot tell that: its model replays the page's
// requests and tasks, not the page's own code. Here the network and the CPU are slowed for real
// through the DevTools protocol, on Lighthouse's mobile screen.
import { chromium } from '@playwright/test';
import { CHROMIUM_FLAGS } from '../chromium-flags.mjs';

/**
 * Lighthouse's "slow 4G" mobile profile as the shop's goals state it: 150 ms round trip, 1.6 Mbit/s
 * down, 750 kbit/s up, 4× CPU slowdown. The browser applies the latency once per request.
 */
export const SLOW_4G = {
  name: '150 ms latency per request, 1.6 Mbit/s down, 4× CPU',
  latencyMs: 150,
  downloadBytesPerSecond: (1.6 * 1024 * 1024) / 8,
  uploadBytesPerSecond: (750 * 1024) / 8,
  cpuSlowdown: 4,
};

/**
 * The same profile as Lighthouse itself applies it to a real browser (its `devtools` throttling):
 * since the browser delays each request rather than each packet, Lighthouse makes the latency 3.75
 * round trips (DNS, TCP, the request, slow start) and the throughput 90 % of the link's. Harsher
 * than a phone on warm connections: every request pays for a new one.
 */
export const SLOW_4G_PER_REQUEST = {
  name: '562.5 ms latency per request (Lighthouse: 3.75 round trips), 1.44 Mbit/s down, 4× CPU',
  latencyMs: 150 * 3.75,
  downloadBytesPerSecond: (1.6 * 1024 * 1024 * 0.9) / 8,
  uploadBytesPerSecond: (750 * 1024 * 0.9) / 8,
  cpuSlowdown: 4,
};

/** Lighthouse's mobile screen (a Moto G Power). */
const PHONE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36',
};

/** Runs in the page before its own code: notes when <html> gets `data-hydrated`. */
function watchTakeover() {
  const note = () => {
    if (document.documentElement.dataset.hydrated && window.__takeoverMs === undefined) {
      window.__takeoverMs = performance.now();
    }
  };
  // <html> may not exist yet when this runs: watch the whole document.
  new MutationObserver(note).observe(document, {
    attributes: true,
    subtree: true,
    attributeFilter: ['data-hydrated'],
  });
  window.__lcpMs = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__lcpMs = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
}

/**
 * Opens `url` `runs` times, each in a fresh browser context (empty cache, as a first visit), on
 * the throttled profile. Each run: when the script took over, when the page's largest paint
 * happened (the browser's own LCP), when the last script that arrived before it took over had
 * arrived, and how many bytes of script had arrived by then.
 */
export async function measureTakeover(url, { runs = 5, profile = SLOW_4G, executablePath } = {}) {
  const browser = await chromium.launch({
    executablePath: executablePath ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_FLAGS,
  });
  const results = [];
  try {
    for (let i = 0; i < runs; i += 1) {
      const context = await browser.newContext(PHONE);
      try {
        const page = await context.newPage();
        await page.addInitScript(watchTakeover);
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: profile.latencyMs,
          downloadThroughput: profile.downloadBytesPerSecond,
          uploadThroughput: profile.uploadBytesPerSecond,
        });
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuSlowdown });
        await page.goto(url, { waitUntil: 'commit' });
        await page.waitForFunction(() => window.__takeoverMs !== undefined, undefined, {
          timeout: 60_000,
          polling: 100,
        });
        const figures = await page.evaluate(() => {
          const takeover = window.__takeoverMs;
          const scripts = performance
            .getEntriesByType('resource')
            .filter((entry) => entry.name.endsWith('.js') && entry.responseEnd <= takeover);
          return {
            takeoverMs: Math.round(takeover),
            lcpMs: Math.round(window.__lcpMs),
            scriptsArrivedMs: Math.round(Math.max(0, ...scripts.map((entry) => entry.responseEnd))),
            scriptBytes: scripts.reduce((sum, entry) => sum + entry.encodedBodySize, 0),
          };
        });
        results.push(figures);
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  return results;
}

// `node scripts/bench/slow-phone.mjs URL [runs]` measures one page of a shop already running.
if (import.meta.url === `file://${process.argv[1]}`) {
  const [url, runs] = process.argv.slice(2);
  if (!url) throw new Error('usage: node scripts/bench/slow-phone.mjs URL [runs]');
  for (const profile of [SLOW_4G, SLOW_4G_PER_REQUEST]) {
    console.log(profile.name);
    for (const run of await measureTakeover(url, { runs: Number(runs ?? 3), profile })) {
      console.log(JSON.stringify(run));
    }
  }
}
