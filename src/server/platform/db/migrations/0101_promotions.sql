-- Promotions (docs/decisions/2026-11-27-promotions.md): a product's sale price in a window,
-- automatic offers and discount codes, and each order's discount kept line by line so refunds
-- give back what was paid.

-- A sale: the product's price_kobo is struck through and sale_price_kobo charged from
-- sale_starts_at until sale_ends_at (none: until the admin ends it).
ALTER TABLE products
  ADD COLUMN sale_price_kobo bigint CHECK (sale_price_kobo > 0),
  ADD COLUMN sale_starts_at timestamptz,
  ADD COLUMN sale_ends_at timestamptz,
  ADD CONSTRAINT products_sale_complete CHECK ((sale_price_kobo IS NULL) = (sale_starts_at IS NULL)),
  ADD CONSTRAINT products_sale_window CHECK (sale_ends_at IS NULL OR sale_ends_at > sale_starts_at);
CREATE INDEX products_sale_bounds_idx ON products (sale_starts_at, sale_ends_at) WHERE sale_price_kobo IS NOT NULL;

-- A discount: a code the shopper types, or an automatic offer (a percentage off, shown on the
-- storefront as a sale). `uses` counts the uses held by unpaid orders and kept by paid ones; it is
-- taken with a conditional update, so a limit is never passed however many order at once.
CREATE TABLE discounts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  kind text NOT NULL CHECK (kind IN ('code', 'automatic')),
  -- Upper case, trimmed: codes are compared case-insensitively.
  code text CHECK (code = upper(btrim(code)) AND length(code) BETWEEN 3 AND 40),
  -- What the shopper is shown: "20% off T-shirts".
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 120),
  type text NOT NULL CHECK (type IN ('percentage', 'fixed', 'free_shipping')),
  percent_off integer CHECK (percent_off BETWEEN 1 AND 100),
  amount_off_kobo bigint CHECK (amount_off_kobo > 0),
  applies_to text NOT NULL DEFAULT 'all' CHECK (applies_to IN ('all', 'categories', 'products')),
  category_ids uuid[] NOT NULL DEFAULT '{}',
  product_ids uuid[] NOT NULL DEFAULT '{}',
  min_subtotal_kobo bigint CHECK (min_subtotal_kobo > 0),
  starts_at timestamptz NOT NULL DEFAULT now(),
  ends_at timestamptz,
  usage_limit integer CHECK (usage_limit > 0),
  per_customer_limit integer CHECK (per_customer_limit > 0),
  uses integer NOT NULL DEFAULT 0 CHECK (uses >= 0),
  is_active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((kind = 'code') = (code IS NOT NULL)),
  CHECK (kind = 'code' OR type = 'percentage'),
  CHECK ((type = 'percentage') = (percent_off IS NOT NULL)),
  CHECK ((type = 'fixed') = (amount_off_kobo IS NOT NULL)),
  CHECK (ends_at IS NULL OR ends_at > starts_at),
  CHECK (usage_limit IS NULL OR uses <= usage_limit)
);
CREATE UNIQUE INDEX discounts_code_key ON discounts (code) WHERE code IS NOT NULL;
CREATE INDEX discounts_automatic_idx ON discounts (starts_at) WHERE kind = 'automatic' AND is_active;

-- One row per order that used a code: held while the order is unpaid, kept once paid, given back
-- (released_at) exactly once when the order is cancelled, expires or goes back to the cart.
CREATE TABLE discount_uses (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  discount_id uuid NOT NULL REFERENCES discounts (id),
  order_id uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  released_at timestamptz,
  UNIQUE (order_id, discount_id)
);
CREATE INDEX discount_uses_customer_idx ON discount_uses (discount_id, user_id) WHERE released_at IS NULL;

-- The order's breakdown: subtotal (at the prices charged for each item) − discount + delivery.
ALTER TABLE orders
  ADD COLUMN discount_kobo bigint NOT NULL DEFAULT 0 CHECK (discount_kobo >= 0),
  ADD COLUMN discount_id uuid REFERENCES discounts (id),
  ADD COLUMN discount_code text,
  ADD COLUMN discount_title text,
  -- The delivery fee a free-delivery code waived (shipping_cost_kobo is then 0).
  ADD COLUMN shipping_discount_kobo bigint NOT NULL DEFAULT 0 CHECK (shipping_discount_kobo >= 0);
ALTER TABLE orders DROP CONSTRAINT orders_check;
ALTER TABLE orders
  ADD CONSTRAINT orders_total_check CHECK (total_amount_kobo = subtotal_kobo - discount_kobo + shipping_cost_kobo),
  ADD CONSTRAINT orders_discount_check CHECK (discount_kobo <= subtotal_kobo);

ALTER TABLE order_items
  -- The product's own price when a sale or an automatic offer charged less (shown struck through).
  ADD COLUMN list_price_kobo bigint CHECK (list_price_kobo > 0),
  -- This line's share of the order's discount: the line was paid unit price × quantity − this.
  ADD COLUMN discount_kobo bigint NOT NULL DEFAULT 0 CHECK (discount_kobo >= 0),
  ADD CONSTRAINT order_items_discount_check CHECK (discount_kobo <= unit_price_kobo * quantity);

-- Which items a refund gave back, for refunds of items (their quantities per order item).
ALTER TABLE refunds ADD COLUMN items jsonb;

-- The price a product is sold at right now: the lower of its sale price (in its window) and the
-- automatic offer that covers it (a percentage off, in its window), never more than its price.
-- now() is the transaction's clock, so every line of an order is priced at one instant.
CREATE FUNCTION offer_price_kobo(p products) RETURNS bigint
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT LEAST(
    p.price_kobo,
    CASE WHEN p.sale_price_kobo IS NOT NULL AND p.sale_starts_at <= now()
              AND (p.sale_ends_at IS NULL OR p.sale_ends_at > now())
         THEN p.sale_price_kobo END,
    (SELECT p.price_kobo - (p.price_kobo * d.percent_off / 100)
       FROM discounts d
      WHERE d.kind = 'automatic' AND d.is_active AND d.starts_at <= now()
        AND (d.ends_at IS NULL OR d.ends_at > now())
        AND (d.applies_to = 'all' OR p.id = ANY (d.product_ids) OR p.category_id = ANY (d.category_ids)
             OR p.subcategory_id = ANY (d.category_ids))
      ORDER BY d.percent_off DESC
      LIMIT 1)
  )
$$;
