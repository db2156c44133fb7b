-- Stock held for an order being placed (docs/decisions/2026-11-28-drop-day.md): taken off the
-- variant by one statement that commits at once, so the variant's row is locked for that statement
-- only, never across the order's round trips. The order's transaction deletes its holds as it
-- commits; an order that fails gives them back; holds left behind by a process that died are given
-- back by the stale-holds sweep.
CREATE TABLE stock_holds (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  variant_id uuid NOT NULL REFERENCES product_variants (id) ON DELETE CASCADE,
  quantity integer NOT NULL CHECK (quantity > 0),
  -- Who is placing the order (no foreign key: a hold outlives nothing it names).
  user_id uuid NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX stock_holds_created_at_idx ON stock_holds (created_at);
