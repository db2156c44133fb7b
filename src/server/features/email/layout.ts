import { escapeHtml } from '../../platform/html';
import type { StoreIdentity } from './store-identity';

/**
 * Figures with their labels, one a row (an order's breakdown): the amounts line up on the right.
 * `strong` rows (the total) are bold with a rule above.
 */
export type EmailRows = { rows: { label: string; value: string; strong?: boolean }[] };

export type BrandEmailContent = {
  /** Shown in the inbox list after the subject by most mail apps. */
  preheader?: string;
  heading: string;
  /** Plain text, each one a paragraph (escaped for HTML); or rows of figures. */
  paragraphs: (string | EmailRows)[];
  button?: { label: string; url: string };
  /** Small print under the button, e.g. 'This link expires in 1 hour.' */
  note?: string;
};

export type RenderedEmail = { html: string; text: string };

/**
 * The shop's one email layout: heading, paragraphs, at most one button, footer with the store
 * name and support contact. Table-based with inline styles because many mail apps ignore <style>.
 * Returns the HTML and the plain-text part (the button becomes 'Label: url').
 */
export function renderBrandEmail(store: StoreIdentity, content: BrandEmailContent): RenderedEmail {
  const year = new Date().getFullYear();
  const contact = [store.supportEmail, store.supportPhone].filter(Boolean).join(' · ');
  const paragraphs = content.paragraphs
    .map((p) =>
      typeof p === 'string'
        ? `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:#333333;">${escapeHtml(p)}</p>`
        : rowsHtml(p),
    )
    .join('');
  const button = content.button
    ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 24px;"><tr><td style="background:#111111;border-radius:4px;">` +
      `<a href="${escapeHtml(content.button.url)}" style="display:inline-block;padding:14px 28px;font-size:15px;font-weight:bold;letter-spacing:0.5px;color:#ffffff;text-decoration:none;">${escapeHtml(content.button.label)}</a>` +
      `</td></tr></table>` +
      `<p style="margin:0 0 16px;font-size:13px;line-height:20px;color:#666666;">If the button does not work, copy this link into your browser:<br><a href="${escapeHtml(content.button.url)}" style="color:#111111;word-break:break-all;">${escapeHtml(content.button.url)}</a></p>`
    : '';
  const note = content.note
    ? `<p style="margin:0 0 16px;font-size:13px;line-height:20px;color:#666666;">${escapeHtml(content.note)}</p>`
    : '';
  const preheader = content.preheader
    ? `<div style="display:none;max-height:0;overflow:hidden;">${escapeHtml(content.preheader)}</div>`
    : '';

  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(content.heading)}</title></head>
<body style="margin:0;padding:0;background:#f4f4f4;font-family:Helvetica,Arial,sans-serif;">${preheader}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f4;"><tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:6px;">
<tr><td style="padding:24px 32px;border-bottom:1px solid #eeeeee;font-size:20px;font-weight:bold;letter-spacing:2px;text-transform:uppercase;color:#111111;">${escapeHtml(store.name)}</td></tr>
<tr><td style="padding:32px;">
<h1 style="margin:0 0 20px;font-size:22px;line-height:30px;color:#111111;">${escapeHtml(content.heading)}</h1>
${paragraphs}${button}${note}
</td></tr>
<tr><td style="padding:20px 32px;border-top:1px solid #eeeeee;font-size:12px;line-height:18px;color:#888888;">© ${year} ${escapeHtml(store.name)}${contact ? `<br>Questions? ${escapeHtml(contact)}` : ''}</td></tr>
</table></td></tr></table></body></html>`;

  const text = [
    content.heading,
    '',
    ...content.paragraphs.flatMap((p) =>
      typeof p === 'string' ? [p, ''] : [...p.rows.map((row) => `${row.label}: ${row.value}`), ''],
    ),
    ...(content.button ? [`${content.button.label}: ${content.button.url}`, ''] : []),
    ...(content.note ? [content.note, ''] : []),
    '--',
    `© ${year} ${store.name}`,
    ...(contact ? [`Questions? ${contact}`] : []),
  ].join('\n');

  return { html, text };
}

function rowsHtml({ rows }: EmailRows): string {
  const cells = rows
    .map((row) => {
      const style = `padding:6px 0;font-size:15px;line-height:22px;color:#111111;${row.strong ? 'font-weight:bold;border-top:1px solid #dddddd;' : ''}`;
      return `<tr><td style="${style}">${escapeHtml(row.label)}</td><td align="right" style="${style}white-space:nowrap;padding-left:16px;">${escapeHtml(row.value)}</td></tr>`;
    })
    .join('');
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 16px;">${cells}</table>`;
}
