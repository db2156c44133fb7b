-- The payment simulator plays two more of Paystack's outcomes (src/server/features/payments/
-- simulator.ts): a charge whose amount differs from what was initialized, and a bank transfer
-- that stays 'ongoing' (Paystack's status while the bank confirms) before it succeeds. Its
-- transactions can also be 'reversed', as Paystack's can. List Transactions reads them newest first.
ALTER TABLE simulator_transactions
  -- What the customer was actually charged; null: the amount initialized.
  ADD COLUMN charged_kobo bigint CHECK (charged_kobo > 0),
  -- How the customer paid, in Paystack's words ('card', 'bank_transfer', …).
  ADD COLUMN channel text NOT NULL DEFAULT 'card';
ALTER TABLE simulator_transactions DROP CONSTRAINT simulator_transactions_status_check;
ALTER TABLE simulator_transactions
  ADD CONSTRAINT simulator_transactions_status_check
  CHECK (status IN ('pending', 'ongoing', 'success', 'failed', 'abandoned', 'reversed'));
CREATE INDEX simulator_transactions_created_idx ON simulator_transactions (created_at DESC);
