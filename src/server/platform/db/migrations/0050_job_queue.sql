-- Emails are recorded in the transaction of the change they are about (status queued) and
-- delivered by the deliver-email job (src/server/features/email/outbox.ts), which counts its
-- attempts here; admins list them and resend failed ones. The queue itself (pg-boss) keeps its
-- tables in the pgboss schema, created and migrated by pg-boss at start-up.
ALTER TABLE emails
  ADD COLUMN attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  ADD COLUMN last_attempt_at timestamptz;
CREATE INDEX emails_status_idx ON emails (status, created_at DESC);

-- Paystack's webhook events, stored before they are answered and then processed by a job, so an
-- event survives a crash and a failure on our side is retried.
CREATE TABLE payment_events (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  provider text NOT NULL DEFAULT 'paystack',
  event text NOT NULL,
  reference text,
  payload jsonb NOT NULL,
  -- received: waiting for its job; processed: applied; ignored: nothing for us to do (another
  -- event, an unknown reference); rejected: did not match what we recorded; failed: gave up.
  status text NOT NULL DEFAULT 'received'
    CHECK (status IN ('received', 'processed', 'ignored', 'rejected', 'failed')),
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  error text,
  received_at timestamptz NOT NULL DEFAULT now(),
  processed_at timestamptz
);
CREATE INDEX payment_events_reference_idx ON payment_events (reference);
CREATE INDEX payment_events_received_idx ON payment_events (received_at DESC);
