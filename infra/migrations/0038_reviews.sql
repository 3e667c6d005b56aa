-- Reviews (the Review aggregate's events, projected inline): one row per customer and product,
-- with its title, text and shown name opened from their sealed copies (null once the customer
-- is forgotten: 'A customer', no text). `ref` is the public id shoppers' votes and reports name.
CREATE TABLE product_reviews (
    review_id      text PRIMARY KEY,
    ref            text NOT NULL UNIQUE,
    blain_number   text NOT NULL,
    customer_id    text NOT NULL,
    subject        text NOT NULL,
    rating         smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
    title          text,
    body           text,
    reviewer       text,
    verified       boolean NOT NULL,
    -- Published, Held or Hidden.
    status         text NOT NULL,
    hold_reason    text,
    -- Reports since a merchandiser last published or hid it, and their reasons counted.
    open_reports   integer NOT NULL DEFAULT 0,
    report_reasons jsonb NOT NULL DEFAULT '{}',
    helpful        integer NOT NULL DEFAULT 0,
    reply          text,
    replied_at     timestamptz,
    written_at     timestamptz NOT NULL,
    edited_at      timestamptz,
    moderated_by   text,
    moderated_at   timestamptz,
    hidden_reason  text
);
CREATE INDEX product_reviews_product ON product_reviews (blain_number, written_at DESC)
    WHERE status = 'Published';
CREATE INDEX product_reviews_customer ON product_reviews (customer_id);
CREATE INDEX product_reviews_subject ON product_reviews (subject);
CREATE INDEX product_reviews_queue ON product_reviews (written_at)
    WHERE status <> 'Published' OR open_reports > 0;

-- Who found a review helpful (the visitor's keyed hash): one vote each, and 'you found this
-- helpful' on the page.
CREATE TABLE review_votes (
    review_id text NOT NULL,
    voter     text NOT NULL,
    PRIMARY KEY (review_id, voter)
);

-- The published reviews of each product, counted per star (`stars[1]` one star … `stars[5]`).
-- The catalog's own figures (`products.rating_average`, `rating_count`: the seeded history)
-- are added to them where a product's rating is read (projections::reviews::RATING_SQL).
CREATE TABLE review_stats (
    blain_number text PRIMARY KEY,
    count        integer NOT NULL,
    total        integer NOT NULL,
    stars        integer[] NOT NULL
);
