-- A product's stock at every store is one row (arrays in store-number order) instead of one
-- row per (product, store): the demo's million products are stocked at ~44 of 54 stores each,
-- and 44 million rows made seeding and rebuilding the catalog read models take many minutes.
-- Entries exist only for stores that carry the item or hold some: absence = not carried.
CREATE TABLE store_stock
(
    blain_number text PRIMARY KEY,
    store_nums   integer[] NOT NULL,
    stocked      boolean[] NOT NULL,
    on_hand      integer[] NOT NULL
);

INSERT INTO store_stock (blain_number, store_nums, stocked, on_hand)
SELECT blain_number,
       array_agg(store_num ORDER BY store_num),
       array_agg(is_stocked ORDER BY store_num),
       array_agg(store_on_hand ORDER BY store_num)
FROM store_inventory
GROUP BY blain_number;

DROP TABLE store_inventory;

-- Readers keep their row-per-store shape; a filter on blain_number reaches the primary key.
CREATE VIEW store_inventory AS
SELECT s.blain_number, u.store_num, u.is_stocked, u.store_on_hand
FROM store_stock s
         CROSS JOIN LATERAL unnest(s.store_nums, s.stocked, s.on_hand) AS u (store_num, is_stocked, store_on_hand);
