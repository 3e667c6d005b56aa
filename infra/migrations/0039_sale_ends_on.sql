-- The last day of a product's sale, when the catalog feed gives one (ProductUpserted 3.0):
-- the product page shows it and its structured data publishes it as `priceValidUntil`.
ALTER TABLE products
    ADD COLUMN sale_ends_on date;
