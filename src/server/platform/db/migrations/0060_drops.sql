-- Drops: a product may carry a release time (before it, listed as 'Coming soon' and refused by
-- the cart and checkout) and a limit per customer (units of the product across that account's
-- orders that are not cancelled). See docs/decisions/2026-11-23-drops.md.
ALTER TABLE products
  ADD COLUMN release_at timestamptz,
  ADD COLUMN limit_per_customer integer CHECK (limit_per_customer > 0);
-- The home page's next drop, and the limit's count of a customer's units of one product.
CREATE INDEX products_release_at_idx ON products (release_at) WHERE release_at IS NOT NULL;
CREATE INDEX IF NOT EXISTS order_items_product_idx ON order_items (product_id);
