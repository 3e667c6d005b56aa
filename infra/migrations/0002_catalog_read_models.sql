-- Read models of the catalog context. Filled only by projections (projections/src/catalog.rs);
-- every table can be rebuilt from the event store with `storefront projections rebuild`.

-- Which event of which aggregate each projection has applied: projections skip what they have
-- seen and catch up gaps from the event store, so duplicates and lost messages do no harm.
CREATE TABLE projection_progress
(
    projection     text   NOT NULL,
    aggregate_type text   NOT NULL,
    aggregate_id   text   NOT NULL,
    last_sequence  bigint NOT NULL,
    PRIMARY KEY (projection, aggregate_type, aggregate_id)
);

CREATE TABLE departments
(
    id               integer PRIMARY KEY,
    parent_id        integer,
    name             text    NOT NULL,
    url              text    NOT NULL,
    banner_image_url text,
    banner_link_url  text,
    sort_order       integer NOT NULL DEFAULT 0
);
CREATE INDEX departments_parent ON departments (parent_id, sort_order);

CREATE TABLE products
(
    blain_number          text PRIMARY KEY,
    name                  text    NOT NULL,
    vendor_brand          text    NOT NULL,
    description           text    NOT NULL,
    department_id         integer NOT NULL,
    department_path       text[]  NOT NULL,
    kind                  text    NOT NULL,
    price_cents           bigint  NOT NULL,
    map_price_cents       bigint,
    price_mode            text    NOT NULL,
    images                jsonb   NOT NULL,
    attributes            jsonb   NOT NULL,
    tire_width            integer,
    tire_ratio            integer,
    tire_rim              integer,
    warning_level         text    NOT NULL,
    requires_confirmation boolean NOT NULL,
    requires_agreement    boolean NOT NULL,
    bundle                jsonb   NOT NULL,
    warranties            jsonb   NOT NULL,
    ship_to_home          boolean NOT NULL,
    store_pickup          boolean NOT NULL,
    same_day_delivery     boolean NOT NULL,
    discontinued          boolean NOT NULL DEFAULT false
);
CREATE INDEX products_department ON products (department_id);
CREATE INDEX products_tire_size ON products (tire_width, tire_ratio, tire_rim) WHERE tire_width IS NOT NULL;

CREATE TABLE stores
(
    store_num              integer PRIMARY KEY,
    city                   text             NOT NULL,
    city_alias             text             NOT NULL,
    state                  text             NOT NULL,
    address1               text             NOT NULL,
    zip                    text             NOT NULL,
    phone                  text             NOT NULL,
    auto_center_phone      text,
    lat                    double precision NOT NULL,
    lon                    double precision NOT NULL,
    time_zone              text             NOT NULL,
    hours                  jsonb            NOT NULL,
    auto_hours             jsonb,
    url_alias              text             NOT NULL UNIQUE,
    google_place_id        text             NOT NULL,
    google_map_zoom        integer          NOT NULL,
    coming_soon            boolean          NOT NULL,
    local_delivery_enabled boolean          NOT NULL,
    local_delivery_label   text             NOT NULL
);

CREATE TABLE store_inventory
(
    blain_number  text    NOT NULL,
    store_num     integer NOT NULL,
    is_stocked    boolean NOT NULL,
    store_on_hand integer NOT NULL,
    PRIMARY KEY (blain_number, store_num)
);

CREATE TABLE ecom_inventory
(
    blain_number text PRIMARY KEY,
    ecom_on_hand integer NOT NULL
);

CREATE TABLE site_messages
(
    id            text PRIMARY KEY,
    text          text        NOT NULL,
    link          text,
    icon          text,
    countdown     text        NOT NULL,
    end_date_time timestamptz,
    sort_order    integer     NOT NULL,
    active        boolean     NOT NULL
);

CREATE TABLE header_links
(
    position integer PRIMARY KEY,
    text     text NOT NULL,
    link     text NOT NULL
);

CREATE TABLE mega_menu_ad
(
    singleton                   boolean PRIMARY KEY DEFAULT true CHECK (singleton),
    ad_id                       text NOT NULL,
    desktop_image               text NOT NULL,
    mobile_image                text NOT NULL,
    cta_link                    text NOT NULL,
    banner_image_accessible_text text NOT NULL,
    cta_accessible_text         text NOT NULL
);

-- Reference data shipped with the binary (infra/data/zip-centroids.csv), loaded by `migrate`.
CREATE TABLE zip_centroids
(
    zip   text PRIMARY KEY,
    lat   double precision NOT NULL,
    lon   double precision NOT NULL,
    city  text,
    state text
);
