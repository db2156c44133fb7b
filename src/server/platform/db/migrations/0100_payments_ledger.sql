-- The payments ledger (docs/payments.md): every movement of money for an order, append-only,
-- written in the transaction of the change it records. Every figure the shop shows about money
-- (paid, refunded, refund due, kept, sales) is computed from it, through the order_money view and
-- features/payments/ledger.ts, and from nothing else.

-- Paystack's transaction statuses: success, failed, abandoned and reversed are final; anything
-- else (ongoing, pending, processing, queued…) is 'pending' here, checked again until it is final.
ALTER TABLE payment_transactions DROP CONSTRAINT payment_transactions_status_check;
ALTER TABLE payment_transactions ADD CONSTRAINT payment_transactions_status_check
  CHECK (status IN ('initialized', 'pending', 'success', 'failed', 'abandoned', 'reversed'));
ALTER TABLE payment_transactions
  -- Paystack's own word for the status, as it last said it ('ongoing', 'queued'…).
  ADD COLUMN provider_status text CHECK (provider_status IS NULL OR length(provider_status) <= 50),
  -- How many times Verify was asked about a pending transaction, when last, and when next.
  ADD COLUMN checks integer NOT NULL DEFAULT 0 CHECK (checks >= 0),
  ADD COLUMN last_checked_at timestamptz,
  ADD COLUMN next_check_at timestamptz;
CREATE INDEX payment_transactions_pending_idx ON payment_transactions (next_check_at) WHERE status = 'pending';
-- Reconciliation verifies the transactions of a period that never reached a final status.
CREATE INDEX payment_transactions_created_idx ON payment_transactions (created_at);

-- Who cancelled an order: the 30-minute expiry and the shopper going back to checkout cancel it
-- for want of payment (a late payment may revive it); an admin's cancellation stands.
ALTER TABLE orders ADD COLUMN cancelled_by text CHECK (cancelled_by IN ('expiry', 'shopper', 'admin'));
-- Existing cancelled orders: by who last cancelled them in the audit log (the expiry sweep, the
-- shopper going back to checkout, anyone else is an admin), else by the notes those two write.
UPDATE orders o SET cancelled_by = coalesce(
    (SELECT CASE WHEN a.actor_label = 'system:order-expiry' THEN 'expiry'
                 WHEN a.details->>'reason' LIKE '%went back to checkout before paying%' THEN 'shopper'
                 ELSE 'admin' END
       FROM audit_log a
      WHERE a.entity_type = 'order' AND a.entity_id = o.id::text AND a.action = 'status_changed'
        AND a.after->>'status' = 'cancelled'
      ORDER BY a.created_at DESC LIMIT 1),
    CASE WHEN o.notes LIKE '%went back to checkout before paying%' THEN 'shopper'
         WHEN o.notes LIKE '%Cancelled automatically: not paid within%' THEN 'expiry'
         ELSE 'admin' END)
 WHERE o.status = 'cancelled';

-- Why a refund was made: an admin's, or one the shop made by itself for a charge it could not keep.
ALTER TABLE refunds DROP CONSTRAINT refunds_kind_check;
ALTER TABLE refunds ADD CONSTRAINT refunds_kind_check
  CHECK (kind IN ('admin', 'second_payment', 'not_deliverable', 'amount_mismatch', 'order_cancelled'));

CREATE TABLE ledger_entries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- The book's order: entries are read and shown in it.
  seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  -- Null only for a successful charge at Paystack that names no order of this shop.
  order_id uuid REFERENCES orders (id),
  -- charge: money Paystack took (as Paystack reports it). offline_payment: money an admin received
  -- outside Paystack. refund_requested / refund_processed / refund_failed: a refund's life at
  -- Paystack, one entry per step. offline_refund: money an admin gave back outside Paystack.
  kind text NOT NULL CHECK (kind IN ('charge', 'offline_payment', 'refund_requested', 'refund_processed',
                                     'refund_failed', 'offline_refund')),
  amount_kobo bigint NOT NULL CHECK (amount_kobo > 0),
  currency text NOT NULL DEFAULT 'NGN' CHECK (currency ~ '^[A-Z]{3}$'),
  -- Money in: what was done with it. Money out: the disposition of the money it gives back.
  -- applied: pays the order. second_payment: the order was already paid. not_deliverable: the
  -- order could not be delivered as paid (cancelled, sold out, past a drop's limit or release, no
  -- longer on sale). amount_mismatch: the amount or currency differs from the order's.
  -- unmatched: a charge that names no order of this shop.
  disposition text NOT NULL CHECK (disposition IN ('applied', 'second_payment', 'not_deliverable',
                                                   'amount_mismatch', 'unmatched')),
  -- card, bank_transfer, ussd… as Paystack reports the channel; bank_transfer, cash, pos, other offline.
  method text CHECK (method IS NULL OR length(method) <= 50),
  -- Paystack's reference of the charge (a charge and the refunds of it), or an offline payment's.
  reference text CHECK (reference IS NULL OR length(reference) <= 200),
  refund_id uuid REFERENCES refunds (id),
  -- Why a charge was not applied, in words for the admin and the shopper.
  reason text CHECK (reason IS NULL OR length(reason) <= 500),
  -- An admin's note on an offline payment or refund.
  note text CHECK (note IS NULL OR length(note) <= 500),
  actor_id uuid,
  actor_label text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (order_id IS NOT NULL OR (kind = 'charge' AND disposition = 'unmatched')),
  CHECK (kind <> 'charge' OR reference IS NOT NULL),
  CHECK ((kind IN ('refund_requested', 'refund_processed', 'refund_failed')) = (refund_id IS NOT NULL)),
  CHECK (kind NOT IN ('offline_payment', 'offline_refund') OR (method IS NOT NULL AND disposition = 'applied'))
);
-- A charge is in the book once, whoever reports it (verify, a webhook, reconciliation).
CREATE UNIQUE INDEX ledger_entries_charge_idx ON ledger_entries (reference) WHERE kind = 'charge';
-- Each step of a refund once.
CREATE UNIQUE INDEX ledger_entries_refund_step_idx ON ledger_entries (refund_id, kind) WHERE refund_id IS NOT NULL;
CREATE INDEX ledger_entries_order_idx ON ledger_entries (order_id, seq);
CREATE INDEX ledger_entries_created_idx ON ledger_entries (created_at);

-- What the shop knew before the ledger, written into it once: successful charges (the one that
-- paid each order applied, any other a second payment, one kept for a cancelled order not
-- deliverable), orders marked paid by hand (offline payments of unknown method), and every
-- refund's steps.
WITH charges AS (
  SELECT pt.*, o.status AS order_status, o.notes, o.payment_reference, o.payment_status,
         row_number() OVER (PARTITION BY pt.order_id
                            ORDER BY (pt.reference = o.payment_reference) DESC NULLS LAST,
                                     pt.second_payment, pt.verified_at NULLS LAST, pt.created_at) AS rank
    FROM payment_transactions pt JOIN orders o ON o.id = pt.order_id
   WHERE pt.status = 'success'
)
INSERT INTO ledger_entries (order_id, kind, amount_kobo, currency, disposition, method, reference, reason,
                            actor_label, created_at)
SELECT order_id, 'charge',
       CASE WHEN provider_response->>'amount' ~ '^[0-9]{1,15}$' AND (provider_response->>'amount')::bigint > 0
            THEN (provider_response->>'amount')::bigint ELSE amount_kobo END,
       CASE WHEN provider_response->>'currency' ~ '^[A-Z]{3}$' THEN provider_response->>'currency' ELSE currency END,
       CASE WHEN second_payment OR rank > 1 THEN 'second_payment'
            WHEN order_status = 'cancelled' AND notes LIKE '%REFUND DUE%' THEN 'not_deliverable'
            ELSE 'applied' END,
       left(coalesce(provider_response->>'channel', 'card'), 50),
       reference,
       CASE WHEN second_payment OR rank > 1 THEN 'The order had already been paid.'
            WHEN order_status = 'cancelled' AND notes LIKE '%REFUND DUE%'
              THEN 'The payment arrived after the order had been cancelled.' END,
       'system:migration', coalesce(verified_at, created_at)
  FROM charges;

-- Marked refunded by hand while a card payment paid it: the shop says that money went back, so it
-- is written as a refund of that charge (done, outside Paystack), and no automatic refund will
-- ever give it back a second time. Only what its refunds through Paystack had not covered.
INSERT INTO refunds (order_id, reference, amount_kobo, kind, reason, status, actor_label, processed_at, created_at)
SELECT c.order_id, c.reference,
       c.amount_kobo - coalesce((SELECT sum(r.amount_kobo) FROM refunds r
                                  WHERE r.reference = c.reference AND r.status IN ('pending', 'processed')), 0),
       'admin', 'Marked refunded by hand before payments were kept in the ledger.', 'processed',
       'system:migration', o.updated_at, o.updated_at
  FROM orders o
  JOIN ledger_entries c ON c.order_id = o.id AND c.kind = 'charge' AND c.disposition IN ('applied', 'not_deliverable')
 WHERE o.payment_status = 'refunded'
   AND c.amount_kobo > coalesce((SELECT sum(r.amount_kobo) FROM refunds r
                                  WHERE r.reference = c.reference AND r.status IN ('pending', 'processed')), 0);

-- Marked paid by hand, with no card payment: an offline payment of unknown method.
INSERT INTO ledger_entries (order_id, kind, amount_kobo, currency, disposition, method, note, actor_label, created_at)
SELECT o.id, 'offline_payment', o.total_amount_kobo, 'NGN', 'applied', 'other',
       'Marked paid by hand before payments were kept in the ledger.', 'system:migration',
       coalesce(o.paid_at, o.updated_at)
  FROM orders o
 WHERE o.payment_status IN ('paid', 'partially_refunded', 'refunded') AND o.total_amount_kobo > 0
   AND NOT EXISTS (SELECT 1 FROM ledger_entries l
                    WHERE l.order_id = o.id AND l.kind = 'charge' AND l.disposition IN ('applied', 'not_deliverable'));

-- Every refund's steps (those just written for hand refunds included).
INSERT INTO ledger_entries (order_id, kind, amount_kobo, currency, disposition, reference, refund_id, actor_id,
                            actor_label, created_at)
SELECT r.order_id, step.kind, r.amount_kobo, c.currency, c.disposition, r.reference, r.id, r.actor_id,
       r.actor_label, step.at
  FROM refunds r
  JOIN ledger_entries c ON c.kind = 'charge' AND c.reference = r.reference
  CROSS JOIN LATERAL (VALUES ('refund_requested', r.created_at),
                             (CASE r.status WHEN 'processed' THEN 'refund_processed'
                                            WHEN 'failed' THEN 'refund_failed' END,
                              coalesce(r.processed_at, r.created_at))) AS step (kind, at)
 WHERE step.kind IS NOT NULL;

-- Marked refunded by hand with no card payment: given back outside Paystack.
INSERT INTO ledger_entries (order_id, kind, amount_kobo, currency, disposition, method, note, actor_label, created_at)
SELECT o.id, 'offline_refund', o.total_amount_kobo, 'NGN', 'applied', 'other',
       'Marked refunded by hand before payments were kept in the ledger.', 'system:migration', o.updated_at
  FROM orders o
 WHERE o.payment_status = 'refunded' AND o.total_amount_kobo > 0
   AND EXISTS (SELECT 1 FROM ledger_entries l WHERE l.order_id = o.id AND l.kind = 'offline_payment');

-- A payment kept for a cancelled order was recorded as paid; it was never the order's. (Its
-- refund, when none was ever made, is asked of Paystack by the reconcile-refunds job:
-- refundUnattendedCharges in features/payments/refunds.ts.)
UPDATE orders o SET payment_status = 'failed', paid_at = NULL
  FROM ledger_entries l
 WHERE l.order_id = o.id AND l.kind = 'charge' AND l.disposition = 'not_deliverable';

-- The book is append-only: a correction is a new entry, never a change to an old one.
CREATE FUNCTION ledger_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger entries are never changed or removed' USING ERRCODE = 'restrict_violation';
END $$;
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_entries_append_only();

-- The ledger replaces the flag.
ALTER TABLE payment_transactions DROP COLUMN second_payment;

-- Every figure of one order, from its entries. received: charges and offline payments. applied:
-- the part that pays the order. refunded: refunds Paystack processed and refunds made offline
-- (refunded_applied: those that gave back applied money).
-- refund_pending: refunds asked of Paystack and not settled. kept: received less refunded.
-- sales: what the shop may keep (nothing for a cancelled order). refund_due: what it must still
-- give back (kept less sales; a pending refund is part of it until Paystack processes it).
-- Naira only: a charge in another currency (refunded in full, as an amount mismatch) is never
-- added to naira; the Payments page lists it until it is refunded.
CREATE VIEW order_money AS
SELECT o.id AS order_id,
       m.received_kobo,
       m.applied_kobo,
       m.refunded_kobo,
       m.refunded_applied_kobo,
       m.refund_pending_kobo,
       m.received_kobo - m.refunded_kobo AS kept_kobo,
       s.sales_kobo,
       m.received_kobo - m.refunded_kobo - s.sales_kobo AS refund_due_kobo
  FROM orders o
  CROSS JOIN LATERAL (
    SELECT coalesce(sum(l.amount_kobo) FILTER (WHERE l.kind IN ('charge', 'offline_payment')), 0)::bigint AS received_kobo,
           coalesce(sum(l.amount_kobo) FILTER (WHERE l.kind IN ('charge', 'offline_payment')
                                                 AND l.disposition = 'applied'), 0)::bigint AS applied_kobo,
           coalesce(sum(l.amount_kobo) FILTER (WHERE l.kind IN ('refund_processed', 'offline_refund')), 0)::bigint
             AS refunded_kobo,
           coalesce(sum(l.amount_kobo) FILTER (WHERE l.kind IN ('refund_processed', 'offline_refund')
                                                 AND l.disposition = 'applied'), 0)::bigint AS refunded_applied_kobo,
           (coalesce(sum(l.amount_kobo) FILTER (WHERE l.kind = 'refund_requested'), 0)
             - coalesce(sum(l.amount_kobo) FILTER (WHERE l.kind IN ('refund_processed', 'refund_failed')), 0))::bigint
             AS refund_pending_kobo
      FROM ledger_entries l WHERE l.order_id = o.id AND l.currency = 'NGN'
  ) m
  CROSS JOIN LATERAL (
    SELECT CASE WHEN o.status = 'cancelled' THEN 0
                ELSE greatest(m.applied_kobo - m.refunded_applied_kobo, 0) END::bigint AS sales_kobo
  ) s;

-- Reconciliation with Paystack: one row per run, over a period, with what it found and did.
CREATE TABLE reconciliation_runs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  period_start timestamptz NOT NULL,
  period_end timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'done', 'failed')),
  requested_by text NOT NULL,
  actor_id uuid,
  -- Figures of the period: Paystack's list and the ledger's book (features/payments/reconciliation.ts).
  summary jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- Every charge that did not match the book, with its order and what was done about it.
  items jsonb NOT NULL DEFAULT '[]'::jsonb,
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  CHECK (period_end > period_start)
);
CREATE INDEX reconciliation_runs_created_idx ON reconciliation_runs (created_at DESC);
