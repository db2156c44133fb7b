-- Secrets the server generates for itself on first start (today: the key that signs session
-- cookies and email-confirmation tokens). Kept in the database so that every API process behind
-- a load balancer uses the same key and a fresh clone needs no configuration.
CREATE TABLE server_secrets (
  name text PRIMARY KEY,
  value text NOT NULL CHECK (length(value) >= 32),
  created_at timestamptz NOT NULL DEFAULT now()
);
