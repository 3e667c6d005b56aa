//! Tax exemption over HTTP (the command side): a signed-in customer applies
//! (`POST /api/account/certificate/apply`), an associate approves or rejects
//! (`POST /api/staff/tax-exemptions/approve|reject`). The reads are the query side's
//! (`query::tax_exemption`).

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Extension, Router};
use chrono::Utc;
use serde::{Deserialize, Serialize};
use serde_json::json;

use super::super::CommandState;
use crate::ordering::exemption::{
    self, ExemptionCommand, ExemptionError, ExemptionKind, ExemptionStatus, TaxExemption,
};
use kernel::http::{ApiError, ApiJson};
use kernel::idempotency::{IdempotencyKey, StoredAnswer};
use kernel::identity::Identity;
use kernel::staff::{Associate, Staff};

pub fn router(state: CommandState) -> Router {
    Router::new()
        .route("/api/account/certificate/apply", post(apply))
        .with_state(state)
}

pub fn staff_router(state: CommandState) -> Router {
    Router::new()
        .route("/api/staff/tax-exemptions/approve", post(approve))
        .route("/api/staff/tax-exemptions/reject", post(reject))
        .with_state(state)
}

impl From<ExemptionError> for ApiError {
    fn from(e: ExemptionError) -> Self {
        let code = match e {
            ExemptionError::AlreadyApproved => "AlreadyApproved",
            ExemptionError::NotPending => "NotPending",
        };
        ApiError::refused(StatusCode::CONFLICT, code, e.to_string())
    }
}

/// An application for a sales-tax exemption.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TaxExemptionRequest {
    /// None or an unknown value: 'Please choose an exemption type.'
    #[serde(default, deserialize_with = "lenient_kind")]
    #[schema(value_type = Option<ExemptionKind>)]
    pub kind: Option<ExemptionKind>,
    /// The certificate's state, two letters.
    #[schema(max_length = 2)]
    pub state: String,
    /// The name on the certificate (a farm, a business, an organisation), 1 to 100 characters.
    #[schema(max_length = 100)]
    pub business_name: String,
    /// The certificate or permit number: 4 to 30 letters, digits, spaces and dashes.
    #[schema(max_length = 30)]
    pub certificate_number: String,
}

/// An unknown kind reads as none (the field's message), not as malformed JSON.
fn lenient_kind<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<ExemptionKind>, D::Error> {
    let value = Option::<serde_json::Value>::deserialize(d)?;
    Ok(value.and_then(|v| serde_json::from_value(v).ok()))
}

/// Where the customer's application stands after the call.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TaxExemptionApplied {
    #[schema(schema_with = super::super::doc::always_true)]
    pub success: bool,
    pub status: ExemptionStatus,
}

#[utoipa::path(post, path = "/api/account/certificate/apply", tag = "ordering",
    summary = "Apply for a sales-tax exemption",
    description = "The signed-in customer applies (again after a rejection, or correcting a pending application) for a farm, resale, nonprofit or government exemption; an associate approves or rejects it. Once approved, their orders taxed in the certificate's state carry no sales tax. The name and number on the certificate are kept sealed (erased with the customer).",
    request_body(content = TaxExemptionRequest, example = json!({
        "kind": "Farm", "state": "WI", "businessName": "Lee Family Farms", "certificateNumber": "ES-1234-5678"})),
    responses(
        (status = 200, description = "Applied: pending review", body = TaxExemptionApplied),
        (status = 400, description = super::super::doc::BAD_REQUEST, body = kernel::http::ErrorBody),
        (status = 401, description = "Not signed in (`NotSignedIn`, 'Please sign in.').", body = kernel::http::ErrorBody),
        (status = 409, description = "`AlreadyApproved`: 'Your tax exemption is already approved.'", body = kernel::http::ErrorBody),
        (status = 422, description = "`InvalidField` with `field`: 'Please choose an exemption type.', 'Please choose a state.', 'Please enter the name on the certificate.', 'Please enter a valid certificate number.'", body = kernel::http::ErrorBody),
    ))]
async fn apply(
    State(state): State<CommandState>,
    identity: Identity,
    key: Option<Extension<IdempotencyKey>>,
    ApiJson(r): ApiJson<TaxExemptionRequest>,
) -> Response {
    let customer = match kernel::session::require_signed_in(&state.pool, &identity).await {
        Ok(signed_in) => signed_in.customer_id,
        Err(e) => return e.into_response(),
    };
    let checked = match exemption::check_application(
        r.kind,
        &r.state,
        &r.business_name,
        &r.certificate_number,
    ) {
        Ok(checked) => checked,
        Err(e) => {
            return ApiError::Field {
                field: e.field,
                message: e.message.into(),
            }
            .into_response()
        }
    };
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
    let seal = |plain: String| {
        let sealer = state.sealer.clone();
        let subject = subject.clone();
        async move { sealer.seal(&subject, &plain).await }
    };
    let (business_name, certificate_number) = match (
        seal(checked.business_name).await,
        seal(checked.certificate_number).await,
    ) {
        (Ok(name), Ok(number)) => (name, number),
        (Err(e), _) | (_, Err(e)) => return ApiError::internal(e).into_response(),
    };
    let command = ExemptionCommand::Apply {
        kind: checked.kind,
        state: checked.state,
        subject,
        business_name,
        certificate_number,
        at: Utc::now(),
    };
    let answer = |a: &TaxExemption, outcome: &Result<usize, ExemptionError>| {
        outcome.is_ok().then(|| {
            StoredAnswer::json(
                StatusCode::OK,
                &TaxExemptionApplied {
                    success: true,
                    status: a.status,
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
    let executed = crate::eventstore::run::<TaxExemption>(&state.pool, &())
        .command(&customer, command)
        .inline(Some(state.inline.as_ref()))
        .idempotency(idempotency)
        .one()
        .await;
    super::super::respond(executed, answer)
}

/// An application to approve.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DecisionRequest {
    /// The applicant (`customerId` of `GET /api/staff/tax-exemptions`).
    #[schema(max_length = 64)]
    pub customer_id: String,
}

/// An application to reject, and why (shown to the customer).
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RejectionRequest {
    #[schema(max_length = 64)]
    pub customer_id: String,
    /// 1 to 200 characters ("The certificate has expired.").
    #[schema(max_length = 200)]
    pub reason: String,
}

/// The application after the decision.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TaxExemptionDecided {
    #[schema(schema_with = super::super::doc::always_true)]
    pub success: bool,
    pub status: ExemptionStatus,
}

pub const NO_SUCH_APPLICATION: &str = "No such application.";

/// The applicant of a decision, when their application exists (answers 404 otherwise, for an
/// id of any length or shape).
async fn applicant(state: &CommandState, customer_id: &str) -> Result<String, ApiError> {
    let id = customer_id.trim();
    if id.is_empty() || id.len() > 64 {
        return Err(ApiError::NotFoundMessage(NO_SUCH_APPLICATION));
    }
    let exists: bool =
        sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM tax_exemptions WHERE customer_id = $1)")
            .bind(id)
            .fetch_one(&state.pool)
            .await?;
    if !exists {
        return Err(ApiError::NotFoundMessage(NO_SUCH_APPLICATION));
    }
    Ok(id.to_string())
}

async fn decide(
    state: &CommandState,
    staff: &Staff<Associate>,
    key: &Option<Extension<IdempotencyKey>>,
    customer_id: &str,
    command: ExemptionCommand,
) -> Response {
    let customer = match applicant(state, customer_id).await {
        Ok(id) => id,
        Err(e) => return e.into_response(),
    };
    let metadata = json!({ "staffId": staff.id() });
    super::super::run_staff_command(
        state,
        key,
        &customer,
        command,
        metadata,
        |a: &TaxExemption| TaxExemptionDecided {
            success: true,
            status: a.status,
        },
    )
    .await
}

#[utoipa::path(post, path = "/api/staff/tax-exemptions/approve", tag = "ordering",
    summary = "Approve a pending tax-exemption application",
    description = "From then on the customer's orders taxed in the certificate's state carry no sales tax. The event keeps the associate's staff id.",
    request_body(content = DecisionRequest),
    responses(
        (status = 200, description = "Approved", body = TaxExemptionDecided),
        (status = 400, description = super::super::doc::BAD_REQUEST, body = kernel::http::ErrorBody),
        (status = 401, description = "No staff credentials", body = kernel::http::ErrorBody),
        (status = 403, description = "Not an associate", body = kernel::http::ErrorBody),
        (status = 404, description = "'No such application.'", body = kernel::http::ErrorBody),
        (status = 409, description = "`NotPending`: 'This application is not awaiting a decision.'", body = kernel::http::ErrorBody),
    ))]
async fn approve(
    State(state): State<CommandState>,
    staff: Staff<Associate>,
    key: Option<Extension<IdempotencyKey>>,
    ApiJson(r): ApiJson<DecisionRequest>,
) -> Response {
    let command = ExemptionCommand::Approve {
        staff_id: staff.id().to_string(),
        at: Utc::now(),
    };
    decide(&state, &staff, &key, &r.customer_id, command).await
}

#[utoipa::path(post, path = "/api/staff/tax-exemptions/reject", tag = "ordering",
    summary = "Reject a pending tax-exemption application",
    description = "The customer sees the reason and may apply again. The event keeps the associate's staff id.",
    request_body(content = RejectionRequest),
    responses(
        (status = 200, description = "Rejected", body = TaxExemptionDecided),
        (status = 400, description = super::super::doc::BAD_REQUEST, body = kernel::http::ErrorBody),
        (status = 401, description = "No staff credentials", body = kernel::http::ErrorBody),
        (status = 403, description = "Not an associate", body = kernel::http::ErrorBody),
        (status = 404, description = "'No such application.'", body = kernel::http::ErrorBody),
        (status = 409, description = "`NotPending`: 'This application is not awaiting a decision.'", body = kernel::http::ErrorBody),
        (status = 422, description = "`InvalidField` (`reason`): 'Please give a reason of 1 to 200 characters.'", body = kernel::http::ErrorBody),
    ))]
async fn reject(
    State(state): State<CommandState>,
    staff: Staff<Associate>,
    key: Option<Extension<IdempotencyKey>>,
    ApiJson(r): ApiJson<RejectionRequest>,
) -> Response {
    let reason = r.reason.trim();
    let chars = reason.chars().count();
    if chars == 0 || chars > 200 || reason.chars().any(char::is_control) {
        return ApiError::Field {
            field: "reason",
            message: exemption::REASON_MESSAGE.into(),
        }
        .into_response();
    }
    let command = ExemptionCommand::Reject {
        staff_id: staff.id().to_string(),
        reason: reason.to_string(),
        at: Utc::now(),
    };
    decide(&state, &staff, &key, &r.customer_id, command).await
}

#[derive(utoipa::OpenApi)]
#[openapi(paths(apply, approve, reject), modifiers(&REPLAYS))]
pub(crate) struct Api;

/// A successful answer may be a replay (refusals are not stored).
const REPLAYS: crate::routes::doc::Replays = crate::routes::doc::Replays(&["200"]);
