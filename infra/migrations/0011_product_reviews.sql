-- ProductUpserted 2.0: the reviews' summary, the regular price while on sale, and the day the
-- product came into the range ('Top Rated' and 'Newest' sorts, sale prices, the home page).
ALTER TABLE products
    ADD COLUMN rating_average  numeric(2, 1),
    ADD COLUMN rating_count    integer NOT NULL DEFAULT 0,
    ADD COLUMN was_price_cents bigint,
    ADD COLUMN introduced_on   date;

-- The products on sale, cheapest relative to their regular price first (the home page's deals).
CREATE INDEX products_on_sale ON products ((price_cents::float8 / was_price_cents), blain_number)
    WHERE was_price_cents IS NOT NULL;

-- The home page's hero (SiteContent's HomeHeroSet), served in GET /api/home.
CREATE TABLE home_hero
(
    singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
    hero      jsonb NOT NULL
);
