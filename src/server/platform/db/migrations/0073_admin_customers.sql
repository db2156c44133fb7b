-- The admin's Customers search: a part of the name as shown, the display name or the email, any
-- case, stays an index scan as the accounts grow. The fields are joined by a line break, which a
-- search (one line) cannot contain, so a match never spans two fields. The expression must stay
-- the same as in src/server/features/customers/customers.ts.
CREATE INDEX users_search_trgm_idx ON users USING gin (
  (lower(first_name || ' ' || last_name) || E'\n' || lower(coalesce(display_name, '')) || E'\n' || lower(email))
  gin_trgm_ops
);

-- The dashboard's paid sales by the day they were paid (this month, last month, 30 days).
CREATE INDEX orders_paid_at_idx ON orders (paid_at) WHERE payment_status = 'paid';

-- The messages an admin sent one customer, newest first.
CREATE INDEX emails_kind_to_idx ON emails (kind, lower(to_address), created_at DESC);
