// Chromium as this project runs it (the browser tests, Lighthouse, the slow-phone benchmark):
// headless as root, nothing in the background that would compete with what is measured.
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
