-- The audit log names who acted even after their account is gone, and keeps the values before and
-- after each change (only the fields that changed).
ALTER TABLE audit_log
  ADD COLUMN actor_label text NOT NULL DEFAULT '',
  ADD COLUMN before jsonb,
  ADD COLUMN after jsonb;
CREATE INDEX audit_log_entity_idx ON audit_log (entity_type, entity_id, created_at DESC);
CREATE INDEX audit_log_actor_idx ON audit_log (actor_id, created_at DESC);

-- Stock changed by hand (an admin, an import): every change with its reason. Sales and their
-- releases are recorded by the orders themselves (order_items, orders.stock_released_at).
CREATE TABLE inventory_adjustments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  variant_id uuid REFERENCES product_variants (id) ON DELETE SET NULL,
  product_id uuid REFERENCES products (id) ON DELETE SET NULL,
  sku text NOT NULL,
  delta integer NOT NULL CHECK (delta <> 0),
  quantity_after integer NOT NULL CHECK (quantity_after >= 0),
  reason text NOT NULL CHECK (reason IN ('initial', 'restock', 'correction', 'damaged')),
  note text CHECK (note IS NULL OR length(note) <= 500),
  actor_id uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX inventory_adjustments_variant_idx ON inventory_adjustments (variant_id, created_at DESC);
CREATE INDEX inventory_adjustments_product_idx ON inventory_adjustments (product_id, created_at DESC);

-- Set when the admins were emailed that the variant fell to the low-stock threshold; cleared when
-- its stock rises above it again, so a run of sales sends one email, not one per sale.
ALTER TABLE product_variants ADD COLUMN low_stock_alerted_at timestamptz;
