-- Listings and search read the newest active products first, with the id as tie-break: one index
-- gives that order, so a page of 20 reads 20 index entries whatever the catalogue's size.
DROP INDEX products_active_created_idx;
CREATE INDEX products_active_newest_idx ON products (created_at DESC, id DESC) WHERE is_active;

-- A GIN index normally parks new entries in a pending list that only vacuum merges; until then
-- every search reads the whole list, and after a bulk import the planner stops using the index.
-- Products are written rarely and searched often: entries go straight into the index.
ALTER INDEX products_search_trgm_idx SET (fastupdate = off);
SELECT gin_clean_pending_list('products_search_trgm_idx'::regclass);
