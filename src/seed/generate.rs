//! Turns the tables of `data.rs` into catalog values.

use std::sync::OnceLock;

use chrono::{DateTime, Duration, Utc};
use command::catalog::*;
use sha2::{Digest, Sha256};

use super::data::TOPS;
use super::spec::*;

/// splitmix64: tiny, fast and fixed forever.
struct Rng(u64);

impl Rng {
    fn for_item(stream: u64, index: u64) -> Self {
        let mut r = Rng(stream ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        r.next();
        r
    }
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// Uniform in 0..n (n > 0).
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + self.below((hi - lo + 1).max(1) as u64) as i64
    }
    /// True with probability `percent` / 100.
    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len() as u64) as usize]
    }
}

pub struct StaticCatalog {
    pub departments: Vec<DepartmentData>,
    pub stores: Vec<StoreData>,
    pub site_messages: Vec<SiteMessageData>,
    pub header_links: Vec<HeaderLink>,
    pub mega_menu_ad: MegaMenuAd,
    /// The site-messages banner's sponsored ad.
    pub sponsored_ad: MegaMenuAd,
    pub home_hero: HomeHero,
}

pub struct SeedProduct {
    pub product: ProductData,
    pub ecom_on_hand: i32,
    pub stores: Vec<StoreStock>,
}

/// A leaf department products are generated for.
struct Leaf {
    id: i32,
    path: Vec<String>,
    fam: &'static Fam,
    nouns: &'static [&'static str],
    /// Cumulative weight up to and including this leaf.
    until: u64,
}

struct Tree {
    departments: Vec<DepartmentData>,
    leaves: Vec<Leaf>,
}

/// Builds the department list and the weighted leaves while walking the tables.
#[derive(Default)]
struct Builder {
    departments: Vec<DepartmentData>,
    leaves: Vec<Leaf>,
    total: u64,
}

impl Builder {
    fn walk(&mut self, node: &'static Node, department: DepartmentData, path: &[String]) {
        let mut path = path.to_vec();
        path.push(node.name.to_string());
        if let Some(fam) = node.fam {
            self.total += u64::from(node.weight.max(1));
            self.leaves.push(Leaf {
                id: department.id,
                path: path.clone(),
                fam,
                nouns: node.nouns,
                until: self.total,
            });
        }
        let (id, url) = (department.id, department.url.clone());
        self.departments.push(department);
        self.kids(node.kids, id, &url, &path);
    }

    fn kids(&mut self, kids: &'static [Node], parent: i32, parent_url: &str, path: &[String]) {
        for (k, kid) in kids.iter().enumerate() {
            let department = DepartmentData {
                id: parent * 100 + k as i32 + 1,
                parent_id: Some(parent),
                name: kid.name.to_string(),
                url: format!("{parent_url}{}/", slug(kid.name)),
                banner_image_url: None,
                banner_link_url: None,
                sort_order: k as i32,
            };
            self.walk(kid, department, path);
        }
    }
}

fn tree() -> &'static Tree {
    static TREE: OnceLock<Tree> = OnceLock::new();
    TREE.get_or_init(|| {
        let mut b = Builder::default();
        for (order, top) in TOPS.iter().enumerate() {
            let top_slug = top.slug.map_or_else(|| slug(top.name), str::to_string);
            let url = format!("/{top_slug}/");
            b.departments.push(DepartmentData {
                id: top.id,
                parent_id: None,
                name: top.name.to_string(),
                url: url.clone(),
                banner_image_url: top
                    .banner
                    .map(|_| format!("/images/banners/{top_slug}.svg")),
                banner_link_url: top.banner.map(str::to_string),
                sort_order: order as i32,
            });
            b.kids(top.kids, top.id, &url, &[top.name.to_string()]);
        }
        Tree {
            departments: b.departments,
            leaves: b.leaves,
        }
    })
}

/// Every department, top level first in menu order, then their descendants.
pub fn departments() -> Vec<DepartmentData> {
    tree().departments.clone()
}

pub fn stores() -> Vec<StoreData> {
    serde_json::from_str(include_str!("../../infra/data/stores.json"))
        .expect("infra/data/stores.json holds valid stores")
}

pub fn static_catalog(reference: DateTime<Utc>) -> StaticCatalog {
    let day = reference
        .date_naive()
        .and_hms_opt(0, 0, 0)
        .expect("midnight")
        .and_utc();
    let site_messages = vec![
        SiteMessageData {
            id: "free-shipping".into(),
            text: "Free shipping on orders over $49".into(),
            link: Some("/shipping-returns/".into()),
            icon: Some("truck".into()),
            countdown: Countdown::None,
            end_date_time: None,
            sort_order: 0,
        },
        SiteMessageData {
            id: "fall-sale".into(),
            text: "Fall Savings Event ends in".into(),
            link: Some("/weekly-ad/".into()),
            icon: Some("tag".into()),
            countdown: Countdown::Before,
            end_date_time: Some(day + Duration::days(9) + Duration::hours(5)),
            sort_order: 1,
        },
        SiteMessageData {
            id: "store-pickup".into(),
            text: "Order online, pick up in store in as little as 2 hours".into(),
            link: Some("/store-pickup/".into()),
            icon: Some("store".into()),
            countdown: Countdown::None,
            end_date_time: None,
            sort_order: 2,
        },
        SiteMessageData {
            id: "rewards-launch".into(),
            text: "Rewards members have been earning points for".into(),
            link: Some("/rewards/".into()),
            icon: Some("clock".into()),
            countdown: Countdown::After,
            end_date_time: Some(day - Duration::days(30)),
            sort_order: 3,
        },
    ];
    let link = |text: &str, link: &str| HeaderLink {
        text: text.into(),
        link: link.into(),
    };
    StaticCatalog {
        departments: departments(),
        stores: stores(),
        site_messages,
        header_links: vec![
            link("Weekly Ad", "/weekly-ad/"),
            link("Rewards", "/rewards/"),
            link("Gift Cards", "/gift-cards/"),
            link("Tires", "/tires/"),
            link("Store Pickup", "/store-pickup/"),
            link("Farms", "/farms/"),
        ],
        mega_menu_ad: MegaMenuAd {
            ad_id: "megamenu-fall-feed".into(),
            desktop_image: "/images/ads/fall-feed-desktop.svg".into(),
            mobile_image: "/images/ads/fall-feed-mobile.svg".into(),
            cta_link: "/farm-ranch/animal-feed/".into(),
            banner_image_accessible_text: "Bags of horse and poultry feed in a barn".into(),
            cta_accessible_text: "Shop animal feed".into(),
        },
        sponsored_ad: MegaMenuAd {
            ad_id: "banner-winter-tires".into(),
            desktop_image: "/images/ads/winter-tires-desktop.svg".into(),
            mobile_image: "/images/ads/winter-tires-mobile.svg".into(),
            cta_link: "/tires/".into(),
            banner_image_accessible_text: "A pickup truck on snow tires on a country road".into(),
            cta_accessible_text: "Shop winter tires".into(),
        },
        home_hero: HomeHero {
            title: "Everything for the farm, the home and the garage".into(),
            text: "Feed, fencing, tools, tires and more, at prices that work as hard as you do. \
                   Order online and pick up in store today."
                .into(),
            link_text: "Shop this week's deals".into(),
            link: "/weekly-ad/".into(),
            image: "/images/banners/hero-desktop.svg".into(),
            image_mobile: "/images/banners/hero-mobile.svg".into(),
            alt: "A red barn and a silo beside a green pasture under a morning sun".into(),
        },
    }
}

/// Blain numbers: 7 digits, distinct for the first 9,000,000 indexes (7919 is prime to 9e6).
fn blain_number(index: u64) -> String {
    (1_000_000 + (index * 7_919) % 9_000_000).to_string()
}

const PRODUCT_STREAM: u64 = 0x5EED_0001;
const INVENTORY_STREAM: u64 = 0x5EED_0002;

/// Streams `count` products with their inventory at every store; sales that end, end some
/// days after `reference`'s day (the day the seed runs).
pub fn products(
    count: usize,
    stores: &[StoreData],
    reference: DateTime<Utc>,
) -> impl Iterator<Item = SeedProduct> + '_ {
    let today = reference.date_naive();
    (0..count as u64).map(move |i| {
        let product = product(i, today);
        let (ecom_on_hand, stores) = inventory(i, stores);
        SeedProduct {
            product,
            ecom_on_hand,
            stores,
        }
    })
}

fn price_cents(rng: &mut Rng, lo: i64, hi: i64, position: Option<(usize, usize)>) -> i64 {
    let (lo, hi) = (lo * 100, hi * 100);
    let dollars = match position {
        // Sized items: the price follows the size.
        Some((idx, len)) => {
            let span = (hi - lo) / len as i64;
            lo + span * idx as i64 + rng.range(0, span.max(1) - 1)
        }
        None => rng.range(lo, hi),
    } / 100;
    let cents = *rng.pick(&[99, 99, 99, 49, 97, 79]);
    (dollars.max(1) * 100 - 100 + cents).max(99)
}

fn product(i: u64, today: chrono::NaiveDate) -> ProductData {
    let mut rng = Rng::for_item(PRODUCT_STREAM, i);
    let tree = tree();
    let total = tree.leaves.last().expect("leaves").until;
    let ticket = rng.below(total);
    let leaf = &tree.leaves[tree.leaves.partition_point(|l| l.until <= ticket)];
    let blain = blain_number(i);
    let fam = leaf.fam;

    let mut p = match fam.special {
        Special::Tire(cat) => tire(&mut rng, cat),
        Special::Battery(cat) => battery(&mut rng, cat),
        Special::None => general(&mut rng, leaf),
    };
    p.blain_number = blain.clone();
    p.department_id = leaf.id;
    p.department_path = leaf.path.clone();
    if p.kind == ProductKind::General && leaf.path[0] == "Automotive" {
        p.kind = ProductKind::Auto;
    }
    p.images = (1..=rng.range(1, 3))
        .map(|n| format!("/images/products/{blain}_{n}.svg"))
        .collect();

    // MAP pricing: about 5% below MAP, 10% at MAP.
    match rng.below(100) {
        0..=4 => {
            p.map_price_cents = Some(p.price_cents + p.price_cents * rng.range(10, 25) / 100 + 1);
            p.price_mode = PriceMode::BelowMap;
        }
        5..=14 => p.map_price_cents = Some(p.price_cents),
        _ => {}
    }
    p.warning_level = if fam.flags & CH != 0 {
        match rng.below(10) {
            0..=3 => WarningLevel::Cancer,
            4..=5 => WarningLevel::ReproductiveHarm,
            6 => WarningLevel::Full,
            _ => WarningLevel::NoWarning,
        }
    } else {
        match rng.below(100) {
            0..=2 => WarningLevel::Unknown,
            3..=4 => WarningLevel::Cancer,
            5 => WarningLevel::ReproductiveHarm,
            6 => WarningLevel::Full,
            _ => WarningLevel::NoWarning,
        }
    };
    p.requires_confirmation = fam.flags & CF != 0;
    p.requires_agreement = fam.flags & AG != 0;
    if i >= 10 && rng.chance(3) {
        let parts = rng.range(2, 3);
        p.bundle = (0..parts)
            .map(|k| BundleComponent {
                blain_number: blain_number((i / (k as u64 + 2)).saturating_sub(k as u64 + 1)),
                quantity: rng.range(1, 2) as i32,
            })
            .filter(|c| c.blain_number != blain)
            .collect();
        p.bundle.dedup_by(|a, b| a.blain_number == b.blain_number);
    }
    if fam.flags & WR != 0 {
        let plans = rng.range(1, 2);
        p.warranties = (1..=plans)
            .map(|k| {
                let years = (k + 1) as i32;
                Warranty {
                    id: format!("PP{years}-{blain}"),
                    name: format!("{years}-Year Protection Plan"),
                    price_cents: (p.price_cents * (6 + 4 * k) / 100).max(299) / 100 * 100 + 99,
                    years,
                }
            })
            .collect();
    }
    p.fulfillment = Fulfillment {
        ship_to_home: fam.flags & NS == 0,
        store_pickup: !rng.chance(4),
        same_day_delivery: rng.chance(30),
    };
    // Drawn last, so the fields above stay as they were before these existed.
    extras(&mut rng, &mut p, today);
    p
}

/// The first day of the demo range; products came in on days after it.
const RANGE_START: (i32, u32, u32) = (2019, 1, 1);
/// Days of the demo range (to 2026-10-31): fixed, so a seed is the same whatever the date.
const RANGE_DAYS: i64 = 2860;

/// Reviews (about 70% of products, mostly 4 stars and up), a sale price (about 12% of the
/// regular-priced products without a MAP), the day the product came in and, for about half of
/// the sales, their last day: 3 to 45 days after `today`.
fn extras(rng: &mut Rng, p: &mut ProductData, today: chrono::NaiveDate) {
    if rng.chance(70) {
        let count = match rng.below(10) {
            0..=5 => rng.range(1, 25),
            6..=8 => rng.range(26, 200),
            _ => rng.range(201, 1500),
        } as i32;
        let tenths = match rng.below(20) {
            0 => rng.range(10, 29),
            1..=4 => rng.range(30, 39),
            _ => rng.range(40, 50),
        };
        p.rating = Some(RatingSummary {
            average: tenths as f64 / 10.0,
            count,
        });
    }
    if p.price_mode == PriceMode::Regular && p.map_price_cents.is_none() && rng.chance(12) {
        let higher = p.price_cents + p.price_cents * rng.range(10, 35) / 100;
        p.was_price_cents = Some((higher / 100 + 1) * 100 - 1);
    }
    let (y, m, d) = RANGE_START;
    let start = chrono::NaiveDate::from_ymd_opt(y, m, d).expect("a real date");
    p.introduced_on = Some(start + chrono::Days::new(rng.range(0, RANGE_DAYS) as u64));
    if p.was_price_cents.is_some() && rng.chance(50) {
        p.sale_ends_on = Some(today + chrono::Days::new(rng.range(3, 45) as u64));
    }
}

fn blank(kind: ProductKind) -> ProductData {
    ProductData::new("", "", kind, 0)
}

fn attr(name: &str, value: impl Into<String>) -> Attribute {
    Attribute {
        name: name.into(),
        value: value.into(),
    }
}

fn general(rng: &mut Rng, leaf: &Leaf) -> ProductData {
    let fam = leaf.fam;
    let noun = if leaf.nouns.is_empty() {
        leaf.path.last().expect("path").as_str()
    } else {
        rng.pick(leaf.nouns)
    };
    let (brand, noun) = match noun.split_once('|') {
        Some((brand, noun)) => (brand.to_string(), noun.to_string()),
        None => (rng.pick(fam.brands).to_string(), noun.to_string()),
    };
    let mut name = format!("{brand} {noun}");
    let mut attributes = Vec::new();
    let mut sized = None;
    for (k, axis) in fam.show.iter().enumerate() {
        let idx = rng.below(axis.vals.len() as u64) as usize;
        let value = axis.vals[idx];
        if k == 0 && fam.flags & SZ != 0 {
            sized = Some((idx, axis.vals.len()));
        }
        name.push_str(", ");
        name.push_str(value);
        attributes.push(attr(axis.name, value));
    }
    for axis in fam.extra {
        if attributes.len() < 6 {
            attributes.push(attr(axis.name, *rng.pick(axis.vals)));
        }
    }
    if attributes.len() < 2 {
        attributes.push(attr("Brand", brand.clone()));
    }
    let about = if fam.about.is_empty() {
        "is a dependable choice for farm, home and shop"
    } else {
        rng.pick(fam.about)
    };
    let mut p = blank(ProductKind::General);
    p.description = format!("The {brand} {noun} {about}.");
    p.name = name;
    p.vendor_brand = brand;
    p.price_cents = price_cents(rng, fam.lo, fam.hi, sized);
    p.attributes = attributes;
    p
}

/// Real, common tire sizes per category: (width, ratio, rim).
const PASSENGER_SIZES: &[(i32, i32, i32)] = &[
    (185, 65, 14),
    (185, 65, 15),
    (195, 65, 15),
    (205, 65, 15),
    (205, 55, 16),
    (215, 60, 16),
    (215, 55, 17),
    (225, 60, 16),
    (225, 65, 17),
    (225, 50, 17),
    (225, 45, 18),
    (235, 45, 18),
    (235, 40, 19),
    (245, 40, 18),
    (245, 45, 19),
    (215, 45, 17),
    (195, 60, 15),
    (205, 60, 16),
    (215, 65, 16),
    (225, 55, 17),
    (235, 55, 17),
    (255, 35, 19),
];
const SUV_SIZES: &[(i32, i32, i32)] = &[
    (225, 65, 17),
    (235, 65, 17),
    (235, 60, 18),
    (245, 60, 18),
    (235, 55, 19),
    (255, 55, 18),
    (265, 65, 17),
    (265, 70, 17),
    (265, 60, 18),
    (275, 55, 20),
    (275, 60, 20),
    (265, 50, 20),
    (245, 65, 17),
    (255, 65, 17),
    (235, 75, 15),
    (265, 70, 16),
    (275, 65, 18),
    (285, 45, 22),
];
const LT_SIZES: &[(i32, i32, i32)] = &[
    (245, 75, 16),
    (265, 75, 16),
    (285, 75, 16),
    (245, 75, 17),
    (265, 70, 17),
    (285, 70, 17),
    (275, 70, 18),
    (275, 65, 20),
    (285, 65, 18),
    (295, 70, 18),
    (315, 70, 17),
    (225, 75, 16),
    (235, 80, 17),
    (275, 70, 17),
];
const TRAILER_SIZES: &[(i32, i32, i32)] = &[
    (205, 75, 14),
    (205, 75, 15),
    (225, 75, 15),
    (235, 80, 16),
    (225, 75, 16),
    (215, 75, 14),
];
const TIRE_LINES: &[(&str, &[&str])] = &[
    (
        "Firestone",
        &[
            "Destination A/T2",
            "Destination LE3",
            "Firehawk AS V2",
            "WeatherGrip",
            "Transforce HT3",
        ],
    ),
    (
        "Bridgestone",
        &[
            "Dueler A/T RH-S",
            "Alenza AS Ultra",
            "Turanza QuietTrack",
            "Blizzak WS90",
        ],
    ),
    (
        "Goodyear",
        &[
            "Wrangler Workhorse AT",
            "Assurance WeatherReady 2",
            "Wrangler DuraTrac RT",
            "Eagle Sport All-Season",
        ],
    ),
    (
        "Michelin",
        &["Defender2", "CrossClimate2", "LTX M/S2", "Premier LTX"],
    ),
    (
        "BFGoodrich",
        &[
            "All-Terrain T/A KO3",
            "Trail-Terrain T/A",
            "Advantage Control",
        ],
    ),
    (
        "Cooper",
        &[
            "Discoverer AT3 4S",
            "Endeavor Plus",
            "Discoverer Road+Trail AT",
        ],
    ),
    ("General", &["Grabber ATX", "AltiMAX RT45", "Grabber HTS60"]),
    (
        "Hankook",
        &["Dynapro AT2 Xtreme", "Kinergy PT", "Ventus S1 AS"],
    ),
    (
        "Continental",
        &["TerrainContact A/T", "PureContact LS", "CrossContact LX25"],
    ),
    (
        "Toyo",
        &["Open Country A/T III", "Celsius II", "Extensa A/S II"],
    ),
    ("Falken", &["Wildpeak A/T4W", "Sincera SN250 A/S"]),
    ("Yokohama", &["Geolandar A/T G015", "Avid Ascend LX"]),
];
const TRAILER_LINES: &[(&str, &[&str])] = &[
    ("Carlisle", &["Radial Trail HD", "Sport Trail LH"]),
    ("Goodyear", &["Endurance"]),
    ("Castle Rock", &["Trailer Tire"]),
    ("Power King", &["Towmax STR II"]),
];

fn tire(rng: &mut Rng, cat: TireCat) -> ProductData {
    let (sizes, lines, prefix, season) = match cat {
        TireCat::Passenger => (PASSENGER_SIZES, TIRE_LINES, "", "All-Season"),
        TireCat::Suv => (SUV_SIZES, TIRE_LINES, "", "All-Season"),
        TireCat::LightTruck => (LT_SIZES, TIRE_LINES, "LT", "All-Terrain"),
        TireCat::Trailer => (TRAILER_SIZES, TRAILER_LINES, "ST", "Trailer"),
    };
    let &(width, ratio, rim) = rng.pick(sizes);
    let (brand, models) = rng.pick(lines);
    let model = rng.pick(models);
    let load = match cat {
        TireCat::LightTruck => 110 + rng.range(0, 15),
        TireCat::Trailer => 100 + rng.range(0, 20),
        _ => 85 + rng.range(0, 30),
    };
    let speed = *rng.pick(&["S", "T", "H", "V", "R"]);
    let size = format!("{prefix}{width}/{ratio}R{rim}");
    let mut p = blank(ProductKind::Tire);
    p.name = format!("{brand} {model} {size} {load}{speed} Tire");
    p.vendor_brand = brand.to_string();
    p.description = format!(
        "The {brand} {model} is a {season} tire in size {size}, load index {load} and speed rating {speed}."
    );
    p.tire_size = Some(TireSize { width, ratio, rim });
    let base = 60 + (rim - 14) as i64 * 22 + (width - 185) as i64 / 2;
    p.price_cents = price_cents(rng, base.clamp(90, 300), (base + 50).clamp(100, 350), None);
    let tread = match cat {
        TireCat::Trailer => "None".to_string(),
        _ => format!("{} miles", rng.range(4, 8) * 10_000),
    };
    p.attributes = vec![
        attr("Tire Size", size),
        attr("Load Index", load.to_string()),
        attr("Speed Rating", speed),
        attr("Season", season),
        attr("Tread Life Warranty", tread),
    ];
    p.fulfillment.ship_to_home = true;
    p
}

const BATTERY_BRANDS: &[&str] = &[
    "Interstate",
    "DieHard",
    "Optima",
    "Exide",
    "Odyssey",
    "Storefront Farm & Home",
    "ACDelco",
];

fn battery(rng: &mut Rng, cat: BatCat) -> ProductData {
    let brand = rng.pick(BATTERY_BRANDS);
    let mut p = blank(ProductKind::Auto);
    let (name, group, cca, lo, hi) = match cat {
        BatCat::Automotive => {
            let group = *rng.pick(&[
                "24F", "35", "65", "H6", "H7", "H8", "75", "78", "34", "51R", "58", "94R", "48",
                "26R",
            ]);
            let cca = rng.range(11, 17) * 50;
            (
                format!("{brand} Group {group} Automotive Battery, {cca} CCA"),
                group,
                cca,
                110,
                250,
            )
        }
        BatCat::Marine => {
            let group = *rng.pick(&["24", "27", "29", "31"]);
            let cca = rng.range(10, 16) * 50;
            (
                format!("{brand} Group {group} Deep Cycle Marine & RV Battery"),
                group,
                cca,
                120,
                250,
            )
        }
        BatCat::Small => {
            let group = *rng.pick(&["U1", "U1R", "YTX14-BS", "YTX9-BS", "YTX20L-BS", "YB16CL-B"]);
            let cca = rng.range(4, 8) * 50;
            (
                format!("{brand} {group} Lawn & Powersport Battery"),
                group,
                cca,
                30,
                90,
            )
        }
    };
    p.name = name;
    p.vendor_brand = brand.to_string();
    p.description = format!("The {brand} group {group} battery delivers {cca} cold cranking amps for reliable starts in Midwest winters.");
    p.price_cents = price_cents(rng, lo, hi, None);
    p.attributes = vec![
        attr("Group Size", group),
        attr("Cold Cranking Amps", cca.to_string()),
        attr("Voltage", "12V"),
        attr("Warranty", format!("{} Years", rng.range(2, 4))),
    ];
    p
}

fn inventory(i: u64, stores: &[StoreData]) -> (i32, Vec<StoreStock>) {
    let mut rng = Rng::for_item(INVENTORY_STREAM, i);
    let ecom = match rng.below(10) {
        0 => 0,
        1 => rng.range(1, 10),
        _ => rng.range(11, 500),
    } as i32;
    let mut stock: Vec<StoreStock> = stores
        .iter()
        .map(|s| {
            let roll = rng.below(100);
            if s.coming_soon || roll >= 85 {
                return StoreStock {
                    store_num: s.store_num,
                    is_stocked: false,
                    store_on_hand: 0,
                };
            }
            let on_hand = match rng.below(10) {
                0 => 0,
                1 | 2 => rng.range(1, 10),
                _ => rng.range(11, 60),
            } as i32;
            StoreStock {
                store_num: s.store_num,
                is_stocked: true,
                store_on_hand: on_hand,
            }
        })
        .collect();
    stock.sort_by_key(|s| s.store_num);
    (ecom, stock)
}

/// sha256 over the canonical JSON of the static catalog and every product with its inventory.
pub fn checksum(count: usize, reference: DateTime<Utc>) -> String {
    let catalog = static_catalog(reference);
    let mut sum = Checksum::new(&catalog);
    for item in products(count, &catalog.stores, reference) {
        sum.add(&item);
    }
    sum.finish()
}

/// [`checksum`] computed as the catalog is generated (the seed takes it in its one pass).
pub struct Checksum(Sha256);

impl Checksum {
    pub fn new(catalog: &StaticCatalog) -> Self {
        let mut sum = Checksum(Sha256::new());
        sum.feed(serde_json::to_value(&catalog.departments).expect("json"));
        sum.feed(serde_json::to_value(&catalog.stores).expect("json"));
        sum.feed(serde_json::to_value(&catalog.site_messages).expect("json"));
        sum.feed(serde_json::to_value(&catalog.header_links).expect("json"));
        sum.feed(serde_json::to_value(&catalog.mega_menu_ad).expect("json"));
        sum.feed(serde_json::to_value(&catalog.sponsored_ad).expect("json"));
        sum.feed(serde_json::to_value(&catalog.home_hero).expect("json"));
        sum
    }

    fn feed(&mut self, value: serde_json::Value) {
        self.0.update(value.to_string().as_bytes());
        self.0.update(b"\n");
    }

    pub fn add(&mut self, item: &SeedProduct) {
        self.feed(serde_json::json!([
            item.product,
            item.ecom_on_hand,
            item.stores
        ]));
    }

    pub fn finish(self) -> String {
        self.0
            .finalize()
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use std::collections::{HashMap, HashSet};

    use chrono::TimeZone;
    use command::catalog::validate;

    use super::*;

    fn reference() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 22, 9, 30, 0).unwrap()
    }

    #[test]
    fn the_checksum_is_stable_and_depends_on_the_count() {
        assert_eq!(checksum(500, reference()), checksum(500, reference()));
        assert_ne!(checksum(500, reference()), checksum(501, reference()));
    }

    #[test]
    fn product_i_does_not_depend_on_the_count() {
        let stores = stores();
        let small: Vec<_> = products(100, &stores, reference())
            .map(|p| p.product)
            .collect();
        let large: Vec<_> = products(10_000, &stores, reference())
            .take(100)
            .map(|p| p.product)
            .collect();
        assert_eq!(small, large);
    }

    #[test]
    fn the_department_tree_has_the_required_shape() {
        let departments = departments();
        let tops: Vec<_> = departments
            .iter()
            .filter(|d| d.parent_id.is_none())
            .collect();
        assert!(tops.len() >= 20, "{} top-level departments", tops.len());
        let with_children = tops
            .iter()
            .filter(|t| departments.iter().any(|d| d.parent_id == Some(t.id)))
            .count();
        assert!(with_children >= 20);
        let depth3 = departments.iter().filter(|d| d.id > 10_000).count();
        assert!(depth3 > 50, "2-level sub-departments exist: {depth3}");
        let special: Vec<_> = tops
            .iter()
            .filter(|t| t.id == 12 || t.id == 13)
            .map(|t| (t.id, t.name.as_str(), t.url.as_str()))
            .collect();
        assert_eq!(
            special,
            vec![
                (12, "Automotive Service Center", "/automotive-service/"),
                (13, "Animal Rx", "/animalrx/")
            ]
        );
        assert!(!departments
            .iter()
            .any(|d| d.parent_id == Some(12) || d.parent_id == Some(13)));
        let ids: HashSet<i32> = departments.iter().map(|d| d.id).collect();
        assert_eq!(ids.len(), departments.len(), "department ids are unique");
        let urls: HashSet<&str> = departments.iter().map(|d| d.url.as_str()).collect();
        assert_eq!(urls.len(), departments.len(), "department urls are unique");
        for d in &departments {
            validate::department(d).unwrap_or_else(|e| panic!("{d:?}: {e}"));
        }
    }

    #[test]
    fn ten_thousand_products_are_valid_believable_and_include_real_tires() {
        let catalog = static_catalog(reference());
        let by_id: HashMap<i32, &DepartmentData> =
            catalog.departments.iter().map(|d| (d.id, d)).collect();
        let parents: HashSet<i32> = catalog
            .departments
            .iter()
            .filter_map(|d| d.parent_id)
            .collect();
        let real_sizes: HashSet<(i32, i32, i32)> = PASSENGER_SIZES
            .iter()
            .chain(SUV_SIZES)
            .chain(LT_SIZES)
            .chain(TRAILER_SIZES)
            .copied()
            .collect();
        let (mut tires, mut automotive, mut below_map) = (0, 0, 0);
        let (mut sales, mut ending) = (0, 0);
        let today = reference().date_naive();
        let mut names = HashSet::new();
        for item in products(10_000, &catalog.stores, reference()) {
            let p = &item.product;
            validate::product(p).unwrap_or_else(|e| panic!("{p:?}: {e}"));
            validate::inventory(item.ecom_on_hand, &item.stores).unwrap();
            assert_eq!(item.stores.len(), catalog.stores.len());
            assert!(
                !parents.contains(&p.department_id),
                "{} is in a leaf department",
                p.name
            );
            let mut path = vec![];
            let mut current = Some(p.department_id);
            while let Some(id) = current {
                path.push(by_id[&id].name.clone());
                current = by_id[&id].parent_id;
            }
            path.reverse();
            assert_eq!(path, p.department_path);
            if let Some(t) = p.tire_size {
                tires += 1;
                assert_eq!(p.kind, ProductKind::Tire);
                assert!(real_sizes.contains(&(t.width, t.ratio, t.rim)));
                assert_eq!(
                    p.department_path[..2],
                    ["Automotive".to_string(), "Tires".to_string()]
                );
            }
            if p.department_path[0] == "Automotive" {
                automotive += 1;
                assert_ne!(p.kind, ProductKind::General);
            }
            if p.price_mode == PriceMode::BelowMap {
                below_map += 1;
            }
            sales += usize::from(p.was_price_cents.is_some());
            if let Some(last) = p.sale_ends_on {
                ending += 1;
                // Validation refuses an end without a sale; the seed's ends are weeks ahead.
                assert!((3..=45).contains(&(last - today).num_days()), "{last}");
            }
            names.insert(p.name.clone());
        }
        assert!(
            sales > 500 && (sales / 3..=sales * 2 / 3).contains(&ending),
            "{ending} of {sales} sales end"
        );
        assert!(tires >= 500, "{tires} tires");
        assert!(automotive >= 500, "{automotive} automotive products");
        assert!((200..=900).contains(&below_map), "{below_map} below MAP");
        assert!(
            names.len() > 5_000,
            "names rarely repeat: {} distinct",
            names.len()
        );
    }

    #[test]
    fn blain_numbers_are_unique() {
        let unique: HashSet<String> = (0..200_000).map(blain_number).collect();
        assert_eq!(unique.len(), 200_000);
    }

    #[test]
    fn stores_and_site_content_are_valid() {
        let catalog = static_catalog(reference());
        assert!(catalog.stores.len() >= 40);
        for s in &catalog.stores {
            validate::store(s).unwrap_or_else(|e| panic!("{}: {e}", s.store_num));
        }
        for m in &catalog.site_messages {
            validate::site_message(m).unwrap();
        }
        assert!(catalog
            .site_messages
            .iter()
            .any(|m| m.countdown == Countdown::Before
                && m.end_date_time.is_some_and(|t| t > reference())));
        validate::header_links(&catalog.header_links).unwrap();
        validate::mega_menu_ad(&catalog.mega_menu_ad).unwrap();
        validate::mega_menu_ad(&catalog.sponsored_ad).unwrap();
        validate::home_hero(&catalog.home_hero).unwrap();
    }
}
