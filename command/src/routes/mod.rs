//! HTTP handlers of the write side (POST commands), by context as in `command/src/<context>/`
//! (`accounts/`, `cart`, `merch/`, `shopping/`; `log` takes the web's client errors), one
//! `router()` per resource.

pub mod accounts;
pub mod cart;
pub mod log;
pub mod merch;
pub mod ordering;
pub mod reviews;
pub mod rewards;
pub mod shopping;

use std::sync::Arc;

use axum::Router;
use sqlx::PgPool;

use axum::response::{IntoResponse, Response};
use cqrs_es::Aggregate;
use kernel::http::ApiError;
use kernel::idempotency::StoredAnswer;

use crate::cart::CartServices;
use crate::eventstore::{Executed, Idempotent, InlineProjection, StoreError};

/// What command handlers need, behind one `Arc` (`kernel::state::Shared`).
pub type CommandState = kernel::state::Shared<CommandParts>;

/// The parts of [`CommandState`].
pub struct CommandParts {
    pub pool: PgPool,
    pub cart_services: CartServices,
    /// Read models updated in the appending transaction (carts, visitors, pins).
    pub inline: Arc<dyn InlineProjection>,
    /// Seals personal fields under their subject's data key (docs/privacy.md).
    pub sealer: crate::privacy::vault::SealerRef,
    /// Who may call staff commands (merchandisers).
    pub staff: Arc<kernel::staff::StaffTokens>,
    /// When client errors were last purged (`log`).
    pub purge_clock: log::PurgeClock,
    /// Sends mail and SMS, once per key (`crate::notify`: the local mailbox or SMTP).
    pub notifier: crate::notify::NotifierRef,
    /// The captcha sign-in asks for after wrong passwords (proof of work or reCAPTCHA).
    pub captcha: crate::accounts::captcha::CaptchaRef,
    /// Reset links and the account calls' limits.
    pub accounts: Arc<crate::accounts::AccountSettings>,
    /// Erases a person ('Delete my account'): the binary's `privacy forget`.
    pub erasure: crate::privacy::erasure::ErasureRef,
    /// Third-party sign-in: the configured identity providers (Google, Apple, Facebook).
    pub providers: Arc<crate::accounts::providers::Providers>,
    /// Passkeys: the relying party (`AccountSettings::passkeys`).
    pub webauthn: Arc<webauthn_rs::Webauthn>,
    /// Where rewards accounts live (the store's own by default: `rewards::local`).
    pub rewards: crate::rewards::provider::ProviderRef,
    /// The return window of points and the limits of the rewards calls.
    pub rewards_settings: Arc<crate::rewards::RewardsSettings>,
    /// The payment gateway (the local one unless a real one is configured).
    pub payments: crate::ordering::payment::PaymentRef,
    /// Where the server's Sale tracking events go (the tracking topic).
    pub sales: crate::ordering::sales::SalesRef,
    /// The header data account answers carry as `headerJson` (the read side's builder).
    pub header: crate::accounts::header::HeaderSourceRef,
}

impl kernel::state::HasStaffTokens for CommandParts {
    fn staff_tokens(&self) -> &Arc<kernel::staff::StaffTokens> {
        &self.staff
    }
}

pub fn router(state: CommandState) -> Router {
    Router::new()
        .merge(accounts::router(state.clone()))
        .merge(accounts::deletion::router(state.clone()))
        .merge(accounts::passkeys::router(state.clone()))
        .merge(accounts::linked::router(state.clone()))
        .merge(accounts::recovery::router(state.clone()))
        .merge(accounts::providers::router(state.clone()))
        .merge(accounts::registries::router(state.clone()))
        .merge(accounts::captcha::router(state.clone()))
        .merge(cart::router(state.clone()))
        .merge(ordering::router(state.clone()))
        .merge(ordering::exemption::router(state.clone()))
        .merge(rewards::router(state.clone()))
        .merge(shopping::newsletter::router(state.clone()))
        .merge(shopping::stores::router(state.clone()))
        .merge(merch::router(state.clone()))
        .merge(reviews::router(state.clone()))
        .merge(accounts::staff_invitation::router(state.clone()))
        .merge(log::router(state))
}

/// The write side's staff operations, all under `/api/staff/…`.
pub fn staff_router(state: CommandState) -> Router {
    merch::staff_router(state.clone())
        .merge(merch::popular::staff_router(state.clone()))
        .merge(merch::synonyms::staff_router(state.clone()))
        .merge(ordering::exemption::staff_router(state.clone()))
        .merge(reviews::staff_router(state.clone()))
        .merge(ordering::staff::staff_router(state))
}

/// One way to answer a command run by `eventstore::Run::one`: a key seen before replays its
/// stored answer (or refuses the key's reuse); a fresh run answers what it stored with its
/// events, else `answer` of the aggregate after it, else the aggregate's refusal as its
/// `From<…> for ApiError` maps it. A failure of the event store is an internal error (details
/// logged, never sent).
pub fn respond<A: Aggregate>(
    result: Result<Idempotent<A>, StoreError>,
    answer: impl FnOnce(&A, &Result<usize, A::Error>) -> Option<StoredAnswer>,
) -> Response
where
    ApiError: From<A::Error>,
{
    match result {
        Ok(Idempotent::Seen(seen)) => seen
            .into_response()
            .unwrap_or_else(|| ApiError::internal("seen key without answer").into_response()),
        Ok(Idempotent::Fresh(Executed { aggregate, outcome }, stored)) => {
            match stored.or_else(|| answer(&aggregate, &outcome)) {
                Some(stored) => stored.into_fresh_response(),
                None => match outcome {
                    Err(e) => ApiError::from(e).into_response(),
                    Ok(_) => ApiError::internal("no answer").into_response(),
                },
            }
        }
        Err(e) => ApiError::internal(e).into_response(),
    }
}

/// Runs a staff command on the aggregate `id` (the staff id and `metadata` in the event's
/// metadata, idempotent under the request's key, read models updated inline) and answers 200
/// with `body` of the aggregate after it, or the aggregate's refusal.
pub(crate) async fn run_staff_command<A, B>(
    state: &CommandState,
    key: &Option<axum::Extension<kernel::idempotency::IdempotencyKey>>,
    id: &str,
    command: A::Command,
    metadata: serde_json::Value,
    body: impl Fn(&A) -> B + Send + Sync,
) -> Response
where
    A: Aggregate<Services = ()> + Clone,
    A::Command: Clone,
    B: serde::Serialize,
    ApiError: From<A::Error>,
{
    let answer = |aggregate: &A, outcome: &Result<usize, A::Error>| {
        outcome.is_ok().then(|| {
            kernel::idempotency::StoredAnswer::json(
                axum::http::StatusCode::OK,
                &body(aggregate),
                vec![],
            )
        })
    };
    let idempotency =
        key.as_ref().map(
            |axum::Extension(key)| crate::eventstore::IdempotentCommand {
                key,
                answer: &answer,
            },
        );
    let executed = crate::eventstore::run::<A>(&state.pool, &())
        .command(id, command)
        .inline(Some(state.inline.as_ref()))
        .idempotency(idempotency)
        .metadata(&metadata)
        .one()
        .await;
    respond(executed, answer)
}

/// Counts an attempt in `bucket` (a keyed hash names it) against `limit`: the 429, which no
/// Idempotency-Key stores, once over it.
pub(crate) async fn limit(
    state: &CommandState,
    bucket: String,
    limit: kernel::limits::Limit,
) -> Result<(), Response> {
    use kernel::limits::Verdict;
    match kernel::limits::attempt(&state.pool, &bucket, limit).await {
        Ok(Verdict::Allowed) => Ok(()),
        Ok(Verdict::Refused { retry_after }) => {
            Err(accounts::unstored(kernel::limits::too_many(retry_after)))
        }
        Err(e) => Err(ApiError::from(e).into_response()),
    }
}

/// `{"success": bool}`: the answer of commands that have nothing else to say.
#[derive(Debug, serde::Serialize, utoipa::ToSchema)]
pub struct Success {
    pub success: bool,
}

impl Success {
    pub const TRUE: Success = Success { success: true };
    pub const FALSE: Success = Success { success: false };
}

/// What the operations of this crate share in the OpenAPI document: the wording of a command's
/// 400 and 403, and the type of the `Idempotent-Replayed` header.
pub(crate) mod doc {
    /// The 400 of a command with a JSON body.
    pub const BAD_REQUEST: &str = "Bad request: `MalformedJson` (the body is not valid JSON); \
        `InvalidText` (a string holds a NUL character, which PostgreSQL cannot store; or an \
        encoded NUL in the URL); `InvalidIdempotencyKey` (a malformed Idempotency-Key header).";

    /// The 403 of a command that also takes a form post (`kernel::csrf::SameSiteForms`).
    pub const NO_ANTI_FORGERY_TOKEN: &str = "No valid anti-forgery token \
        (`AntiForgeryTokenInvalid`): fetch one (`POST /account/getantiforgerytoken`) and send it \
        in `RequestVerificationToken`.";
    /// The 429 of an account call over its limits (`kernel::limits`).
    pub const TOO_MANY_ATTEMPTS: &str = "Too many attempts (`TooManyAttempts`): from this \
        address (`ACCOUNT_ATTEMPTS_PER_ADDRESS` per `ACCOUNT_ATTEMPT_WINDOW_SECS`), or wrong \
        passwords for this account (`ACCOUNT_FAILURES_PER_ACCOUNT` per 15 minutes). Counted in \
        PostgreSQL, so across replicas; `Retry-After` gives the seconds until the window ends.";
    pub const CROSS_SITE: &str = "A form post from another site (`CrossSiteRequest`): \
        `Sec-Fetch-Site: cross-site`, or an `Origin` that is not this store.";

    /// `success` of an answer that is only sent on success: `true`.
    pub fn always_true() -> utoipa::openapi::Object {
        utoipa::openapi::ObjectBuilder::new()
            .schema_type(utoipa::openapi::Type::Boolean)
            .enum_values(Some([true]))
            .build()
    }

    /// A string of one of `values`.
    pub fn one_of(values: &[&str]) -> utoipa::openapi::Object {
        utoipa::openapi::ObjectBuilder::new()
            .schema_type(utoipa::openapi::Type::String)
            .enum_values(Some(values.iter().copied()))
            .build()
    }

    /// Adds the `Idempotent-Replayed` header (`#/components/headers/IdempotentReplayed`,
    /// which `kernel::openapi::finish` defines) to the answers of these statuses of every POST
    /// of a module's document: `#[openapi(modifiers(&doc::Replays(&["200"])))]`. (The path
    /// macro can only write a header inline.)
    pub struct Replays(pub &'static [&'static str]);

    impl utoipa::Modify for Replays {
        fn modify(&self, doc: &mut utoipa::openapi::OpenApi) {
            use utoipa::openapi::{Ref, RefOr};
            for item in doc.paths.paths.values_mut() {
                let Some(op) = item.post.as_mut() else {
                    continue;
                };
                for status in self.0 {
                    if let Some(RefOr::T(answer)) = op.responses.responses.get_mut(*status) {
                        answer.headers.insert(
                            "Idempotent-Replayed".into(),
                            RefOr::Ref(Ref::new("#/components/headers/IdempotentReplayed")),
                        );
                    }
                }
            }
        }
    }
}

/// This crate's operations and the schemas they use, for the OpenAPI document the binary
/// assembles (`storefront openapi`).
pub fn openapi() -> utoipa::openapi::OpenApi {
    use utoipa::OpenApi;
    let mut doc = accounts::Api::openapi();
    doc.merge(accounts::deletion::Api::openapi());
    doc.merge(accounts::passkeys::Api::openapi());
    doc.merge(accounts::linked::Api::openapi());
    doc.merge(accounts::recovery::Api::openapi());
    doc.merge(accounts::providers::Api::openapi());
    doc.merge(accounts::registries::Api::openapi());
    doc.merge(accounts::captcha::Api::openapi());
    doc.merge(cart::Api::openapi());
    doc.merge(ordering::Api::openapi());
    doc.merge(ordering::staff::Api::openapi());
    doc.merge(reviews::Api::openapi());
    doc.merge(ordering::exemption::Api::openapi());
    doc.merge(rewards::Api::openapi());
    doc.merge(log::Api::openapi());
    doc.merge(merch::Api::openapi());
    doc.merge(shopping::newsletter::Api::openapi());
    doc.merge(merch::popular::Api::openapi());
    doc.merge(merch::synonyms::Api::openapi());
    doc.merge(accounts::staff_invitation::Api::openapi());
    doc.merge(shopping::stores::Api::openapi());
    doc
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    #[test]
    fn every_command_is_documented_and_its_stored_answers_may_be_replays() {
        let doc = serde_json::to_value(super::openapi()).unwrap();
        assert_eq!(doc["paths"].as_object().unwrap().len(), 84);
        let answers = &doc["paths"]["/products/a/addtocart"]["post"]["responses"];
        for status in ["200", "400"] {
            assert_eq!(
                answers[status]["headers"]["Idempotent-Replayed"]["$ref"],
                "#/components/headers/IdempotentReplayed"
            );
        }
        let staff = &doc["paths"]["/api/staff/merch/BlockPopular"]["post"]["responses"];
        assert!(
            staff["400"].get("headers").is_none(),
            "a refusal is not stored"
        );
        assert_eq!(
            serde_json::to_value(super::Success::TRUE).unwrap(),
            json!({"success": true})
        );
    }
}
