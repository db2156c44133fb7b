import { useState } from 'react';
import { formatDateTime } from '#shared/dates';
import { EMAIL_STATUSES, type EmailStatus } from '#shared/schemas/emails';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Empty } from '../../../components/ui/empty';
import { SelectField } from '../../../components/ui/fields';
import { LoadError } from '../../../components/ui/load-error';
import { Loading } from '../../../components/ui/loading';
import { Pager } from '../../../components/ui/pager';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api';
import { useEmails, useFailedJobs, useResendEmail, useRetryJob } from './settings-api';
import { words } from './words';

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

/**
 * Settings → Emails: what the shop has sent, with delivery status, and resending failed ones; then
 * the background work that failed for good, with a retry.
 */
export function EmailsPanel() {
  return (
    <>
      <EmailsList />
      <FailedJobs />
    </>
  );
}

function EmailsList() {
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
                      {words(email.kind)} · {formatDateTime(email.createdAt)} · {email.attempts}{' '}
                      {email.attempts === 1 ? 'attempt' : 'attempts'}
                      {email.sentAt ? ` · sent ${formatDateTime(email.sentAt)}` : ''}
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

/** What a job was given, as 'Event id: …, Email: …'. */
const jobData = (data: Record<string, unknown>) =>
  Object.entries(data)
    .map(
      ([key, value]) => `${words(key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase())}: ${String(value)}`,
    )
    .join(' · ');

/** Jobs (webhooks, refunds, password resets…) that failed after their last retry. */
function FailedJobs() {
  const [page, setPage] = useState(1);
  const query = useFailedJobs(page);
  const retry = useRetryJob();
  return (
    <section aria-labelledby="failed-jobs" className="mt-8">
      <h2 id="failed-jobs" className="text-lg font-black tracking-tight">
        Background work that failed
      </h2>
      <p className="mt-1 text-sm text-neutral-600">
        Work the shop does after a change (Paystack webhooks, refunds of second payments, password resets…) is
        retried several times; what still failed is listed here. Emails are listed above.
      </p>
      <div className="mt-4">
        {query.isPending ? (
          <Loading what="background work" />
        ) : query.isError ? (
          <LoadError message="Failed to load background work" onRetry={() => void query.refetch()} />
        ) : query.data.jobs.length === 0 ? (
          <Empty>No background work has failed.</Empty>
        ) : (
          <>
            <ul className="space-y-3" aria-label="Background work that failed">
              {query.data.jobs.map((job) => (
                <li key={job.id}>
                  <Card>
                    <div className="flex flex-wrap items-start justify-between gap-2">
                      <p className="min-w-0 flex-1 break-words font-bold">{job.title}</p>
                      <Badge tone="red">Failed</Badge>
                    </div>
                    <p className="mt-1 break-all text-sm text-neutral-700">{jobData(job.data)}</p>
                    <p className="mt-2 text-xs text-neutral-600">
                      {job.failedAt ? `Failed ${formatDateTime(job.failedAt)}` : 'Failed'} · {job.attempts}{' '}
                      {job.attempts === 1 ? 'attempt' : 'attempts'} · started {formatDateTime(job.createdAt)}
                    </p>
                    {job.lastError ? (
                      <p className="mt-2 break-words rounded bg-red-50 px-3 py-2 text-xs text-red-900">
                        Last error: {job.lastError}
                      </p>
                    ) : null}
                    <Button
                      variant="secondary"
                      size="sm"
                      className="mt-3"
                      busy={retry.isPending && retry.variables === job.id}
                      busyLabel="Retrying..."
                      onClick={() =>
                        retry.mutate(job.id, {
                          onSuccess: () => toast.success('Success', `${job.title}: tried again`),
                          onError: (error) =>
                            toast.error('Error', errorMessage(error, 'Failed to retry. Please try again.')),
                        })
                      }
                    >
                      Retry<span className="sr-only"> {job.title}</span>
                    </Button>
                  </Card>
                </li>
              ))}
            </ul>
            <Pager
              page={query.data.page}
              pageSize={query.data.pageSize}
              total={query.data.total}
              onPage={setPage}
              what="failed jobs"
            />
          </>
        )}
      </div>
    </section>
  );
}
