import type { HeadTag, RouteModule } from './route-module';

const SITE = 'Naija Street';
const DEFAULT_DESCRIPTION =
  'Naija Street: streetwear from Lagos. Tees, hoodies, jackets and accessories, delivered across Nigeria.';

export function pageHead(
  module: RouteModule,
  data: unknown,
  params: Record<string, string | undefined>,
  url: URL,
  origin: string,
): HeadTag[] {
  const tags = module.head?.({ data, params, url, origin }) ?? [];
  const has = (test: (tag: HeadTag) => boolean) => tags.some(test);
  const defaults: HeadTag[] = [];
  if (!has((tag) => 'title' in tag)) defaults.push({ title: SITE });
  if (!has((tag) => 'name' in tag && tag.name === 'description'))
    defaults.push({ name: 'description', content: DEFAULT_DESCRIPTION });
  return [...defaults, ...tags];
}

export function headTitle(
  module: RouteModule,
  data: unknown,
  params: Record<string, string | undefined>,
  url: URL,
): string | undefined {
  const tags = module.head?.({ data, params, url, origin: url.origin }) ?? [];
  const title = tags.find((tag): tag is { title: string } => 'title' in tag);
  return title?.title ?? SITE;
}

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** Serialises JSON for a <script> element: nothing in it can close the element. */
export const safeJson = (value: unknown) =>
  JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');

export function renderHeadTags(tags: HeadTag[]): string {
  return tags
    .map((tag) => {
      if ('title' in tag) return `<title>${escapeHtml(tag.title)}</title>`;
      if ('jsonLd' in tag) return `<script type="application/ld+json">${safeJson(tag.jsonLd)}</script>`;
      if ('rel' in tag) {
        const extra = `${tag.as ? ` as="${escapeHtml(tag.as)}"` : ''}${tag.type ? ` type="${escapeHtml(tag.type)}"` : ''}`;
        return `<link rel="${escapeHtml(tag.rel)}" href="${escapeHtml(tag.href)}"${extra}>`;
      }
      if ('property' in tag)
        return `<meta property="${escapeHtml(tag.property)}" content="${escapeHtml(tag.content)}">`;
      return `<meta name="${escapeHtml(tag.name)}" content="${escapeHtml(tag.content)}">`;
    })
    .join('');
}

export { escapeHtml, SITE };
