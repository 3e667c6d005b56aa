//! Reviews over HTTP (the command side): a signed-in customer writes, edits or removes their
//! review of a product; any visitor votes a review helpful or reports it (once each); a
//! merchandiser publishes, hides or answers a review. Reviews are named by their public id
//! (`rw_…`, a keyed hash: `privacy::PrivacyKeys::review_ref`), never by the customer's id.
//! The reads are the query side's (`query::reviews`).

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Extension, Router};
use serde::{Deserialize, Serialize};

use super::CommandState;
use crate::privacy::vault;
use crate::privacy::Sealed;
use crate::reviews::{
    moderation, review_id, ReportReason, Review, ReviewCommand, ReviewError, ReviewStatus, Written,
    MAX_REPLY_CHARS, MAX_TEXT_CHARS, MAX_TITLE_CHARS, MIN_TEXT_CHARS, RATINGS,
};
use kernel::client::ClientAddress;
use kernel::http::{ApiError, ApiJson};
use kernel::idempotency::{IdempotencyKey, StoredAnswer};
use kernel::identity::Identity;
use kernel::limits::Limit;
use kernel::staff::{Merchandiser, Staff};

pub fn router(state: CommandState) -> Router {
    Router::new()
        .route("/api/reviews/WriteReview", post(write_review))
        .route("/api/reviews/RemoveReview", post(remove_review))
        .route("/api/reviews/VoteHelpful", post(vote_helpful))
        .route("/api/reviews/ReportReview", post(report_review))
        .with_state(state)
}

pub fn staff_router(state: CommandState) -> Router {
    Router::new()
        .route("/api/staff/reviews/PublishReview", post(publish_review))
        .route("/api/staff/reviews/HideReview", post(hide_review))
        .route("/api/staff/reviews/ReplyToReview", post(reply_to_review))
        .with_state(state)
}

/// Reviews written (and edited) per customer, and per address, an hour.
const WRITES_PER_CUSTOMER: Limit = Limit {
    max: 10,
    window_seconds: 3600,
};
const WRITES_PER_ADDRESS: Limit = Limit {
    max: 30,
    window_seconds: 3600,
};
/// Votes and reports per address an hour.
const MARKS_PER_ADDRESS: Limit = Limit {
    max: 120,
    window_seconds: 3600,
};

impl From<ReviewError> for ApiError {
    fn from(e: ReviewError) -> Self {
        let (status, code) = match e {
            ReviewError::InvalidRating => (StatusCode::UNPROCESSABLE_ENTITY, "InvalidReview"),
            ReviewError::NoReview => (StatusCode::NOT_FOUND, "NotFound"),
            ReviewError::AlreadyPublished | ReviewError::AlreadyHidden => {
                (StatusCode::CONFLICT, "AlreadyModerated")
            }
            ReviewError::AlreadyReported => (StatusCode::CONFLICT, "AlreadyReported"),
            ReviewError::TooMany => (StatusCode::UNPROCESSABLE_ENTITY, "TooMany"),
        };
        ApiError::refused(status, code, e.to_string())
    }
}

/// A customer's review of a product.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WriteReviewRequest {
    /// The product number.
    #[schema(max_length = 64)]
    pub product: String,
    /// 1 to 5 stars.
    #[schema(minimum = 1, maximum = 5)]
    pub rating: Option<i64>,
    /// At most 100 characters.
    #[serde(default)]
    #[schema(max_length = 100)]
    pub title: Option<String>,
    /// 20 to 4000 characters, when given.
    #[serde(default)]
    #[schema(max_length = 4000)]
    pub text: Option<String>,
}

/// What became of a review written.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WriteReviewAnswer {
    /// `Published`, or `Held` until a merchandiser has looked at it.
    #[schema(schema_with = published_or_held)]
    pub status: &'static str,
    /// The customer's orders hold the product.
    pub verified: bool,
    pub message: &'static str,
}

pub const PUBLISHED_MESSAGE: &str = "Thanks! Your review is published.";
pub const HELD_MESSAGE: &str = "Thanks! Your review will appear once we have checked it.";
pub const PRODUCT_NOT_FOUND: &str = "Product not found.";
pub const REVIEW_NOT_FOUND: &str = "Review not found.";

/// The review's fields, checked as the spec's form helpers word it.
struct Checked {
    rating: u8,
    title: Option<String>,
    text: Option<String>,
}

fn check(r: &WriteReviewRequest) -> Result<Checked, ApiError> {
    let rating = r
        .rating
        .and_then(|n| u8::try_from(n).ok())
        .filter(|n| RATINGS.contains(n))
        .ok_or(ApiError::Field {
            field: "rating",
            message: "Please make a selection.".into(),
        })?;
    let clean = |s: &Option<String>| {
        s.as_deref()
            .map(|t| t.trim().to_string())
            .filter(|t| !t.is_empty())
    };
    let title = clean(&r.title);
    if title
        .as_ref()
        .is_some_and(|t| t.chars().count() > MAX_TITLE_CHARS)
    {
        return Err(ApiError::Field {
            field: "title",
            message: format!("Must be {MAX_TITLE_CHARS} characters or less."),
        });
    }
    let text = clean(&r.text);
    if let Some(t) = &text {
        let n = t.chars().count();
        if n < MIN_TEXT_CHARS {
            return Err(ApiError::Field {
                field: "text",
                message: format!("Must be at least {MIN_TEXT_CHARS} characters long."),
            });
        }
        if n > MAX_TEXT_CHARS {
            return Err(ApiError::Field {
                field: "text",
                message: format!(
                    "Exceeds {MAX_TEXT_CHARS}-character max by {}",
                    n - MAX_TEXT_CHARS
                ),
            });
        }
    }
    Ok(Checked {
        rating,
        title,
        text,
    })
}

fn address_bucket(identity: &Identity, address: &ClientAddress, what: &str) -> Option<String> {
    address.0.map(|ip| {
        let hash = identity.keyring().derive(what, &ip.to_string());
        format!("{what}:{hash}")
    })
}

/// "Jane D.": the customer's first name and last initial, from their registration (sealed).
async fn reviewer_name(state: &CommandState, customer: &str) -> Result<Option<String>, ApiError> {
    let payload: Option<serde_json::Value> = sqlx::query_scalar(
        "SELECT payload FROM events WHERE aggregate_type = 'Customer' AND aggregate_id = $1 \
         AND event_type = 'CustomerRegistered' ORDER BY sequence LIMIT 1",
    )
    .bind(customer)
    .fetch_optional(&state.pool)
    .await?;
    let Some(registered) = payload.as_ref().and_then(|p| p.get("CustomerRegistered")) else {
        return Ok(None);
    };
    let sealed = |field: &str| {
        registered
            .get(field)
            .and_then(|v| serde_json::from_value::<Sealed>(v.clone()).ok())
    };
    let mut conn = state.pool.acquire().await?;
    let mut names = Vec::with_capacity(2);
    for field in ["firstName", "lastName"] {
        names.push(match sealed(field) {
            Some(s) => vault::open(&mut conn, &s)
                .await
                .map_err(ApiError::internal)?
                .text(),
            None => None,
        });
    }
    let last = names.pop().flatten();
    let first = names.pop().flatten();
    Ok(first.map(|first| {
        let first: String = first.trim().chars().take(40).collect();
        // As shoppers read names: "jane" shows as "Jane".
        let mut letters = first.chars();
        let first: String = match letters.next() {
            Some(c) => c.to_uppercase().chain(letters).collect(),
            None => first,
        };
        match last.and_then(|l| l.trim().chars().next()) {
            Some(initial) => format!("{first} {}.", initial.to_uppercase()),
            None => first,
        }
    }))
}

#[utoipa::path(post, path = "/api/reviews/WriteReview", tag = "reviews",
    summary = "Rate a product 1 to 5, with a title and a text if you like (signed-in customers)",
    description = "One review per customer and product: writing again replaces it (a new version). Published at once unless the moderation rule holds it (a web address, an email address or phone number, a word of the store's list: `Held` until a merchandiser has looked). `verified` when the customer's orders hold the product. The title, text and the name shown (first name and last initial) are sealed under the customer's subject, so erasing the customer erases them. Counts against limits per customer and per address (429). The web sends the Rate tracking event (5) with the rating once this succeeds.",
    request_body(content = WriteReviewRequest, example = json!({"product": "800009", "rating": 4, "title": "Warm and dry", "text": "Wore them through a wet week of chores: dry feet every day."})),
    responses(
        (status = 200, description = "Written (or edited)", body = WriteReviewAnswer),
        (status = 400, description = super::doc::BAD_REQUEST, body = kernel::http::ErrorBody),
        (status = 401, description = "Not signed in (`NotSignedIn`, 'Please sign in.').", body = kernel::http::ErrorBody),
        (status = 404, description = "No such product (`NotFound`, 'Product not found.').", body = kernel::http::ErrorBody),
        (status = 422, description = "`InvalidField` with `field`: rating 'Please make a selection.'; title 'Must be 100 characters or less.'; text 'Must be at least 20 characters long.' or 'Exceeds 4000-character max by {m}'.", body = kernel::http::ErrorBody),
        (status = 429, description = "Too many reviews written lately by this customer (10 an hour) or from this address (30 an hour) (`TooManyAttempts`).", body = kernel::http::ErrorBody, headers(("Retry-After" = u64))),
    ))]
async fn write_review(
    State(state): State<CommandState>,
    identity: Identity,
    address: ClientAddress,
    key: Option<Extension<IdempotencyKey>>,
    ApiJson(r): ApiJson<WriteReviewRequest>,
) -> Response {
    let customer = match kernel::session::require_signed_in(&state.pool, &identity).await {
        Ok(signed_in) => signed_in.customer_id,
        Err(e) => return e.into_response(),
    };
    let product = r.product.trim().to_string();
    if product.is_empty() || product.len() > 64 {
        return ApiError::NotFoundMessage(PRODUCT_NOT_FOUND).into_response();
    }
    let checked = match check(&r) {
        Ok(c) => c,
        Err(e) => return e.into_response(),
    };
    let exists: Result<bool, _> =
        sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM products WHERE blain_number = $1)")
            .bind(&product)
            .fetch_one(&state.pool)
            .await;
    match exists {
        Ok(true) => {}
        Ok(false) => return ApiError::NotFoundMessage(PRODUCT_NOT_FOUND).into_response(),
        Err(e) => return ApiError::from(e).into_response(),
    }
    if let Err(refused) = super::limit(
        &state,
        format!("reviews-customer:{customer}"),
        WRITES_PER_CUSTOMER,
    )
    .await
    {
        return refused;
    }
    if let Some(bucket) = address_bucket(&identity, &address, "reviews-address") {
        if let Err(refused) = super::limit(&state, bucket, WRITES_PER_ADDRESS).await {
            return refused;
        }
    }
    let subject: Option<String> =
        match sqlx::query_scalar("SELECT email_subject FROM customers WHERE customer_id = $1")
            .bind(&customer)
            .fetch_optional(&state.pool)
            .await
        {
            Ok(subject) => subject,
            Err(e) => return ApiError::from(e).into_response(),
        };
    let Some(subject) = subject else {
        return kernel::session::not_signed_in().into_response();
    };
    let name = match reviewer_name(&state, &customer).await {
        Ok(name) => name.unwrap_or_else(|| "A customer".into()),
        Err(e) => return e.into_response(),
    };
    let verified: bool = match sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM orders WHERE customer_id = $1 AND status <> 'Cancelled' \
         AND lines @> jsonb_build_array(jsonb_build_object('blainNumber', $2::text)))",
    )
    .bind(&customer)
    .bind(&product)
    .fetch_one(&state.pool)
    .await
    {
        Ok(v) => v,
        Err(e) => return ApiError::from(e).into_response(),
    };
    let hold = moderation::screen(&[
        checked.title.as_deref().unwrap_or(""),
        checked.text.as_deref().unwrap_or(""),
    ]);
    let seal = |plain: String| {
        let sealer = state.sealer.clone();
        let subject = subject.clone();
        async move { sealer.seal(&subject, &plain).await }
    };
    let mut sealed = Vec::new();
    for plain in [checked.title, checked.text] {
        match plain {
            Some(p) => match seal(p).await {
                Ok(s) => sealed.push(Some(s)),
                Err(e) => return ApiError::internal(e).into_response(),
            },
            None => sealed.push(None),
        }
    }
    let reviewer = match seal(name).await {
        Ok(s) => s,
        Err(e) => return ApiError::internal(e).into_response(),
    };
    let text = sealed.pop().flatten();
    let title = sealed.pop().flatten();
    let command = ReviewCommand::Write(Written {
        product: product.clone(),
        customer: customer.clone(),
        subject,
        rating: checked.rating,
        title,
        text,
        reviewer,
        verified,
        hold,
    });
    let answer = |review: &Review, outcome: &Result<usize, ReviewError>| {
        outcome.is_ok().then(|| {
            let held = review.status == ReviewStatus::Held;
            StoredAnswer::json(
                StatusCode::OK,
                &WriteReviewAnswer {
                    status: if held { "Held" } else { "Published" },
                    verified,
                    message: if held {
                        HELD_MESSAGE
                    } else {
                        PUBLISHED_MESSAGE
                    },
                },
                vec![],
            )
        })
    };
    let idempotency = key
        .as_ref()
        .map(|Extension(key)| crate::eventstore::IdempotentCommand {
            key,
            answer: &answer,
        });
    let executed = crate::eventstore::run::<Review>(&state.pool, &())
        .command(review_id(&product, &customer), command)
        .inline(Some(state.inline.as_ref()))
        .idempotency(idempotency)
        .one()
        .await;
    super::respond(executed, answer)
}

/// The product whose review to remove.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct RemoveReviewRequest {
    #[schema(max_length = 64)]
    pub product: String,
}

#[utoipa::path(post, path = "/api/reviews/RemoveReview", tag = "reviews",
    summary = "Remove your review of a product (signed-in customers)",
    description = "The review leaves the product's page and its average; the customer may write a new one later.",
    request_body = RemoveReviewRequest,
    responses(
        (status = 200, description = "Removed", body = super::Success),
        (status = 400, description = super::doc::BAD_REQUEST, body = kernel::http::ErrorBody),
        (status = 401, description = "Not signed in (`NotSignedIn`, 'Please sign in.').", body = kernel::http::ErrorBody),
        (status = 404, description = "`NotFound`: 'You have not reviewed this product.'", body = kernel::http::ErrorBody),
    ))]
async fn remove_review(
    State(state): State<CommandState>,
    identity: Identity,
    key: Option<Extension<IdempotencyKey>>,
    ApiJson(r): ApiJson<RemoveReviewRequest>,
) -> Response {
    let customer = match kernel::session::require_signed_in(&state.pool, &identity).await {
        Ok(signed_in) => signed_in.customer_id,
        Err(e) => return e.into_response(),
    };
    let product = r.product.trim();
    if product.is_empty() || product.len() > 64 {
        return ApiError::from(ReviewError::NoReview).into_response();
    }
    run(
        &state,
        &key,
        &review_id(product, &customer),
        ReviewCommand::Remove,
        serde_json::json!({}),
        |_| super::Success::TRUE,
    )
    .await
}

/// A review, by its public id (`id` of `GET /api/products/{number}/reviews`).
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct ReviewRef {
    #[schema(max_length = 80)]
    pub review: String,
}

/// A review and why it is reported.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct ReportRequest {
    #[schema(max_length = 80)]
    pub review: String,
    pub reason: ReportReason,
}

/// A review's helpful votes after the vote.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct HelpfulAnswer {
    pub helpful: u32,
}

/// The aggregate id of the review a public id names (404 when none does).
async fn review_of(state: &CommandState, public: &str) -> Result<String, ApiError> {
    let public = public.trim();
    if public.is_empty() || public.len() > 80 {
        return Err(ApiError::NotFoundMessage(REVIEW_NOT_FOUND));
    }
    sqlx::query_scalar("SELECT review_id FROM product_reviews WHERE ref = $1")
        .bind(public)
        .fetch_optional(&state.pool)
        .await?
        .ok_or(ApiError::NotFoundMessage(REVIEW_NOT_FOUND))
}

/// A visitor's vote or report on the review `public` names: counted against the address's
/// limit, recorded under a keyed hash of the visitor.
async fn visitor_step<B: Serialize>(
    state: &CommandState,
    identity: &Identity,
    address: &ClientAddress,
    key: &Option<Extension<IdempotencyKey>>,
    public: &str,
    command: impl FnOnce(String) -> ReviewCommand,
    body: impl Fn(&Review) -> B + Send + Sync,
) -> Response {
    let id = match review_of(state, public).await {
        Ok(id) => id,
        Err(e) => return e.into_response(),
    };
    if let Some(bucket) = address_bucket(identity, address, "review-marks-address") {
        if let Err(refused) = super::limit(state, bucket, MARKS_PER_ADDRESS).await {
            return refused;
        }
    }
    let visitor = match crate::privacy::keys() {
        Ok(k) => k.review_visitor(&identity.visitor_id),
        Err(e) => return ApiError::internal(e).into_response(),
    };
    run(
        state,
        key,
        &id,
        command(visitor),
        serde_json::json!({}),
        body,
    )
    .await
}

#[utoipa::path(post, path = "/api/reviews/VoteHelpful", tag = "reviews",
    summary = "Say a review was helpful (once per visitor)",
    description = "A visitor's second vote on the same review counts nothing (and answers the same). Votes count against a limit per address (429).",
    request_body = ReviewRef,
    responses(
        (status = 200, description = "The review's helpful votes", body = HelpfulAnswer),
        (status = 400, description = super::doc::BAD_REQUEST, body = kernel::http::ErrorBody),
        (status = 404, description = "`NotFound`: 'Review not found.' (or not published).", body = kernel::http::ErrorBody),
        (status = 429, description = "Too many votes and reports from this address (`TooManyAttempts`).", body = kernel::http::ErrorBody, headers(("Retry-After" = u64))),
    ))]
async fn vote_helpful(
    State(state): State<CommandState>,
    identity: Identity,
    address: ClientAddress,
    key: Option<Extension<IdempotencyKey>>,
    ApiJson(r): ApiJson<ReviewRef>,
) -> Response {
    visitor_step(
        &state,
        &identity,
        &address,
        &key,
        &r.review,
        |voter| ReviewCommand::VoteHelpful { voter },
        |review| HelpfulAnswer {
            helpful: review.voters.len() as u32,
        },
    )
    .await
}

#[utoipa::path(post, path = "/api/reviews/ReportReview", tag = "reviews",
    summary = "Report a review to the store's merchandisers (once per visitor)",
    description = "The review stays up and joins the moderation queue until a merchandiser publishes or hides it. Reports count against a limit per address (429).",
    request_body = ReportRequest,
    responses(
        (status = 200, description = "Reported", body = super::Success),
        (status = 400, description = super::doc::BAD_REQUEST, body = kernel::http::ErrorBody),
        (status = 404, description = "`NotFound`: 'Review not found.' (or not published).", body = kernel::http::ErrorBody),
        (status = 409, description = "`AlreadyReported`: 'You already reported this review.'", body = kernel::http::ErrorBody),
        (status = 422, description = "The body has the wrong shape (`InvalidInput`: a reason other than OffTopic, Offensive, Spam, PersonalInformation, Other).", body = kernel::http::ErrorBody),
        (status = 429, description = "Too many votes and reports from this address (`TooManyAttempts`).", body = kernel::http::ErrorBody, headers(("Retry-After" = u64))),
    ))]
async fn report_review(
    State(state): State<CommandState>,
    identity: Identity,
    address: ClientAddress,
    key: Option<Extension<IdempotencyKey>>,
    ApiJson(r): ApiJson<ReportRequest>,
) -> Response {
    let reason = r.reason;
    visitor_step(
        &state,
        &identity,
        &address,
        &key,
        &r.review,
        |reporter| ReviewCommand::Report { reporter, reason },
        |_| super::Success::TRUE,
    )
    .await
}

/// A review to hide, and why (kept with the event, for staff).
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct HideRequest {
    #[schema(max_length = 80)]
    pub review: String,
    /// Up to 200 characters.
    #[serde(default)]
    #[schema(max_length = 200)]
    pub reason: Option<String>,
}

/// The store's answer under a review (empty: none).
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct ReplyRequest {
    #[schema(max_length = 80)]
    pub review: String,
    /// Up to 2000 characters; empty removes the answer.
    #[schema(max_length = 2000)]
    pub text: String,
}

/// A review's standing after a moderation step.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ModeratedAnswer {
    /// `Published`, `Held` or `Hidden`.
    #[schema(schema_with = review_status)]
    pub status: &'static str,
}

fn moderated(review: &Review) -> ModeratedAnswer {
    ModeratedAnswer {
        status: match review.status {
            ReviewStatus::Published => "Published",
            ReviewStatus::Held => "Held",
            ReviewStatus::Hidden | ReviewStatus::None => "Hidden",
        },
    }
}

const STAFF_DESCRIPTION: &str = "Staff only, the merchandiser role: a staff session (with its anti-forgery token) or `Authorization: Bearer` with a staff token; 401 without valid staff credentials, 403 with another role's. The staff id is recorded in the event.";

#[utoipa::path(post, path = "/api/staff/reviews/PublishReview", tag = "reviews",
    summary = "Publish a held, hidden or reported review (merchandisers)",
    description = STAFF_DESCRIPTION,
    request_body = ReviewRef,
    responses(
        (status = 200, description = "Published", body = ModeratedAnswer),
        (status = 400, description = super::doc::BAD_REQUEST, body = kernel::http::ErrorBody),
        (status = 404, description = "`NotFound`: 'Review not found.'", body = kernel::http::ErrorBody),
        (status = 409, description = "`AlreadyModerated`: 'This review is already published.'", body = kernel::http::ErrorBody),
    ))]
async fn publish_review(
    State(state): State<CommandState>,
    staff: Staff<Merchandiser>,
    key: Option<Extension<IdempotencyKey>>,
    ApiJson(r): ApiJson<ReviewRef>,
) -> Response {
    moderate(&state, &staff, &key, &r.review, |staff_id| {
        ReviewCommand::Publish { staff_id }
    })
    .await
}

#[utoipa::path(post, path = "/api/staff/reviews/HideReview", tag = "reviews",
    summary = "Hide a review from shoppers (merchandisers)",
    description = STAFF_DESCRIPTION,
    request_body = HideRequest,
    responses(
        (status = 200, description = "Hidden", body = ModeratedAnswer),
        (status = 400, description = super::doc::BAD_REQUEST, body = kernel::http::ErrorBody),
        (status = 404, description = "`NotFound`: 'Review not found.'", body = kernel::http::ErrorBody),
        (status = 409, description = "`AlreadyModerated`: 'This review is already hidden.'", body = kernel::http::ErrorBody),
        (status = 422, description = "`InvalidField` (`reason`): 'Must be 200 characters or less.'", body = kernel::http::ErrorBody),
    ))]
async fn hide_review(
    State(state): State<CommandState>,
    staff: Staff<Merchandiser>,
    key: Option<Extension<IdempotencyKey>>,
    ApiJson(r): ApiJson<HideRequest>,
) -> Response {
    let reason = r.reason.unwrap_or_default().trim().to_string();
    if reason.chars().count() > 200 {
        return ApiError::Field {
            field: "reason",
            message: "Must be 200 characters or less.".into(),
        }
        .into_response();
    }
    moderate(&state, &staff, &key, &r.review, |staff_id| {
        ReviewCommand::Hide { staff_id, reason }
    })
    .await
}

#[utoipa::path(post, path = "/api/staff/reviews/ReplyToReview", tag = "reviews",
    summary = "Answer a review as the store (merchandisers)",
    description = STAFF_DESCRIPTION,
    request_body = ReplyRequest,
    responses(
        (status = 200, description = "Answered", body = ModeratedAnswer),
        (status = 400, description = super::doc::BAD_REQUEST, body = kernel::http::ErrorBody),
        (status = 404, description = "`NotFound`: 'Review not found.'", body = kernel::http::ErrorBody),
        (status = 422, description = "`InvalidField` (`text`): 'Exceeds 2000-character max by {m}'", body = kernel::http::ErrorBody),
    ))]
async fn reply_to_review(
    State(state): State<CommandState>,
    staff: Staff<Merchandiser>,
    key: Option<Extension<IdempotencyKey>>,
    ApiJson(r): ApiJson<ReplyRequest>,
) -> Response {
    let n = r.text.trim().chars().count();
    if n > MAX_REPLY_CHARS {
        return ApiError::Field {
            field: "text",
            message: format!(
                "Exceeds {MAX_REPLY_CHARS}-character max by {}",
                n - MAX_REPLY_CHARS
            ),
        }
        .into_response();
    }
    let text = r.text;
    moderate(&state, &staff, &key, &r.review, |staff_id| {
        ReviewCommand::Reply { staff_id, text }
    })
    .await
}

/// A merchandiser's step on the review `public` names, recorded with their staff id.
async fn moderate(
    state: &CommandState,
    staff: &Staff<Merchandiser>,
    key: &Option<Extension<IdempotencyKey>>,
    public: &str,
    command: impl FnOnce(String) -> ReviewCommand,
) -> Response {
    let id = match review_of(state, public).await {
        Ok(id) => id,
        Err(e) => return e.into_response(),
    };
    let staff_id = staff.id().to_string();
    let metadata = serde_json::json!({ "staffId": staff_id });
    run(state, key, &id, command(staff_id), metadata, moderated).await
}

async fn run<B: Serialize>(
    state: &CommandState,
    key: &Option<Extension<IdempotencyKey>>,
    id: &str,
    command: ReviewCommand,
    metadata: serde_json::Value,
    body: impl Fn(&Review) -> B + Send + Sync,
) -> Response {
    super::run_staff_command::<Review, B>(state, key, id, command, metadata, body).await
}

fn published_or_held() -> utoipa::openapi::Object {
    super::doc::one_of(&["Published", "Held"])
}

fn review_status() -> utoipa::openapi::Object {
    super::doc::one_of(&["Published", "Held", "Hidden"])
}

/// This module's operations in the OpenAPI document.
#[derive(utoipa::OpenApi)]
#[openapi(
    paths(
        write_review,
        remove_review,
        vote_helpful,
        report_review,
        publish_review,
        hide_review,
        reply_to_review
    ),
    modifiers(&REPLAYS)
)]
pub(crate) struct Api;

const REPLAYS: super::doc::Replays = super::doc::Replays(&["200"]);
