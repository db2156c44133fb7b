-- Deleting a product first asks whether any order line names it (it is then deactivated instead,
-- so the orders stay whole); the admin's product dialog asks the same. An index keeps both cheap.
CREATE INDEX order_items_product_idx ON order_items (product_id);
