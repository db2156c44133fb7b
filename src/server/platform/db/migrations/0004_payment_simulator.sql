-- State of the built-in Paystack simulator (used when no Paystack keys are configured). It lives
-- in the database so that several server processes share it, like the real provider would.

CREATE TABLE simulator_transactions (
  reference text PRIMARY KEY,
  access_code text NOT NULL UNIQUE,
  amount_kobo bigint NOT NULL CHECK (amount_kobo > 0),
  currency text NOT NULL,
  email text NOT NULL,
  callback_url text,
  metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'success', 'failed', 'abandoned')),
  paid_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
