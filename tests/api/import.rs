//! `storefront import`: bad rows are reported with their line and skipped; good rows load.

use std::io::Write;

use crate::common::*;
use storefront::importer::{import_file, Position, Rejected};

async fn with_departments(env: &TestEnv) {
    let file = write_temp(
        "jsonl",
        r#"{"type":"department","id":1,"parentId":null,"name":"Farm & Ranch","url":"/farm-ranch/","bannerImageUrl":null,"bannerLinkUrl":null,"sortOrder":0}
{"type":"department","id":101,"parentId":1,"name":"Fencing","url":"/farm-ranch/fencing/","bannerImageUrl":null,"bannerLinkUrl":null,"sortOrder":0}
"#,
    );
    let report = import_file(&env.pool, file.path()).await.unwrap();
    assert_eq!(report.departments, 2, "{}", report.summary());
}

struct Temp(std::path::PathBuf);
impl Temp {
    fn path(&self) -> &std::path::Path {
        &self.0
    }
}
impl Drop for Temp {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

fn write_temp(extension: &str, text: &str) -> Temp {
    let path = std::env::temp_dir().join(format!("{}.{extension}", unique("import")));
    std::fs::File::create(&path)
        .unwrap()
        .write_all(text.as_bytes())
        .unwrap();
    Temp(path)
}

const CSV: &str =
    "blainNumber,name,vendorBrand,departmentId,price,mapPrice,priceMode,attributes,images
810001,Hi-Tensile Fence Wire 12.5 ga,Red Brand,101,139.99,,,Gauge=12.5|Length=4000 ft,/images/a.jpg
810002,Poly Tape 1/2 in,Zareba,101,-4.00,,,,
810003,T-Post 6 ft,Stay-Tuff,999,5.49,,,,
810004,Electric Fence Charger 25 Mile,Parmak,101,89.99,99.99,BelowMap,,
810005,Insulator Pack,Dare,101,abc,,,,
";

#[tokio::test]
async fn a_csv_import_loads_good_rows_and_reports_bad_ones_by_line() {
    let env = spawn_env().await;
    with_departments(&env).await;
    let file = write_temp("csv", CSV);
    let report = import_file(&env.pool, file.path()).await.unwrap();

    assert_eq!(report.products, 2, "{}", report.summary());
    assert_eq!(
        report.rejected,
        vec![
            Rejected {
                position: Position::Line(3),
                reason: "price: must not be negative".into()
            },
            Rejected {
                position: Position::Line(4),
                reason: "departmentId: department 999 does not exist".into()
            },
            Rejected {
                position: Position::Line(6),
                reason: "price: Please enter a valid dollar amount.".into()
            },
        ]
    );
    let names: Vec<(String, i64, Vec<String>, String)> = sqlx::query_as(
        "SELECT blain_number, price_cents, department_path, price_mode FROM products ORDER BY blain_number",
    )
    .fetch_all(&env.pool)
    .await
    .unwrap();
    assert_eq!(
        names,
        vec![
            (
                "810001".into(),
                13999,
                vec!["Farm & Ranch".into(), "Fencing".into()],
                "Regular".into()
            ),
            (
                "810004".into(),
                8999,
                vec!["Farm & Ranch".into(), "Fencing".into()],
                "BelowMap".into()
            ),
        ]
    );
    // Nothing of a rejected row was written anywhere.
    assert_eq!(
        count(
            &env.pool,
            "SELECT count(*) FROM events WHERE aggregate_id IN ('810002','810003','810005')"
        )
        .await,
        0
    );

    // The same file again changes nothing.
    let again = import_file(&env.pool, file.path()).await.unwrap();
    assert_eq!(
        (again.products, again.unchanged),
        (0, 2),
        "{}",
        again.summary()
    );
}

#[tokio::test]
async fn reviews_sale_prices_and_dates_are_imported_and_checked() {
    let env = spawn_env().await;
    with_departments(&env).await;
    let file = write_temp(
        "csv",
        "blainNumber,name,vendorBrand,departmentId,price,rating,ratingCount,wasPrice,introducedOn,saleEndsOn
820001,Fence Stretcher,Red Brand,101,49.99,4.6,87,59.99,2026-09-14,2026-12-31
820002,Wire Splicer,Red Brand,101,19.99,,,,,
820003,Tension Spring,Red Brand,101,9.99,6,3,,,
820004,Gate Latch,Red Brand,101,12.99,,,9.99,,
820005,Post Driver,Red Brand,101,39.99,,,,14/09/2026,
820006,Fence Pliers,Red Brand,101,24.99,,,,,2026-12-31
820007,Wire Cutter,Red Brand,101,29.99,,,34.99,,31/12/2026
",
    );
    let report = import_file(&env.pool, file.path()).await.unwrap();
    assert_eq!(report.products, 2, "{}", report.summary());
    let reasons: Vec<&str> = report.rejected.iter().map(|r| r.reason.as_str()).collect();
    assert_eq!(
        reasons,
        [
            "rating: needs an average from 1 to 5 and 1 or more reviews",
            "wasPrice: must be above the price",
            "introducedOn: must be a date as YYYY-MM-DD",
            "saleEndsOn: needs a wasPrice (the sale it ends)",
            "saleEndsOn: must be a date as YYYY-MM-DD",
        ]
    );
    type Row = (
        String,
        Option<f64>,
        i32,
        Option<i64>,
        Option<chrono::NaiveDate>,
        Option<chrono::NaiveDate>,
    );
    let rows: Vec<Row> =
        sqlx::query_as(
            "SELECT blain_number, rating_average::float8, rating_count, was_price_cents, introduced_on, \
             sale_ends_on FROM products ORDER BY blain_number",
        )
        .fetch_all(&env.pool)
        .await
        .unwrap();
    assert_eq!(
        rows,
        vec![
            (
                "820001".into(),
                Some(4.6),
                87,
                Some(5999),
                chrono::NaiveDate::from_ymd_opt(2026, 9, 14),
                chrono::NaiveDate::from_ymd_opt(2026, 12, 31)
            ),
            ("820002".into(), None, 0, None, None, None),
        ]
    );
}

#[tokio::test]
async fn a_jsonl_import_reports_unreadable_and_invalid_lines() {
    let env = spawn_env().await;
    with_departments(&env).await;
    let file = write_temp(
        "jsonl",
        r#"{"type":"inventory","blainNumber":"810001","ecomOnHand":12,"stores":[{"storeNum":1,"isStocked":true,"storeOnHand":3}]}
{"type":"inventory","blainNumber":"810002","ecomOnHand":-1,"stores":[]}
not json at all

{"type":"gizmo","id":1}
"#,
    );
    let report = import_file(&env.pool, file.path()).await.unwrap();
    assert_eq!(report.inventory, 1);
    let lines: Vec<String> = report.rejected.iter().map(|r| r.to_string()).collect();
    assert_eq!(lines.len(), 3, "{lines:?}");
    assert_eq!(lines[0], "line 2: ecomOnHand: must not be negative");
    assert!(lines[1].starts_with("line 3: "), "{lines:?}");
    assert!(
        lines[2].starts_with("line 5: unknown variant `gizmo`"),
        "{lines:?}"
    );
    let stock: (i32, i32) = sqlx::query_as(
        "SELECT e.ecom_on_hand, s.store_on_hand FROM ecom_inventory e JOIN store_inventory s USING (blain_number)",
    )
    .fetch_one(&env.pool)
    .await
    .unwrap();
    assert_eq!(stock, (12, 3));
}

#[tokio::test]
async fn an_unsupported_file_type_is_refused_with_the_formats_named() {
    let env = spawn_env().await;
    let file = write_temp("xlsx", "whatever");
    let e = import_file(&env.pool, file.path()).await.unwrap_err();
    assert!(
        e.to_string()
            .contains("use .csv (products), .jsonl or .json"),
        "{e}"
    );
}

/// Security review, defect 9: dollar amounts are parsed exactly from their decimal text (never
/// through floating point), rounded half up to the cent, and bounded; a refused amount names its
/// row and nothing of that row is stored.
#[tokio::test]
async fn dollar_amounts_are_exact_cents_rounded_half_up_and_bounded() {
    let env = spawn_env().await;
    with_departments(&env).await;
    let file = write_temp(
        "csv",
        "blainNumber,name,vendorBrand,departmentId,price,mapPrice,wasPrice
830001,Fence Clip,Red Brand,101,0.285,,
830002,Wire Tie,Red Brand,101,1.005,,
830003,Post Cap,Red Brand,101,12,,
830004,Gate Hook,Red Brand,101,12.5,,
830005,Gold Fence,Red Brand,101,1e300,,
830006,Refund Fence,Red Brand,101,-1,,
830007,Odd Fence,Red Brand,101,NaN,,
830008,Dear Fence,Red Brand,101,1000000000,,
830009,Barn Kit,Red Brand,101,\"$1,299.995\",,\"1,400.0049\"
830010,Map Fence,Red Brand,101,5,1e300,
830011,Sale Fence,Red Brand,101,5,,inf
830012,Comma Fence,Red Brand,101,\"12,50\",,
830013,Top Fence,Red Brand,101,\"$1,000,000.00\",,
",
    );
    let report = import_file(&env.pool, file.path()).await.unwrap();
    let rejected: Vec<String> = report.rejected.iter().map(|r| r.to_string()).collect();
    assert_eq!(
        rejected,
        [
            "line 6: price: Please enter a valid dollar amount.",
            "line 7: price: must not be negative",
            "line 8: price: Please enter a valid dollar amount.",
            "line 9: price: must be at most $1,000,000.00",
            "line 11: mapPrice: Please enter a valid dollar amount.",
            "line 12: wasPrice: Please enter a valid dollar amount.",
            "line 13: price: Please enter a valid dollar amount.",
        ],
        "{}",
        report.summary()
    );
    assert_eq!(report.products, 6, "{}", report.summary());

    let prices: Vec<(String, i64, Option<i64>)> = sqlx::query_as(
        "SELECT blain_number, price_cents, was_price_cents FROM products ORDER BY blain_number",
    )
    .fetch_all(&env.pool)
    .await
    .unwrap();
    assert_eq!(
        prices,
        vec![
            ("830001".into(), 29, None),
            ("830002".into(), 101, None),
            ("830003".into(), 1200, None),
            ("830004".into(), 1250, None),
            ("830009".into(), 130_000, Some(140_000)),
            ("830013".into(), 100_000_000, None),
        ]
    );
    assert_eq!(
        count(
            &env.pool,
            "SELECT count(*) FROM events WHERE aggregate_id IN \
             ('830005','830006','830007','830008','830010','830011','830012')"
        )
        .await,
        0
    );
}

/// JSON records carry whole cents; they are bounded like CSV dollars.
#[tokio::test]
async fn json_cents_are_bounded_and_fractions_refused() {
    let env = spawn_env().await;
    with_departments(&env).await;
    let file = write_temp(
        "jsonl",
        r#"{"type":"product","blainNumber":"840001","name":"Clip","vendorBrand":"Red Brand","departmentId":101,"priceCents":29}
{"type":"product","blainNumber":"840002","name":"Clip","vendorBrand":"Red Brand","departmentId":101,"priceCents":100000001}
{"type":"product","blainNumber":"840003","name":"Clip","vendorBrand":"Red Brand","departmentId":101,"priceCents":28.5}
{"type":"product","blainNumber":"840004","name":"Clip","vendorBrand":"Red Brand","departmentId":101,"priceCents":1e300}
{"type":"product","blainNumber":"840005","name":"Clip","vendorBrand":"Red Brand","departmentId":101,"priceCents":500,"wasPriceCents":9223372036854775807}
{"type":"product","blainNumber":"840006","name":"Clip","vendorBrand":"Red Brand","departmentId":101,"priceCents":500,"warranties":[{"id":"w","name":"Plan","priceCents":4611686018427387904,"years":2}]}
"#,
    );
    let report = import_file(&env.pool, file.path()).await.unwrap();
    assert_eq!(report.products, 1, "{}", report.summary());
    let rejected: Vec<String> = report.rejected.iter().map(|r| r.to_string()).collect();
    assert_eq!(rejected.len(), 5, "{rejected:?}");
    assert_eq!(rejected[0], "line 2: price: must be at most $1,000,000.00");
    assert!(
        rejected[1].starts_with("line 3: invalid type: floating point"),
        "{rejected:?}"
    );
    assert!(
        rejected[2].starts_with("line 4: invalid type: floating point"),
        "{rejected:?}"
    );
    assert_eq!(
        rejected[3],
        "line 5: wasPrice: must be at most $1,000,000.00"
    );
    assert_eq!(
        rejected[4],
        "line 6: warranty: must be at most $1,000,000.00"
    );
    let stored: Vec<(String, i64)> =
        sqlx::query_as("SELECT blain_number, price_cents FROM products ORDER BY blain_number")
            .fetch_all(&env.pool)
            .await
            .unwrap();
    assert_eq!(stored, vec![("840001".into(), 29)]);
}
