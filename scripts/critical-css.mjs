// Compiles the shop's stylesheet for beasties at build time (vite.config.ts writes the result to
// <buildDir>/critical-css.json). The server then picks, for each page it renders, the rules that
// page's markup uses (src/server/web.ts), and inlines only those.
import { compileSheet, encodePlan } from 'beasties/compiler';

/** The end of a `:where(` … `)` group starting at `open` (the index of its parenthesis). */
function closing(text, open) {
  let depth = 0;
  for (let i = open; i < text.length; i += 1) {
    if (text[i] === '(') depth += 1;
    else if (text[i] === ')') {
      depth -= 1;
      if (depth === 0) return i;
    }
  }
  return -1;
}

/** `:where(X)` → `X`, wherever it occurs in a selector. */
function unwrapWhere(selector) {
  let out = selector;
  for (let at = out.indexOf(':where('); at !== -1; at = out.indexOf(':where(')) {
    const end = closing(out, at + ':where'.length);
    if (end === -1) return selector;
    out = out.slice(0, at) + out.slice(at + ':where('.length, end) + out.slice(end + 1);
  }
  return out;
}

/**
 * Tailwind writes its sibling spacing and dividers as `:where(.space-y-2>:not(:last-child))`.
 * beasties strips pseudo-classes with what is inside them before matching, so it would never see
 * `.space-y-2` there and would leave the rule out. The stylesheet is compiled with those selectors
 * unwrapped (matched on `.space-y-2>*`), then the compiled rules get their own selectors back, so
 * the page keeps `:where`'s zero specificity.
 */
function compileWithWhere(css, href) {
  const original = new Map();
  // Minified CSS: a rule's selectors run from the previous `{`, `}` or `;` to its `{`.
  const unwrapped = css.replace(/(^|[{};])([^{};]*:where\([^{};]*)\{/g, (_match, before, prelude) => {
    const selectors = prelude.split(/,(?![^(]*\))/).map((selector) => {
      const plain = unwrapWhere(selector.trim());
      if (plain !== selector.trim()) original.set(plain, selector.trim());
      return plain;
    });
    return `${before}${selectors.join(',')}{`;
  });
  const sheet = compileSheet(unwrapped, { href });
  for (const rule of sheet.rules) {
    if (rule.selectors) rule.selectors = rule.selectors.map((selector) => original.get(selector) ?? selector);
    if (rule.css) {
      for (const [plain, selector] of original) rule.css = rule.css.replaceAll(`${plain}{`, `${selector}{`);
    }
  }
  return sheet;
}

/**
 * The compiled plan of one stylesheet (`href`: its path as the page links it). Throws on a rule
 * beasties cannot read, rather than leave it out of every page silently.
 */
export function criticalCssPlan(css, href) {
  const sheet = compileWithWhere(css, href);
  if (sheet.warnings.length > 0) throw new Error(`${href}: ${sheet.warnings.join('; ')}`);
  // beasties ends every at-rule without nested rules with a semicolon, blocks too: after
  // `@property --tw-scale-y{…}` the stray `;` would make the browser drop the next rule, and
  // Tailwind's borders, transforms and shadows need each of its @property rules.
  for (const rule of sheet.rules) {
    if (rule.css?.startsWith('@') && rule.css.endsWith('};')) rule.css = rule.css.slice(0, -1);
  }
  return encodePlan(sheet);
}
