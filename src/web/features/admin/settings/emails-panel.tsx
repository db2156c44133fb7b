import { useState } from 'react';
import { EMAIL_STATUSES, type EmailStatus } from '#shared/schemas/emails';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/fields';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api';
import { formatLagosDateTime } from './lagos-time';
import { Pager } from './pager';
import { useEmails, useResendEmail } from './settings-api';
import { Badge, type BadgeTone, Card, Empty, LoadError, Loading, words } from './settings-ui';

const STATUS_TONE: Record<EmailStatus, BadgeTone> = {
  queued: 'amber',
  sent: 'green',
  failed: 'red',
  stored: 'blue',
};
const STATUS_WORDS: Record<EmailStatus, string> = {
  queued: 'Queued',
  sent: 'Sent',
  failed: 'Failed',
  stored: 'Kept in the development mailbox',
};

/** Settings → Emails: what the shop has sent, with delivery status, and resending failed ones. */
export function EmailsPanel() {
  const [status, setStatus] = useState<EmailStatus | ''>('');
  const [page, setPage] = useState(1);
  const query = useEmails({ status: status || undefined, page });
  const resend = useResendEmail();

  return (
    <>
      <SelectField
        label="Status"
        className="max-w-xs"
        placeholder="All emails"
        options={EMAIL_STATUSES.map((value) => ({ value, label: words(value) }))}
        value={status}
        onChange={(event) => {
          setStatus(event.target.value as EmailStatus | '');
          setPage(1);
        }}
      />
      <div className="mt-4">
        {query.isPending ? (
          <Loading what="emails" />
        ) : query.isError ? (
          <LoadError message="Failed to load emails" onRetry={() => void query.refetch()} />
        ) : query.data.emails.length === 0 ? (
          <Empty>{status ? 'No emails with this status.' : 'The shop has not sent any emails yet.'}</Empty>
        ) : (
          <>
            <ul className="space-y-3" aria-label="Emails">
              {query.data.emails.map((email) => (
                <li key={email.id}>
                  <Card>
                    <div className="flex flex-wrap items-start justify-between gap-2">
                      <div className="min-w-0 flex-1">
                        <p className="break-words font-bold">{email.subject}</p>
                        <p className="break-all text-sm text-neutral-700">To {email.to}</p>
                      </div>
                      <Badge tone={STATUS_TONE[email.status]}>{STATUS_WORDS[email.status]}</Badge>
                    </div>
                    <p className="mt-2 text-xs text-neutral-600">
                      {words(email.kind)} · {formatLagosDateTime(email.createdAt)} · {email.attempts}{' '}
                      {email.attempts === 1 ? 'attempt' : 'attempts'}
                      {email.sentAt ? ` · sent ${formatLagosDateTime(email.sentAt)}` : ''}
                    </p>
                    {email.lastError ? (
                      <p className="mt-2 break-words rounded bg-red-50 px-3 py-2 text-xs text-red-900">
                        Last error: {email.lastError}
                      </p>
                    ) : null}
                    {email.status === 'failed' ? (
                      <Button
                        variant="secondary"
                        size="sm"
                        className="mt-3"
                        busy={resend.isPending && resend.variables === email.id}
                        busyLabel="Resending..."
                        onClick={() =>
                          resend.mutate(email.id, {
                            onSuccess: () =>
                              toast.success('Success', `The email to ${email.to} is queued again`),
                            onError: (error) =>
                              toast.error(
                                'Error',
                                errorMessage(error, 'Failed to resend the email. Please try again.'),
                              ),
                          })
                        }
                      >
                        Resend
                        <span className="sr-only">
                          {' '}
                          {email.subject} to {email.to}
                        </span>
                      </Button>
                    ) : null}
                  </Card>
                </li>
              ))}
            </ul>
            <Pager
              page={query.data.page}
              pageSize={query.data.pageSize}
              total={query.data.total}
              onPage={setPage}
              what="emails"
            />
          </>
        )}
      </div>
    </>
  );
}
