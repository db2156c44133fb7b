import fc from 'fast-check';

/**
 * What an attacker types into a field: sizes, encodings and payloads that have broken shops
 * before. Each is valid JSON once serialised (JSON has no NaN or Infinity; they become null).
 */
export const HOSTILE_STRINGS = [
  '',
  ' ',
  '   \t\n  ',
  'a'.repeat(300),
  'x'.repeat(70_000),
  '\u0000',
  'Ada\u0000Obi',
  '\uD800',
  'lone \uDFFF surrogate',
  '\u202Eevil\u202C',
  '\u0007\u0008\u001B[31m',
  '😀'.repeat(400),
  'ẞ̸̡̛̙͎̩̟̭̟̙̻̬͓̬͓̣͍̫͓̳͔̗̲̪̝̳̦̭̪̯̥̱̓̐̍̅̅̃̏̀͛̎̇̃̆̆͋̕͜͠͠',
  "' OR '1'='1' --",
  "'; DROP TABLE orders; --",
  '1; SELECT pg_sleep(5)',
  '<script>window.__xss=1</script>',
  '"><img src=x onerror="window.__xss=1">',
  'javascript:alert(1)',
  '//evil.example/',
  '../../../etc/passwd',
  '%00',
  '%2e%2e%2f',
  '\r\nSet-Cookie: admin=1',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection payload, on purpose
  '{{7*7}}${7*7}',
  '__proto__',
  'null',
  'NaN',
  '-1',
  '1e309',
  '0x7fffffff',
  '2026-13-45',
  'not-a-uuid',
  '00000000-0000-0000-0000-000000000000',
];

export const HOSTILE_NUMBERS = [
  -1,
  0,
  -0.5,
  0.5,
  1.000001,
  2 ** 31,
  2 ** 53 + 2,
  -(2 ** 53),
  1e308,
  -1e308,
  Number.MIN_VALUE,
];

/** Any JSON value of another shape than the one asked for. */
export const otherShapes: fc.Arbitrary<unknown> = fc.constantFrom<unknown>(
  null,
  true,
  false,
  0,
  -1,
  'text',
  [],
  {},
  [1, 'two', null],
  { nested: { deeper: [{}] } },
);

export const hostileString = fc.constantFrom(...HOSTILE_STRINGS);
export const hostileNumber = fc.constantFrom(...HOSTILE_NUMBERS);
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(hostileString, hostileNumber, otherShapes);

/** Bodies that are not the JSON object a route reads. */
export const MALFORMED_BODIES = [
  '',
  '{',
  '{"a":',
  'nul',
  "{'single': 'quotes'}",
  '\u0000',
  '[]',
  '"just a string"',
  '12',
  `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
  '{"__proto__": {"isAdmin": true}, "constructor": {"prototype": {"role": "admin"}}}',
];

export const WRONG_CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
];
