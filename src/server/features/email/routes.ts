import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../context';
import { queries } from '../../platform/db/queries';
import { iso } from '../../platform/db/values';
import { notFound } from '../../platform/errors';
import { readQuery } from '../../validate';

const mailboxQuery = z.object({
  to: z.string().trim().toLowerCase().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

const LINK = /https?:\/\/[^\s"'<>]+/g;

/**
 * The development mailbox: every email the shop recorded, newest first, with its links pulled out
 * so a developer (or a browser test) can follow a confirmation or reset link. Absent in production.
 */
export function devMailboxRoutes() {
  return new Hono<AppEnv>().get('/dev/mailbox', async (c) => {
    const deps = c.get('deps');
    if (deps.env.isProduction) throw notFound();
    const query = readQuery(c, mailboxQuery);
    const { to } = query;
    const rows = await queries(deps.database.sql)
      .selectFrom('emails')
      .select(['id', 'to_address', 'subject', 'kind', 'html', 'text_body', 'status', 'error', 'created_at'])
      .$if(to !== undefined, (emails) => emails.where((eb) => eb(eb.fn('lower', ['to_address']), '=', to!)))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(query.limit)
      .execute();
    return c.json({
      emails: rows.map((row) => ({
        id: row.id,
        to: row.to_address,
        subject: row.subject,
        kind: row.kind,
        status: row.status,
        error: row.error,
        html: row.html,
        text: row.text_body,
        links: [...new Set(row.text_body.match(LINK) ?? [])],
        createdAt: iso(row.created_at),
      })),
    });
  });
}
