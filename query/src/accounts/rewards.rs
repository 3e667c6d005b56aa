//! The account's rewards page data (`GET /api/account/rewards`): the rewards number, the
//! balance (pending until the return window closes, then available), the history by sale line
//! and the gift cards, folded from the `rewards_ledger` read model as of now.

use axum::extract::State;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use chrono::{DateTime, Utc};
use serde::Serialize;

use crate::QueryState;
use kernel::http::ApiError;
use kernel::identity::Identity;
use projections::model::ledger::{self, Entry, HistoryKind, LineState};

pub fn router(state: QueryState) -> Router {
    Router::new()
        .route("/api/account/rewards", get(rewards))
        .with_state(state)
}

/// One row of the points history, newest first.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RewardsHistoryRow {
    pub at: DateTime<Utc>,
    /// `earned` (a sale line), `reversed` (returned or cancelled) or `giftCard`.
    pub kind: String,
    /// Points: positive when earned, negative when taken back or spent on a gift card.
    pub points: i64,
    /// The order number, or the gift card's id.
    pub reference: String,
    /// For an earned line: `pending`, `available` or `reversed`.
    #[schema(required)]
    pub state: Option<String>,
    /// For a pending line: when its points become available.
    #[schema(required)]
    pub available_on: Option<DateTime<Utc>>,
}

/// A gift card the points paid for.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GiftCard {
    pub card_id: String,
    pub cents: i64,
    pub issued_at: DateTime<Utc>,
}

/// The customer's rewards account, or none (`member` false).
#[derive(Debug, Default, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AccountRewards {
    pub member: bool,
    #[schema(required)]
    pub rewards_number: Option<String>,
    /// Points earned by sales whose return window is still open.
    pub pending: i64,
    /// Points to spend; below zero when a return took back points a gift card already used.
    pub available: i64,
    /// Points a $25 gift card costs (2,500).
    pub points_per_gift_card: i64,
    pub return_window_days: i64,
    pub history: Vec<RewardsHistoryRow>,
    pub gift_cards: Vec<GiftCard>,
}

#[utoipa::path(get, path = "/api/account/rewards", tag = "rewards",
    summary = "The customer's rewards points, history and gift cards",
    description = "For the signed-in customer's rewards account: 1 point per whole $1 of a sale, pending until the sale's return window closes, then available; a $25 gift card per 2,500 available points; returns take back exactly what a line earned (available may go below zero). `member` false when the customer has no rewards account.",
    responses(
        (status = 200, description = "The rewards account", body = AccountRewards),
        (status = 401, description = "Not signed in (`NotSignedIn`, 'Please sign in.').", body = kernel::http::ErrorBody),
    ))]
async fn rewards(State(state): State<QueryState>, identity: Identity) -> Response {
    let signed_in = match kernel::session::require_signed_in(&state.pool, &identity).await {
        Ok(signed_in) => signed_in,
        Err(e) => return e.into_response(),
    };
    match account_rewards(&state, &signed_in.customer_id, Utc::now()).await {
        Ok(answer) => {
            let mut response = Json(answer).into_response();
            response.headers_mut().insert(
                axum::http::header::CACHE_CONTROL,
                axum::http::HeaderValue::from_static("no-store"),
            );
            response
        }
        Err(e) => e.into_response(),
    }
}

/// The ledger entries of a rewards number, in the order they were recorded.
pub async fn entries(pool: &sqlx::PgPool, rewards_number: &str) -> Result<Vec<Entry>, ApiError> {
    #[derive(sqlx::FromRow)]
    struct Row {
        kind: String,
        reference: String,
        line: Option<String>,
        points: i64,
        at: DateTime<Utc>,
    }
    let rows: Vec<Row> = sqlx::query_as(
        "SELECT kind, reference, line, points, at FROM rewards_ledger \
         WHERE rewards_number = $1 ORDER BY sequence, entry",
    )
    .bind(rewards_number)
    .fetch_all(pool)
    .await?;
    Ok(rows
        .into_iter()
        .filter_map(|r| match r.kind.as_str() {
            "earned" => Some(Entry::Earned {
                order_no: r.reference,
                line: r.line.unwrap_or_default(),
                points: r.points,
                at: r.at,
            }),
            "reversed" => Some(Entry::Reversed {
                order_no: r.reference,
                line: r.line.unwrap_or_default(),
                at: r.at,
            }),
            "giftCard" => Some(Entry::GiftCardIssued {
                card_no: r.reference,
                points: -r.points,
                at: r.at,
            }),
            _ => None,
        })
        .collect())
}

async fn account_rewards(
    state: &QueryState,
    customer: &str,
    now: DateTime<Utc>,
) -> Result<AccountRewards, ApiError> {
    let window_days = state.rewards_return_window_days;
    let mut answer = AccountRewards {
        points_per_gift_card: ledger::POINTS_PER_GIFT_CARD,
        return_window_days: window_days,
        ..Default::default()
    };
    let number: Option<String> =
        sqlx::query_scalar("SELECT rewards_number FROM rewards_members WHERE customer_id = $1")
            .bind(customer)
            .fetch_optional(&state.pool)
            .await?;
    let Some(number) = number else {
        return Ok(answer);
    };
    let entries = entries(&state.pool, &number).await?;
    let window = chrono::Duration::days(window_days);
    let balance = ledger::balance_at(&entries, window, now);
    answer.member = true;
    answer.rewards_number = Some(number);
    answer.pending = balance.pending;
    answer.available = balance.available;
    answer.history = ledger::history(&entries, window, now)
        .into_iter()
        .map(|row| RewardsHistoryRow {
            at: row.at,
            kind: match row.kind {
                HistoryKind::Earned => "earned",
                HistoryKind::Reversed => "reversed",
                HistoryKind::GiftCard => "giftCard",
            }
            .into(),
            points: row.points,
            reference: row.reference,
            state: row.state.map(|s| {
                match s {
                    LineState::Pending => "pending",
                    LineState::Available => "available",
                    LineState::Reversed => "reversed",
                }
                .into()
            }),
            available_on: row.available_on,
        })
        .collect();
    answer.gift_cards = entries
        .iter()
        .filter_map(|e| match e {
            Entry::GiftCardIssued { card_no, at, .. } => Some(GiftCard {
                card_id: card_no.clone(),
                cents: ledger::GIFT_CARD_CENTS,
                issued_at: *at,
            }),
            _ => None,
        })
        .collect();
    Ok(answer)
}

/// This module's operations in the OpenAPI document.
#[derive(utoipa::OpenApi)]
#[openapi(
    paths(rewards),
    components(schemas(AccountRewards, RewardsHistoryRow, GiftCard))
)]
pub struct Api;
