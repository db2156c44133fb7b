-- The whole domain model. Money is integer kobo, times are timestamptz, ids are UUIDs.
-- Allowed values live here as CHECK constraints as well as in src/shared/constants.ts.

CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- Accounts -------------------------------------------------------------------------------------

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL UNIQUE,
  email_verified boolean NOT NULL DEFAULT false,
  name text NOT NULL DEFAULT '',
  image text,
  first_name text NOT NULL DEFAULT '',
  last_name text NOT NULL DEFAULT '',
  display_name text,
  phone text,
  role text NOT NULL DEFAULT 'customer' CHECK (role IN ('customer', 'admin', 'super_admin')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token text NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  last_active_at timestamptz NOT NULL DEFAULT now(),
  ip_address text,
  user_agent text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sessions_user_id_idx ON sessions (user_id);

-- Credentials (password hashes) are kept apart from the profile so that no profile query can leak them.
CREATE TABLE accounts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  account_id text NOT NULL,
  provider_id text NOT NULL,
  password text,
  access_token text,
  refresh_token text,
  id_token text,
  access_token_expires_at timestamptz,
  refresh_token_expires_at timestamptz,
  scope text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (provider_id, account_id)
);
CREATE INDEX accounts_user_id_idx ON accounts (user_id);

-- One-time tokens: email confirmation and password reset.
CREATE TABLE verifications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  identifier text NOT NULL,
  value text NOT NULL,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX verifications_identifier_idx ON verifications (identifier);

-- Rate-limit counters live in the database so that every server process sees the same numbers.
CREATE TABLE rate_limits (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  key text NOT NULL UNIQUE,
  count integer NOT NULL CHECK (count >= 0),
  last_request bigint NOT NULL
);

CREATE TABLE addresses (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  full_name text NOT NULL,
  email text NOT NULL,
  phone text NOT NULL,
  address text NOT NULL,
  city text NOT NULL,
  state text NOT NULL,
  is_default boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX addresses_user_id_idx ON addresses (user_id);
CREATE UNIQUE INDEX addresses_one_default_per_user ON addresses (user_id) WHERE is_default;

-- Catalogue ------------------------------------------------------------------------------------

CREATE TABLE categories (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  parent_id uuid REFERENCES categories (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(btrim(name)) > 0),
  slug text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  display_order integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX categories_parent_id_idx ON categories (parent_id);

CREATE TABLE products (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL CHECK (length(btrim(name)) > 0),
  description text NOT NULL DEFAULT '',
  price_kobo bigint NOT NULL CHECK (price_kobo > 0),
  category_id uuid NOT NULL REFERENCES categories (id) ON DELETE RESTRICT,
  subcategory_id uuid REFERENCES categories (id) ON DELETE SET NULL,
  gender text NOT NULL CHECK (gender IN ('men', 'women')),
  is_active boolean NOT NULL DEFAULT true,
  is_featured boolean NOT NULL DEFAULT false,
  -- Mystery / scratchcard items: the product page shows the duplicates and returns notes.
  is_mystery boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX products_active_created_idx ON products (created_at DESC) WHERE is_active;
CREATE INDEX products_category_idx ON products (category_id, gender) WHERE is_active;
CREATE INDEX products_subcategory_idx ON products (subcategory_id, gender) WHERE is_active;
-- Case-insensitive substring search on name and description stays an index scan as the catalogue grows.
CREATE INDEX products_search_trgm_idx ON products
  USING gin ((lower(name) || ' ' || lower(description)) gin_trgm_ops);

CREATE TABLE product_variants (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  product_id uuid NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  size text NOT NULL CHECK (length(btrim(size)) > 0),
  color text,
  stock_quantity integer NOT NULL DEFAULT 0 CHECK (stock_quantity >= 0),
  sku text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX product_variants_option_key ON product_variants (product_id, size, coalesce(color, ''));

-- An image is stored once (original under DATA_DIR); its renditions are listed in `renditions`
-- as [{ "width": 400, "height": 400, "bytes": 12345 }, ...] plus the blurred preview.
CREATE TABLE product_images (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  product_id uuid NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  storage_key text NOT NULL UNIQUE,
  alt_text text NOT NULL DEFAULT '',
  display_order integer NOT NULL CHECK (display_order >= 1),
  width integer NOT NULL CHECK (width > 0),
  height integer NOT NULL CHECK (height > 0),
  renditions jsonb NOT NULL DEFAULT '[]'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX product_images_product_idx ON product_images (product_id, display_order);

-- Cart -----------------------------------------------------------------------------------------

CREATE TABLE carts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL UNIQUE REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Name, price and image are read from the product when the cart is shown, so they are never stale.
CREATE TABLE cart_items (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  cart_id uuid NOT NULL REFERENCES carts (id) ON DELETE CASCADE,
  product_id uuid NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  variant_id uuid NOT NULL REFERENCES product_variants (id) ON DELETE CASCADE,
  gender text NOT NULL CHECK (gender IN ('men', 'women')),
  quantity integer NOT NULL CHECK (quantity > 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (cart_id, variant_id, gender)
);

-- Shipping -------------------------------------------------------------------------------------

CREATE TABLE shipping_methods (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  code text NOT NULL UNIQUE,
  name text NOT NULL,
  fee_kobo bigint NOT NULL CHECK (fee_kobo >= 0),
  -- Free when the subtotal is above this amount; null means never free.
  free_above_kobo bigint CHECK (free_above_kobo IS NULL OR free_above_kobo > 0),
  min_days integer NOT NULL CHECK (min_days >= 0),
  max_days integer NOT NULL,
  is_enabled boolean NOT NULL DEFAULT true,
  display_order integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (max_days >= min_days)
);

-- Orders ---------------------------------------------------------------------------------------

CREATE TABLE orders (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  email text NOT NULL,
  status text NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'processing', 'shipped', 'delivered', 'cancelled')),
  payment_status text NOT NULL DEFAULT 'pending'
    CHECK (payment_status IN ('pending', 'paid', 'failed', 'refunded')),
  subtotal_kobo bigint NOT NULL CHECK (subtotal_kobo >= 0),
  shipping_cost_kobo bigint NOT NULL CHECK (shipping_cost_kobo >= 0),
  total_amount_kobo bigint NOT NULL,
  shipping_address jsonb NOT NULL,
  billing_address jsonb NOT NULL,
  shipping_method text NOT NULL DEFAULT 'Standard Shipping',
  shipping_method_code text,
  payment_method text NOT NULL DEFAULT 'Card (Paystack)',
  notes text,
  paid_at timestamptz,
  -- Set once, when reserved stock goes back on the shelf (cancellation or expiry).
  stock_released_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (total_amount_kobo = subtotal_kobo + shipping_cost_kobo)
);
CREATE INDEX orders_user_created_idx ON orders (user_id, created_at DESC);
CREATE INDEX orders_created_idx ON orders (created_at DESC);
CREATE INDEX orders_unpaid_idx ON orders (created_at) WHERE status = 'pending' AND payment_status = 'pending';

CREATE TABLE order_items (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  order_id uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  -- Snapshots: the line survives the product's deletion.
  product_id uuid REFERENCES products (id) ON DELETE SET NULL,
  variant_id uuid REFERENCES product_variants (id) ON DELETE SET NULL,
  name text NOT NULL,
  gender text CHECK (gender IN ('men', 'women')),
  size text,
  color text,
  image_key text,
  quantity integer NOT NULL CHECK (quantity > 0),
  unit_price_kobo bigint NOT NULL CHECK (unit_price_kobo >= 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX order_items_order_idx ON order_items (order_id);

-- Every attempt to pay an order, with the provider's reference.
CREATE TABLE payment_transactions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  order_id uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  reference text NOT NULL UNIQUE,
  amount_kobo bigint NOT NULL CHECK (amount_kobo > 0),
  currency text NOT NULL DEFAULT 'NGN',
  status text NOT NULL DEFAULT 'initialized'
    CHECK (status IN ('initialized', 'success', 'failed', 'abandoned')),
  access_code text,
  provider_response jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  verified_at timestamptz
);
CREATE INDEX payment_transactions_order_idx ON payment_transactions (order_id);

-- Site notifications and settings --------------------------------------------------------------

CREATE TABLE site_notifications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  title text NOT NULL CHECK (length(btrim(title)) > 0),
  content text NOT NULL CHECK (length(btrim(content)) > 0),
  type text NOT NULL DEFAULT 'info' CHECK (type IN ('info', 'warning', 'promotional', 'success', 'error')),
  is_active boolean NOT NULL DEFAULT true,
  start_date timestamptz NOT NULL DEFAULT now(),
  end_date timestamptz,
  target_audience text NOT NULL DEFAULT 'all' CHECK (target_audience IN ('all', 'new_users', 'returning_users')),
  display_location text NOT NULL DEFAULT 'site_wide'
    CHECK (display_location IN ('site_wide', 'product_page', 'cart', 'checkout')),
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (end_date IS NULL OR end_date > start_date)
);
CREATE INDEX site_notifications_active_idx ON site_notifications (display_location) WHERE is_active;

-- Named settings: 'out_of_stock', 'store'.
CREATE TABLE settings (
  key text PRIMARY KEY,
  value jsonb NOT NULL,
  updated_by uuid REFERENCES users (id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Email and audit ------------------------------------------------------------------------------

CREATE TABLE emails (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  to_address text NOT NULL,
  subject text NOT NULL,
  kind text NOT NULL,
  html text NOT NULL,
  text_body text NOT NULL,
  -- 'stored': kept for the development mailbox because no SMTP server is configured.
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'failed', 'stored')),
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);
CREATE INDEX emails_created_idx ON emails (created_at DESC);
CREATE INDEX emails_to_idx ON emails (to_address, created_at DESC);

CREATE TABLE audit_log (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  actor_id uuid REFERENCES users (id) ON DELETE SET NULL,
  action text NOT NULL,
  entity_type text NOT NULL,
  entity_id text,
  details jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_created_idx ON audit_log (created_at DESC);
