//! `storefront import FILE`: loads a catalog file through the event store.
//!
//! * `.csv`: one product per row (columns in [`CSV_COLUMNS`]; see docs/import.md).
//! * `.jsonl` / `.ndjson`: one record per line, `{"type": "department" | "store" | "product" |
//!   "inventory", …fields in the events' camelCase}`.
//! * `.json`: an array of such records (reported as "item N").
//!
//! Money: CSV dollar amounts are parsed exactly from their decimal text into cents, rounded half
//! up to the cent ([`crate::money::parse_dollars`]; never through floating point); JSON records
//! carry whole cents. Every amount is at most [`crate::money::MAX_PRICE_CENTS`].
//!
//! Every row is parsed and validated before anything is written; a bad row is reported with its
//! line and skipped, the good rows are written. A row's events are appended atomically, so
//! nothing is half-written.

use std::collections::HashMap;
use std::fmt;
use std::path::Path;

use command::catalog::validate;
use command::catalog::*;
use command::eventstore;
use serde::Deserialize;
use sqlx::{PgPool, Row};

use crate::money::{check_cents, parse_dollars};
use crate::progress::Progress;

pub const CSV_COLUMNS: &[&str] = &[
    "blainNumber",
    "name",
    "vendorBrand",
    "description",
    "departmentId",
    "price",
    "mapPrice",
    "priceMode",
    "kind",
    "tireSize",
    "warningLevel",
    "requiresConfirmation",
    "requiresAgreement",
    "images",
    "attributes",
    "shipToHome",
    "storePickup",
    "sameDayDelivery",
];

/// Where a row came from, for messages: "line 7" or "item 3".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Position {
    Line(u64),
    Item(usize),
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Position::Line(n) => write!(f, "line {n}"),
            Position::Item(n) => write!(f, "item {n}"),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rejected {
    pub position: Position,
    pub reason: String,
}

impl fmt::Display for Rejected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.position, self.reason)
    }
}

#[derive(Debug, Default)]
pub struct ImportReport {
    pub departments: usize,
    pub stores: usize,
    pub products: usize,
    pub inventory: usize,
    /// Rows that were valid but changed nothing (identical to what is stored).
    pub unchanged: usize,
    pub rejected: Vec<Rejected>,
}

impl ImportReport {
    pub fn summary(&self) -> String {
        format!(
            "imported {} departments, {} stores, {} products, {} inventory reports ({} unchanged); {} rows rejected",
            self.departments,
            self.stores,
            self.products,
            self.inventory,
            self.unchanged,
            self.rejected.len()
        )
    }
}

#[derive(Debug, Deserialize)]
#[serde(tag = "type", rename_all = "lowercase")]
enum Record {
    Department(DepartmentData),
    Store(Box<StoreData>),
    Product(Box<ProductRecord>),
    Inventory(InventoryRecord),
}

/// A product as imported: the department path may be left out and is then looked up.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct ProductRecord {
    #[serde(flatten)]
    data: ProductDataLoose,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct ProductDataLoose {
    blain_number: String,
    name: String,
    vendor_brand: String,
    #[serde(default)]
    description: String,
    department_id: i32,
    #[serde(default)]
    department_path: Vec<String>,
    #[serde(default = "general")]
    kind: ProductKind,
    price_cents: i64,
    #[serde(default)]
    map_price_cents: Option<i64>,
    #[serde(default = "regular")]
    price_mode: PriceMode,
    #[serde(default)]
    images: Vec<String>,
    #[serde(default)]
    attributes: Vec<Attribute>,
    #[serde(default)]
    tire_size: Option<TireSize>,
    #[serde(default = "no_warning")]
    warning_level: WarningLevel,
    #[serde(default)]
    requires_confirmation: bool,
    #[serde(default)]
    requires_agreement: bool,
    #[serde(default)]
    bundle: Vec<BundleComponent>,
    #[serde(default)]
    warranties: Vec<Warranty>,
    #[serde(default = "default_fulfillment")]
    fulfillment: Fulfillment,
    #[serde(default)]
    rating: Option<RatingSummary>,
    #[serde(default)]
    was_price_cents: Option<i64>,
    #[serde(default)]
    introduced_on: Option<chrono::NaiveDate>,
    #[serde(default)]
    sale_ends_on: Option<chrono::NaiveDate>,
}

fn general() -> ProductKind {
    ProductKind::General
}
fn regular() -> PriceMode {
    PriceMode::Regular
}
fn no_warning() -> WarningLevel {
    WarningLevel::NoWarning
}
fn default_fulfillment() -> Fulfillment {
    Fulfillment {
        ship_to_home: true,
        store_pickup: true,
        same_day_delivery: false,
    }
}

impl From<ProductDataLoose> for ProductData {
    fn from(p: ProductDataLoose) -> Self {
        ProductData {
            blain_number: p.blain_number,
            name: p.name,
            vendor_brand: p.vendor_brand,
            description: p.description,
            department_id: p.department_id,
            department_path: p.department_path,
            kind: p.kind,
            price_cents: p.price_cents,
            map_price_cents: p.map_price_cents,
            price_mode: p.price_mode,
            images: p.images,
            attributes: p.attributes,
            tire_size: p.tire_size,
            warning_level: p.warning_level,
            requires_confirmation: p.requires_confirmation,
            requires_agreement: p.requires_agreement,
            bundle: p.bundle,
            warranties: p.warranties,
            fulfillment: p.fulfillment,
            rating: p.rating,
            was_price_cents: p.was_price_cents,
            introduced_on: p.introduced_on,
            sale_ends_on: p.sale_ends_on,
        }
    }
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct InventoryRecord {
    blain_number: String,
    ecom_on_hand: i32,
    #[serde(default)]
    stores: Vec<StoreStock>,
}

/// A parsed, validated row ready to become commands.
enum Row_ {
    Department(DepartmentData),
    Store(Box<StoreData>),
    Product(Box<ProductData>),
    Inventory(InventoryRecord),
}

/// Records read from a file, and the rows that could not be read.
type Parsed = (Vec<(Position, Record)>, Vec<Rejected>);

pub async fn import_file(pool: &PgPool, path: &Path) -> anyhow::Result<ImportReport> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| anyhow::anyhow!("cannot read {}: {e}", path.display()))?;
    let extension = path
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or("")
        .to_ascii_lowercase();
    let (records, mut rejected) = match extension.as_str() {
        "csv" => parse_csv(&text),
        "jsonl" | "ndjson" => parse_json_lines(&text),
        "json" => parse_json_array(&text)?,
        other => anyhow::bail!(
            "cannot import '.{other}' files: use .csv (products), .jsonl or .json (typed records)"
        ),
    };
    import_records(pool, records, &mut rejected)
        .await
        .map(|mut report| {
            report.rejected = rejected;
            report
        })
}

fn parse_json_lines(text: &str) -> Parsed {
    let mut records = Vec::new();
    let mut rejected = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let position = Position::Line(i as u64 + 1);
        if line.trim().is_empty() {
            continue;
        }
        match serde_json::from_str::<Record>(line) {
            Ok(r) => records.push((position, r)),
            Err(e) => rejected.push(Rejected {
                position,
                reason: json_reason(&e),
            }),
        }
    }
    (records, rejected)
}

fn parse_json_array(text: &str) -> anyhow::Result<Parsed> {
    let items: Vec<serde_json::Value> = serde_json::from_str(text)
        .map_err(|e| anyhow::anyhow!("the file is not a JSON array of records: {e}"))?;
    let mut records = Vec::new();
    let mut rejected = Vec::new();
    for (i, item) in items.into_iter().enumerate() {
        let position = Position::Item(i + 1);
        match serde_json::from_value::<Record>(item) {
            Ok(r) => records.push((position, r)),
            Err(e) => rejected.push(Rejected {
                position,
                reason: json_reason(&e),
            }),
        }
    }
    Ok((records, rejected))
}

fn json_reason(e: &serde_json::Error) -> String {
    // serde's message without its own "at line 1 column 80" suffix.
    let message = e.to_string();
    match message.rfind(" at line ") {
        Some(i) => message[..i].to_string(),
        None => message,
    }
}

fn parse_csv(text: &str) -> Parsed {
    let mut reader = csv::ReaderBuilder::new()
        .flexible(true)
        .trim(csv::Trim::All)
        .from_reader(text.as_bytes());
    let mut records = Vec::new();
    let mut rejected = Vec::new();
    let headers: Vec<String> = match reader.headers() {
        Ok(h) => h.iter().map(str::to_string).collect(),
        Err(e) => {
            rejected.push(Rejected {
                position: Position::Line(1),
                reason: format!("unreadable header: {e}"),
            });
            return (records, rejected);
        }
    };
    let missing: Vec<&str> = [
        "blainNumber",
        "name",
        "vendorBrand",
        "departmentId",
        "price",
    ]
    .into_iter()
    .filter(|c| !headers.iter().any(|h| h == c))
    .collect();
    if !missing.is_empty() {
        rejected.push(Rejected {
            position: Position::Line(1),
            reason: format!("missing columns: {}", missing.join(", ")),
        });
        return (records, rejected);
    }
    for result in reader.records() {
        match result {
            Ok(row) => {
                let line = row.position().map_or(0, |p| p.line());
                let fields = CsvRow {
                    headers: &headers,
                    row: &row,
                };
                match csv_product(&fields) {
                    Ok(p) => records.push((Position::Line(line), Record::Product(Box::new(p)))),
                    Err(reason) => rejected.push(Rejected {
                        position: Position::Line(line),
                        reason,
                    }),
                }
            }
            Err(e) => {
                let line = e.position().map_or(0, |p| p.line());
                rejected.push(Rejected {
                    position: Position::Line(line),
                    reason: format!("unreadable row: {e}"),
                });
            }
        }
    }
    (records, rejected)
}

/// One CSV row, read by column name (a missing column reads as empty).
struct CsvRow<'a> {
    headers: &'a [String],
    row: &'a csv::StringRecord,
}

impl CsvRow<'_> {
    fn get(&self, name: &str) -> &str {
        self.headers
            .iter()
            .position(|h| h == name)
            .and_then(|i| self.row.get(i))
            .unwrap_or("")
    }
}

fn csv_product(row: &CsvRow) -> Result<ProductRecord, String> {
    let get = |name: &str| row.get(name);
    // Exact decimal text to cents, rounded half up, bounded (see crate::money).
    fn money(field: &str, value: &str) -> Result<i64, String> {
        parse_dollars(value).map_err(|e| format!("{field}: {e}"))
    }
    fn flag(field: &str, value: &str, default: bool) -> Result<bool, String> {
        match value.to_ascii_lowercase().as_str() {
            "" => Ok(default),
            "true" | "yes" | "y" | "1" => Ok(true),
            "false" | "no" | "n" | "0" => Ok(false),
            _ => Err(format!("{field}: must be true or false")),
        }
    }
    fn choice<T: serde::de::DeserializeOwned>(
        field: &str,
        value: &str,
        default: T,
    ) -> Result<T, String> {
        if value.is_empty() {
            return Ok(default);
        }
        serde_json::from_value(serde_json::Value::String(value.to_string()))
            .map_err(|_| format!("{field}: '{value}' is not one of the allowed values"))
    }
    let department_id = get("departmentId")
        .parse()
        .map_err(|_| "departmentId: Please enter a valid number.".to_string())?;
    let tire_size = match get("tireSize") {
        "" => None,
        text => Some(
            parse_tire_size(text)
                .ok_or_else(|| format!("tireSize: '{text}' is not a size like 225/65R17"))?,
        ),
    };
    let attributes = get("attributes")
        .split('|')
        .filter(|s| !s.trim().is_empty())
        .map(|pair| {
            pair.split_once('=')
                .map(|(n, v)| Attribute {
                    name: n.trim().to_string(),
                    value: v.trim().to_string(),
                })
                .ok_or_else(|| format!("attributes: '{pair}' is not Name=Value"))
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(ProductRecord {
        data: ProductDataLoose {
            blain_number: get("blainNumber").to_string(),
            name: get("name").to_string(),
            vendor_brand: get("vendorBrand").to_string(),
            description: get("description").to_string(),
            department_id,
            department_path: vec![],
            kind: choice("kind", get("kind"), ProductKind::General)?,
            price_cents: money("price", get("price"))?,
            map_price_cents: match get("mapPrice") {
                "" => None,
                v => Some(money("mapPrice", v)?),
            },
            price_mode: choice("priceMode", get("priceMode"), PriceMode::Regular)?,
            images: get("images")
                .split('|')
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(str::to_string)
                .collect(),
            attributes,
            tire_size,
            warning_level: choice("warningLevel", get("warningLevel"), WarningLevel::NoWarning)?,
            requires_confirmation: flag(
                "requiresConfirmation",
                get("requiresConfirmation"),
                false,
            )?,
            requires_agreement: flag("requiresAgreement", get("requiresAgreement"), false)?,
            bundle: vec![],
            warranties: vec![],
            fulfillment: Fulfillment {
                ship_to_home: flag("shipToHome", get("shipToHome"), true)?,
                store_pickup: flag("storePickup", get("storePickup"), true)?,
                same_day_delivery: flag("sameDayDelivery", get("sameDayDelivery"), false)?,
            },
            rating: match (get("rating"), get("ratingCount")) {
                ("", "") => None,
                (average, count) => Some(RatingSummary {
                    average: average
                        .parse()
                        .map_err(|_| "rating: must be a number from 1 to 5".to_string())?,
                    count: count
                        .parse()
                        .map_err(|_| "ratingCount: must be a whole number".to_string())?,
                }),
            },
            was_price_cents: match get("wasPrice") {
                "" => None,
                v => Some(money("wasPrice", v)?),
            },
            introduced_on: match get("introducedOn") {
                "" => None,
                v => Some(
                    chrono::NaiveDate::parse_from_str(v, "%Y-%m-%d")
                        .map_err(|_| "introducedOn: must be a date as YYYY-MM-DD".to_string())?,
                ),
            },
            sale_ends_on: match get("saleEndsOn") {
                "" => None,
                v => Some(
                    chrono::NaiveDate::parse_from_str(v, "%Y-%m-%d")
                        .map_err(|_| "saleEndsOn: must be a date as YYYY-MM-DD".to_string())?,
                ),
            },
        },
    })
}

/// Every amount of money of a product within [`crate::money::MAX_PRICE_CENTS`], whichever format
/// it came from (CSV dollars are bounded when parsed; JSON records carry cents).
fn price_bounds(p: &ProductData) -> Result<(), String> {
    let bounded = |field: &str, cents: Option<i64>| match cents {
        Some(c) => check_cents(c)
            .map(|_| ())
            .map_err(|e| format!("{field}: {e}")),
        None => Ok(()),
    };
    bounded("price", Some(p.price_cents))?;
    bounded("mapPrice", p.map_price_cents)?;
    bounded("wasPrice", p.was_price_cents)?;
    for w in &p.warranties {
        bounded("warranty", Some(w.price_cents))?;
    }
    Ok(())
}

/// "225/65R17" (also "LT265/75R16", "P205/55R16").
pub fn parse_tire_size(text: &str) -> Option<TireSize> {
    let t = text.trim().to_ascii_uppercase();
    let t = t.trim_start_matches("LT").trim_start_matches('P');
    let (width, rest) = t.split_once('/')?;
    let (ratio, rim) = rest.split_once('R')?;
    Some(TireSize {
        width: width.parse().ok()?,
        ratio: ratio.parse().ok()?,
        rim: rim.trim_start_matches('-').parse().ok()?,
    })
}

/// Department id → names from the top down, from the read model plus the file's departments.
async fn department_paths(
    pool: &PgPool,
    extra: &[DepartmentData],
) -> Result<HashMap<i32, Vec<String>>, sqlx::Error> {
    let mut nodes: HashMap<i32, (Option<i32>, String)> =
        sqlx::query("SELECT id, parent_id, name FROM departments")
            .fetch_all(pool)
            .await?
            .into_iter()
            .map(|r| (r.get("id"), (r.get("parent_id"), r.get("name"))))
            .collect();
    for d in extra {
        nodes.insert(d.id, (d.parent_id, d.name.clone()));
    }
    let mut paths = HashMap::new();
    for &id in nodes.keys() {
        let mut path = Vec::new();
        let mut current = Some(id);
        while let Some(c) = current {
            let Some((parent, name)) = nodes.get(&c) else {
                break;
            };
            path.push(name.clone());
            current = *parent;
            if path.len() > 16 {
                break; // a cycle in bad data; the path is cut rather than looping
            }
        }
        path.reverse();
        paths.insert(id, path);
    }
    Ok(paths)
}

async fn import_records(
    pool: &PgPool,
    records: Vec<(Position, Record)>,
    rejected: &mut Vec<Rejected>,
) -> anyhow::Result<ImportReport> {
    let file_departments: Vec<DepartmentData> = records
        .iter()
        .filter_map(|(_, r)| match r {
            Record::Department(d) => Some(d.clone()),
            _ => None,
        })
        .collect();
    let paths = department_paths(pool, &file_departments).await?;

    let mut rows: Vec<(Position, Row_)> = Vec::new();
    for (position, record) in records {
        let checked = match record {
            Record::Department(d) => validate::department(&d)
                .map(|_| Row_::Department(d))
                .map_err(|e| e.to_string()),
            Record::Store(s) => validate::store(&s)
                .map(|_| Row_::Store(s))
                .map_err(|e| e.to_string()),
            Record::Product(p) => {
                let mut data: ProductData = p.data.into();
                match paths.get(&data.department_id) {
                    Some(path) if data.department_path.is_empty() => {
                        data.department_path = path.clone()
                    }
                    Some(_) => {}
                    None => {
                        rejected.push(Rejected {
                            position,
                            reason: format!(
                                "departmentId: department {} does not exist",
                                data.department_id
                            ),
                        });
                        continue;
                    }
                }
                price_bounds(&data)
                    .and_then(|_| validate::product(&data).map_err(|e| e.to_string()))
                    .map(|_| Row_::Product(Box::new(data)))
            }
            Record::Inventory(i) => validate::blain_number(&i.blain_number)
                .and_then(|_| validate::inventory(i.ecom_on_hand, &i.stores))
                .map(|_| Row_::Inventory(i))
                .map_err(|e| e.to_string()),
        };
        match checked {
            Ok(row) => rows.push((position, row)),
            Err(reason) => rejected.push(Rejected { position, reason }),
        }
    }

    let mut report = ImportReport::default();
    let progress = Progress::new("import", rows.len() as u64);
    let mut departments = Vec::new();
    let mut stores = Vec::new();
    let mut products = Vec::new();
    let mut inventory = Vec::new();
    for (position, row) in rows {
        match row {
            Row_::Department(d) => {
                departments.push((position, d.id.to_string(), DepartmentCommand::Upsert(d)))
            }
            Row_::Store(s) => {
                stores.push((position, s.store_num.to_string(), StoreCommand::Upsert(s)))
            }
            Row_::Product(p) => {
                products.push((position, p.blain_number.clone(), ProductCommand::Upsert(p)))
            }
            Row_::Inventory(i) => inventory.push((
                position,
                i.blain_number.clone(),
                InventoryCommand::Report {
                    blain_number: i.blain_number,
                    ecom_on_hand: i.ecom_on_hand,
                    stores: i.stores,
                },
            )),
        }
    }
    report.departments = run::<Department>(
        pool,
        departments,
        rejected,
        &mut report.unchanged,
        &progress,
    )
    .await?;
    report.stores = run::<Store>(pool, stores, rejected, &mut report.unchanged, &progress).await?;
    report.products =
        run::<Product>(pool, products, rejected, &mut report.unchanged, &progress).await?;
    report.inventory =
        run::<Inventory>(pool, inventory, rejected, &mut report.unchanged, &progress).await?;
    progress.finish();
    rejected.sort_by_key(|r| match r.position {
        Position::Line(n) => n as usize,
        Position::Item(n) => n,
    });
    crate::seeding::catch_up(pool).await?;
    Ok(report)
}

/// Executes one aggregate type's commands in batches; answers how many changed something.
async fn run<A>(
    pool: &PgPool,
    commands: Vec<(Position, String, A::Command)>,
    rejected: &mut Vec<Rejected>,
    unchanged: &mut usize,
    progress: &Progress,
) -> anyhow::Result<usize>
where
    A: cqrs_es::Aggregate<Services = ()> + Clone,
    A::Command: Clone,
{
    let mut changed = 0;
    let mut commands = commands.into_iter().peekable();
    while commands.peek().is_some() {
        let chunk: Vec<_> = commands.by_ref().take(crate::seeding::BATCH).collect();
        let positions: Vec<Position> = chunk.iter().map(|(p, _, _)| *p).collect();
        let size = positions.len() as u64;
        let batch = chunk.into_iter().map(|(_, id, c)| (id, c)).collect();
        let outcomes = eventstore::run::<A>(pool, &())
            .commands(batch)
            .batch()
            .await?;
        for (position, outcome) in positions.into_iter().zip(outcomes) {
            match outcome {
                Ok(0) => *unchanged += 1,
                Ok(_) => changed += 1,
                Err(e) => rejected.push(Rejected {
                    position,
                    reason: e.to_string(),
                }),
            }
        }
        progress.inc(size);
    }
    Ok(changed)
}
