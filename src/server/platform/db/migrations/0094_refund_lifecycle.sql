-- Refunds follow Paystack's lifecycle (docs/decisions/2026-11-26-refund-lifecycle.md): Paystack
-- answers a new refund as pending or processing and settles it later (a refund.* webhook, or the
-- Fetch Refund answer). A refund stays 'pending' here until Paystack says processed or failed;
-- the reconcile job asks Paystack about every pending refund whose next check is due.
ALTER TABLE refunds
  -- How many times Paystack was asked to create it, and when last (a second ask first looks for
  -- the first one at Paystack, so an unanswered request is never sent twice).
  ADD COLUMN attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  ADD COLUMN last_attempt_at timestamptz,
  -- How many times Paystack was asked about it, when last, and when to ask next (pending only).
  ADD COLUMN checks integer NOT NULL DEFAULT 0 CHECK (checks >= 0),
  ADD COLUMN last_checked_at timestamptz,
  ADD COLUMN next_check_at timestamptz,
  -- A failed refund an admin asked for again: the new refund names the one it retries, once.
  ADD COLUMN retry_of uuid REFERENCES refunds (id) ON DELETE SET NULL;
UPDATE refunds SET next_check_at = now() WHERE status = 'pending';
CREATE INDEX refunds_due_idx ON refunds (next_check_at) WHERE status = 'pending';
CREATE UNIQUE INDEX refunds_retry_of_idx ON refunds (retry_of) WHERE retry_of IS NOT NULL;

-- The simulator's refunds, as Paystack keeps them: numbered, pending until settled.
CREATE TABLE simulator_refunds (
  id bigint GENERATED ALWAYS AS IDENTITY (START WITH 3000001) PRIMARY KEY,
  reference text NOT NULL REFERENCES simulator_transactions (reference) ON DELETE CASCADE,
  amount_kobo bigint NOT NULL CHECK (amount_kobo > 0),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'processing', 'processed', 'failed')),
  merchant_note text,
  created_at timestamptz NOT NULL DEFAULT now(),
  refunded_at timestamptz
);
CREATE INDEX simulator_refunds_reference_idx ON simulator_refunds (reference);

-- The order an audit entry is about, whatever its kind of record (an order's status, its payment,
-- one of its refunds): the order's timeline and the audit log's record filter find them all.
ALTER TABLE audit_log ADD COLUMN order_id uuid;
UPDATE audit_log SET order_id = entity_id::uuid
 WHERE entity_type IN ('order', 'payment')
   AND entity_id ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
UPDATE audit_log SET order_id = (details->>'orderId')::uuid
 WHERE order_id IS NULL
   AND details->>'orderId' ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
-- Payment changes (paid, a second payment, the payment status set by hand) are recorded as the
-- order's payment, so the audit log's 'Payment' filter finds them.
UPDATE audit_log SET entity_type = 'payment'
 WHERE entity_type = 'order' AND action IN ('paid', 'second_payment', 'payment_status_changed');
CREATE INDEX audit_log_order_idx ON audit_log (order_id, created_at) WHERE order_id IS NOT NULL;

-- The dashboard counts what a paid order kept: paid and partially refunded orders, by paid day.
DROP INDEX IF EXISTS orders_paid_at_idx;
CREATE INDEX orders_paid_at_idx ON orders (paid_at) WHERE payment_status IN ('paid', 'partially_refunded');
