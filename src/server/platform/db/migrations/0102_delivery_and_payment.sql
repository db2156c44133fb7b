-- Delivery and payment the way Nigerian shoppers buy (docs/decisions/2026-11-27-delivery-and-payment.md):
-- delivery zones by state, each with its own methods; pickup in store; the Paystack channel a
-- payment went through; pay on delivery.

-- A zone groups states; each state is in at most one zone (its primary key). A state in no zone
-- cannot be shipped to.
CREATE TABLE shipping_zones (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 60),
  -- Pay on delivery is offered in this zone for orders up to this total (when Settings → Payment
  -- has it on); null: not in this zone.
  pay_on_delivery_max_kobo bigint CHECK (pay_on_delivery_max_kobo IS NULL OR pay_on_delivery_max_kobo > 0),
  display_order integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX shipping_zones_name_key ON shipping_zones (lower(name));

CREATE TABLE shipping_zone_states (
  state text PRIMARY KEY,
  zone_id uuid NOT NULL REFERENCES shipping_zones (id) ON DELETE CASCADE
);
CREATE INDEX shipping_zone_states_zone_idx ON shipping_zone_states (zone_id);

-- Each method belongs to one zone; its code is unique within the zone ('standard' in Lagos and
-- in the South-West are two methods with their own fees). A pickup costs nothing.
ALTER TABLE shipping_methods
  ADD COLUMN zone_id uuid REFERENCES shipping_zones (id) ON DELETE CASCADE,
  ADD COLUMN kind text NOT NULL DEFAULT 'delivery' CHECK (kind IN ('delivery', 'pickup'));

-- A shop that already has methods keeps them, in one zone covering every state as before. A new
-- shop gets the product's zones from ensureDefaults (src/server/platform/db/defaults.ts).
DO $$
DECLARE zone uuid;
BEGIN
  IF EXISTS (SELECT 1 FROM shipping_methods) THEN
    INSERT INTO shipping_zones (name, display_order) VALUES ('Nigeria', 1) RETURNING id INTO zone;
    INSERT INTO shipping_zone_states (state, zone_id)
    SELECT state, zone FROM unnest(ARRAY[
      'Abia', 'Adamawa', 'Akwa Ibom', 'Anambra', 'Bauchi', 'Bayelsa', 'Benue', 'Borno', 'Cross River',
      'Delta', 'Ebonyi', 'Edo', 'Ekiti', 'Enugu', 'FCT', 'Gombe', 'Imo', 'Jigawa', 'Kaduna', 'Kano',
      'Katsina', 'Kebbi', 'Kogi', 'Kwara', 'Lagos', 'Nasarawa', 'Niger', 'Ogun', 'Ondo', 'Osun', 'Oyo',
      'Plateau', 'Rivers', 'Sokoto', 'Taraba', 'Yobe', 'Zamfara']) AS state;
    UPDATE shipping_methods SET zone_id = zone;
  END IF;
END $$;

ALTER TABLE shipping_methods
  ALTER COLUMN zone_id SET NOT NULL,
  DROP CONSTRAINT shipping_methods_code_key,
  ADD CONSTRAINT shipping_methods_zone_code_key UNIQUE (zone_id, code),
  ADD CONSTRAINT shipping_methods_pickup_free CHECK (kind = 'delivery' OR fee_kobo = 0);

-- What the order was placed with: the zone's name, delivery or pickup (with where and when, as
-- they were), and how it is paid. Pay on delivery is paid to the admin, who records it in the
-- ledger as an offline payment.
ALTER TABLE orders
  ADD COLUMN shipping_zone text,
  ADD COLUMN fulfilment text NOT NULL DEFAULT 'delivery' CHECK (fulfilment IN ('delivery', 'pickup')),
  ADD COLUMN pickup_location jsonb,
  ADD COLUMN payment_kind text NOT NULL DEFAULT 'paystack'
    CHECK (payment_kind IN ('paystack', 'pay_on_delivery')),
  ADD CONSTRAINT orders_pickup_location CHECK ((fulfilment = 'pickup') = (pickup_location IS NOT NULL));
-- At most one open pay-on-delivery order per account: not cancelled, not paid yet.
CREATE UNIQUE INDEX orders_open_pay_on_delivery_key ON orders (user_id)
  WHERE payment_kind = 'pay_on_delivery' AND status <> 'cancelled' AND payment_status = 'pending';

-- How the shopper is paying, as Paystack last reported it ('card', 'bank_transfer', 'ussd',
-- 'bank'): an unpaid order waits for a pending payment as long as its channel's window allows.
ALTER TABLE payment_transactions
  ADD COLUMN channel text CHECK (channel IS NULL OR length(channel) <= 50);

-- The channels a simulated transaction's pay page offers (Initialize's `channels`); null: all.
ALTER TABLE simulator_transactions
  ADD COLUMN channels text[];
