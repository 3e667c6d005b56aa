//! The captcha a sign-in needs once it answers `captchaRequired` (spec 3, "Sign-in"): what the
//! form shows, from the configured adapter (`command::accounts::captcha`).

use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};

use crate::accounts::captcha::CaptchaChallenge;
use crate::routes::CommandState;
use kernel::http::ApiError;

pub fn router(state: CommandState) -> Router {
    Router::new()
        .route("/account/captcha", get(captcha))
        .with_state(state)
}

#[utoipa::path(get, path = "/account/captcha", tag = "accounts",
    summary = "A captcha for the sign-in form",
    description = "What the sign-in form shows once `POST /account/authenticate` answers `captchaRequired` (from the third wrong password of an account on); its solution goes in the sign-in's `captcha` with `hasCaptcha` true. `kind` `proofOfWork` (the default): find a `nonce` (1 to 32 of `A-Z a-z 0-9 - _`) such that the SHA-256 of `challenge:nonce` begins with `difficulty` zero bits, and send `challenge:nonce`; the challenge expires after 10 minutes and its solution is accepted once. `kind` `recaptcha`: show Google reCAPTCHA with `siteKey` and send the widget's response token. A new challenge on every call (`Cache-Control: no-store`).",
    responses(
        (status = 200, description = "The captcha to show (`Cache-Control: no-store`)", body = CaptchaChallenge),
    ))]
async fn captcha(State(state): State<CommandState>) -> Response {
    match state.captcha.challenge().await {
        Ok(challenge) => (
            [(header::CACHE_CONTROL, "no-store")],
            Json::<CaptchaChallenge>(challenge),
        )
            .into_response(),
        Err(e) => ApiError::from(e).into_response(),
    }
}

#[derive(utoipa::OpenApi)]
#[openapi(paths(captcha))]
pub(crate) struct Api;
