import { formatDateTime } from '#shared/dates';
import { Button, buttonClass } from '../components/ui/button';
import { ChevronIcon } from '../components/ui/icons';
import { ApiError, apiJson } from '../lib/api';
import { type HeadTag, type LoadArgs, notFound, type PageProps } from '../lib/route-module';
import { paths } from '../paths';

type StoredEmail = {
  id: string;
  to: string;
  subject: string;
  kind: string;
  status: string;
  error?: string | null;
  html: string;
  text: string;
  links: string[];
  createdAt: string;
};
type Data = { emails: StoredEmail[]; to: string };

/**
 * Development only: the emails the shop stored instead of (or as well as) sending them. In
 * production the API answers 404 and so does this page.
 */
export async function load({ api, url }: LoadArgs): Promise<Data> {
  const to = url.searchParams.get('to')?.trim() ?? '';
  const query = to ? `?to=${encodeURIComponent(to)}` : '';
  try {
    const { emails } = await apiJson<{ emails: StoredEmail[] }>(api, `/api/dev/mailbox${query}`);
    return { emails, to };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw notFound();
    throw error;
  }
}

export function head(): HeadTag[] {
  return [{ title: 'Development Mailbox | Naija Street' }, { name: 'robots', content: 'noindex' }];
}

/** Links inside the preview open in a new tab instead of inside the sandboxed frame. */
const previewDocument = (html: string) =>
  /<head[^>]*>/i.test(html)
    ? html.replace(/<head([^>]*)>/i, '<head$1><base target="_blank">')
    : `<base target="_blank">${html}`;

export default function DevMailboxPage({ data }: PageProps<Data>) {
  const emails = [...data.emails].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-2xl font-black tracking-tight">Development Mailbox</h1>
      <p className="mt-1 text-sm text-neutral-600">
        Emails the shop has sent, newest first. Only available outside production.
      </p>
      <form method="get" action={paths.devMailbox} className="mt-5 flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1">
          <label htmlFor="mailbox-to" className="text-sm font-semibold">
            Recipient
          </label>
          <input
            id="mailbox-to"
            name="to"
            type="email"
            defaultValue={data.to}
            placeholder="Everyone"
            className="mt-1 block w-full rounded border border-neutral-300 px-3 py-2.5 text-base focus:border-neutral-900 focus:outline-2 focus:outline-neutral-900"
          />
        </div>
        <Button type="submit" size="sm">
          Show
        </Button>
        <a href={paths.devMailbox} className={buttonClass({ variant: 'secondary', size: 'sm' })}>
          Refresh
        </a>
      </form>
      {emails.length === 0 ? (
        <p className="mt-8 rounded-lg border border-dashed border-neutral-300 p-8 text-center text-neutral-600">
          No emails yet.
        </p>
      ) : (
        <ul className="mt-6 grid gap-3">
          {emails.map((email, index) => (
            <li key={email.id} className="rounded-lg border border-neutral-200">
              <details open={index === 0} className="group">
                <summary className="flex cursor-pointer list-none items-start gap-3 p-4 focus-visible:outline-2 focus-visible:outline-neutral-900 [&::-webkit-details-marker]:hidden">
                  <ChevronIcon className="mt-0.5 h-5 w-5 shrink-0 -rotate-90 transition-transform group-open:rotate-0" />
                  <span className="flex min-w-0 flex-1 flex-wrap items-start justify-between gap-2">
                    <span className="min-w-0">
                      <span className="block font-bold">{email.subject}</span>
                      <span className="block break-all text-sm text-neutral-600">To: {email.to}</span>
                    </span>
                    <span className="text-right text-xs text-neutral-500">
                      <time dateTime={email.createdAt}>{formatDateTime(email.createdAt)}</time>
                      <span className="block">
                        {email.kind} · {email.status}
                      </span>
                    </span>
                  </span>
                </summary>
                <div className="border-t border-neutral-200 p-4">
                  {email.error ? (
                    <p className="mb-3 text-sm text-red-700">Delivery error: {email.error}</p>
                  ) : null}
                  {email.links.length > 0 ? (
                    <>
                      <h2 className="text-sm font-semibold">Links</h2>
                      <ul className="mt-1 grid gap-1">
                        {email.links.map((link) => (
                          <li key={link}>
                            <a
                              href={link}
                              className="break-all text-sm text-accent underline underline-offset-2"
                            >
                              {link}
                            </a>
                          </li>
                        ))}
                      </ul>
                    </>
                  ) : null}
                  <iframe
                    title={`Email preview: ${email.subject}`}
                    // No scripts, no same-origin access: the email's HTML is shown, never trusted.
                    sandbox="allow-popups allow-popups-to-escape-sandbox"
                    srcDoc={previewDocument(email.html)}
                    loading="lazy"
                    className="mt-4 h-[32rem] w-full rounded border border-neutral-200 bg-white"
                  />
                </div>
              </details>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
