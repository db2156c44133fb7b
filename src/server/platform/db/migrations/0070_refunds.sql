-- Refunds, partial refunds and second charges for one order (admin orders, issue 11 finding 6).

-- 'partially_refunded': some of what was paid went back, the rest was kept.
ALTER TABLE orders DROP CONSTRAINT orders_payment_status_check;
ALTER TABLE orders ADD CONSTRAINT orders_payment_status_check
  CHECK (payment_status IN ('pending', 'paid', 'failed', 'refunded', 'partially_refunded'));

-- The charge that paid the order: refunds go back against it; any other successful charge for the
-- same order is a second payment, refunded in full.
ALTER TABLE orders ADD COLUMN payment_reference text;

-- Every refund asked of the provider, with its amount. A refund is written (status 'pending')
-- under the order's row lock before the provider is called, so two admins pressing at the same
-- moment cannot together refund more than was paid: pending and processed refunds both count.
CREATE TABLE refunds (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  order_id uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  reference text NOT NULL REFERENCES payment_transactions (reference) ON DELETE CASCADE,
  amount_kobo bigint NOT NULL CHECK (amount_kobo > 0),
  -- 'admin': an admin refunded from the order; 'second_payment': an automatic refund of a
  -- charge that arrived after the order was already paid.
  kind text NOT NULL CHECK (kind IN ('admin', 'second_payment')),
  reason text CHECK (reason IS NULL OR length(reason) <= 500),
  -- pending: asked (or about to be asked); processed: the provider accepted it; failed: the
  -- provider refused it (the amount can be refunded again).
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'processed', 'failed')),
  provider_refund_id text,
  provider_status text,
  error text,
  actor_id uuid REFERENCES users (id) ON DELETE SET NULL,
  actor_label text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  processed_at timestamptz
);
CREATE INDEX refunds_order_idx ON refunds (order_id, created_at);
CREATE INDEX refunds_reference_idx ON refunds (reference);

-- A successful charge for an order that was already paid by another: flagged 'REFUND DUE' until
-- it has been refunded.
ALTER TABLE payment_transactions ADD COLUMN second_payment boolean NOT NULL DEFAULT false;

-- Which order an email was about, for the order's timeline.
ALTER TABLE emails ADD COLUMN order_id uuid REFERENCES orders (id) ON DELETE SET NULL;
CREATE INDEX emails_order_idx ON emails (order_id, created_at) WHERE order_id IS NOT NULL;

-- The payment simulator refunds like Paystack: never more than the charge.
ALTER TABLE simulator_transactions
  ADD COLUMN refunded_kobo bigint NOT NULL DEFAULT 0 CHECK (refunded_kobo >= 0);
ALTER TABLE simulator_transactions
  ADD CONSTRAINT simulator_transactions_refund_within_amount CHECK (refunded_kobo <= amount_kobo);

-- The admin orders list filtered by status, newest first.
CREATE INDEX orders_status_created_idx ON orders (status, created_at DESC);
