//! Third-party sign-in over HTTP (spec 3 and 7): `google-auth`, `apple-auth`, `facebook-auth`
//! sign in with a provider's credential; the `-verify` calls only say whether it is valid and
//! whether an account goes with it; `createoauthwithphone` makes the account a new identity
//! needs (the phone the client asked for). An identity is known by its provider and subject
//! there (its `ProviderClaim`), never by the email it reports: an address that already has an
//! account is not linked without that account's password (docs/decisions.md, "Third-party
//! sign-in"). Like every account call, business outcomes answer 200 with `success`, and
//! nothing is stored for an Idempotency-Key.

use axum::extract::State;
use axum::http::{header, HeaderMap};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::{Deserialize, Deserializer, Serialize};

use super::{
    execute, limit_address, signed_in, unstored, AccountCall, RegisterAnswer, EMAIL_TAKEN,
    INVALID_INPUT_DATA,
};
use crate::accounts::providers::{Provider, ProviderIdentity, Refusal};
use crate::accounts::{
    password, Customer, CustomerCommand, CustomerError, EmailClaim, EmailClaimCommand,
    EmailClaimError, ProviderClaim, ProviderClaimCommand, ProviderClaimError,
};
use crate::eventstore;
use crate::privacy::{self, PrivacyKeys};
use crate::routes::CommandState;
use kernel::client::ClientAddress;
use kernel::http::{ApiError, ApiJson, GENERIC_MESSAGE};
use kernel::identity::{new_id, new_session_id, Identity};

/// `reason`: no account goes with this identity; `createoauthwithphone` makes one (spec 3:
/// "An error of 'New Account' means a new account is needed").
pub const NEW_ACCOUNT: &str = "New Account";
/// `reason`: an account has the identity's email address, or the customer signed in is
/// linking it: its password first (never linked by email alone).
pub const LINK_REQUIRES_PASSWORD: &str = "LinkRequiresPassword";
/// `reason`: the credential did not pass the provider's checks.
pub const INVALID_CREDENTIAL: &str = "InvalidCredential";
/// `reason`: the identity signs in another account.
pub const LINKED_ELSEWHERE: &str = "LinkedToAnotherAccount";
/// `reason`: the provider gave no address it vouches for, and an account needs one.
pub const EMAIL_REQUIRED: &str = "EmailRequired";

pub const CREDENTIAL_REFUSED: &str = "We could not confirm that sign-in. Please try again.";
pub const ENTER_PHONE: &str = "Please enter your phone number to finish creating your account.";
pub const SIGN_IN_FIRST: &str = "An account already exists for this email address. Please sign in with your password first; you can then connect this sign-in to your account.";
pub const PASSWORD_TO_LINK: &str =
    "Please enter your password again to connect this sign-in to your account.";
pub const ALREADY_LINKED: &str = "This sign-in is already connected to another account.";
pub const NO_VERIFIED_EMAIL: &str = "This sign-in did not share a verified email address. Please create an account with your email address instead.";
/// How recent the session's re-authentication must be to link an identity to it.
pub const LINK_REAUTHENTICATION_MINUTES: i32 = 10;

pub fn router(state: CommandState) -> Router {
    Router::new()
        .route("/account/oauth-nonce", get(oauth_nonce))
        .route("/account/sign-in-options", get(sign_in_options))
        .route("/account/google-auth", post(google_auth))
        .route("/account/apple-auth", post(apple_auth))
        .route("/account/facebook-auth", post(facebook_auth))
        .route("/account/google-verify", post(google_verify))
        .route("/account/apple-verify", post(apple_verify))
        .route("/account/facebook-verify", post(facebook_verify))
        .route("/account/createoauthwithphone", post(create_with_phone))
        .with_state(state)
}

/// The longest credential or provider answer taken (characters).
pub const MAX_CREDENTIAL_CHARS: usize = 16384;

/// The longest phone number taken as typed (characters).
pub const MAX_PHONE_CHARS: usize = 30;

/// An auth call's optional phone: at most [`MAX_PHONE_CHARS`] characters, else refused before
/// any work (422).
fn phone_text<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<String>, D::Error> {
    let text = Option::<String>::deserialize(deserializer)?;
    if text
        .as_ref()
        .is_some_and(|t| t.chars().count() > MAX_PHONE_CHARS)
    {
        return Err(serde::de::Error::custom(format!(
            "longer than {MAX_PHONE_CHARS} characters"
        )));
    }
    Ok(text)
}

/// A provider's credential or answer, passed on as text (spec 7: "as text"): a JSON string of
/// at most [`MAX_CREDENTIAL_CHARS`]; anything else is refused before any work (422).
fn credential_text<'de, D: Deserializer<'de>>(deserializer: D) -> Result<String, D::Error> {
    let text = String::deserialize(deserializer)?;
    if text.chars().count() > MAX_CREDENTIAL_CHARS {
        return Err(serde::de::Error::custom(format!(
            "longer than {MAX_CREDENTIAL_CHARS} characters"
        )));
    }
    Ok(text)
}

/// `POST /account/google-auth`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GoogleAuthRequest {
    /// The ID token Google Identity Services handed the page (made with the store's nonce).
    #[serde(deserialize_with = "credential_text")]
    #[schema(max_length = 16384)]
    pub credential: String,
    #[serde(default)]
    pub skip_cart_merge: bool,
    /// With `phoneNumber`: a new identity gets its account at once, without the rewards
    /// steps (the rewards menu's 'skip'). Without a phone, a new identity answers `New
    /// Account` (every account has a phone: `createoauthwithphone`).
    #[serde(default)]
    pub create_new_account: bool,
    /// The phone of the account `createNewAccount` makes.
    #[serde(default, deserialize_with = "phone_text")]
    #[schema(max_length = 30)]
    pub phone_number: Option<String>,
}

/// `POST /account/apple-auth`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AppleAuthRequest {
    /// Apple's sign-in answer as text: `{"authorization":{"id_token":…},"user":{…}}`.
    #[serde(deserialize_with = "credential_text")]
    #[schema(max_length = 16384)]
    pub sign_in_response: String,
    #[serde(default)]
    pub skip_cart_merge: bool,
    #[serde(default)]
    pub create_new_account: bool,
    #[serde(default, deserialize_with = "phone_text")]
    #[schema(max_length = 30)]
    pub phone_number: Option<String>,
}

/// `POST /account/facebook-auth`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FacebookAuthRequest {
    /// Facebook's authResponse as text: `{"accessToken":…,"userID":…}`.
    #[serde(deserialize_with = "credential_text")]
    #[schema(max_length = 16384)]
    pub auth_response: String,
    #[serde(default)]
    pub skip_cart_merge: bool,
    #[serde(default)]
    pub create_new_account: bool,
    #[serde(default, deserialize_with = "phone_text")]
    #[schema(max_length = 30)]
    pub phone_number: Option<String>,
}

/// `POST /account/google-verify`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct GoogleVerifyRequest {
    #[serde(deserialize_with = "credential_text")]
    #[schema(max_length = 16384)]
    pub credential: String,
}

/// `POST /account/apple-verify`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AppleVerifyRequest {
    #[serde(deserialize_with = "credential_text")]
    #[schema(max_length = 16384)]
    pub sign_in_response: String,
}

/// `POST /account/facebook-verify`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FacebookVerifyRequest {
    #[serde(deserialize_with = "credential_text")]
    #[schema(max_length = 16384)]
    pub auth_response: String,
}

/// `POST /account/createoauthwithphone`: the provider's credential as in its auth call, the
/// phone the client asked for, and the names when the provider gave none.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OauthWithPhoneRequest {
    /// `Google`, `Facebook` or `Apple`.
    #[schema(max_length = 20)]
    pub login_method: String,
    /// Google's credential, Facebook's authResponse or Apple's signInResponse (also accepted
    /// under those names).
    #[serde(
        alias = "credential",
        alias = "authResponse",
        alias = "signInResponse",
        deserialize_with = "credential_text"
    )]
    #[schema(max_length = 16384)]
    pub credential_token: String,
    /// A US number, as typed ("(555) 234-5678").
    #[schema(max_length = 30)]
    pub phone_number: String,
    /// Used when the provider gave no first name.
    #[serde(default)]
    #[schema(max_length = 200)]
    pub first_name: Option<String>,
    #[serde(default)]
    #[schema(max_length = 200)]
    pub last_name: Option<String>,
    #[serde(default)]
    pub skip_cart_merge: bool,
    #[serde(default)]
    pub save_login: bool,
    /// Make the account without the rewards steps (no match, no join).
    #[serde(default)]
    pub skip_connecting_rewards: bool,
}

/// The answer of the auth calls and `createoauthwithphone`: `success` (signed in, or linked),
/// else `reason` (`New Account`, `LinkRequiresPassword`, `InvalidCredential`,
/// `LinkedToAnotherAccount`, `EmailRequired`) and the words to show in `errorMessage`.
#[derive(Debug, Default, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProviderAnswer {
    pub success: bool,
    /// On an answer that signed this browser in: its header data, as
    /// `GET /globalresource/header/?deptMenu=omit` answers it now.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    pub header_json: Option<serde_json::Value>,
    #[schema(required)]
    pub reason: Option<String>,
    /// 6 (INVALID_INPUT_DATA) for a field that did not pass.
    #[schema(required)]
    pub reason_code: Option<i32>,
    #[schema(required)]
    pub error_message: Option<String>,
    /// The identity was linked to the signed-in customer by this call.
    pub linked: bool,
    /// `createoauthwithphone`'s rewards steps (as `/account/register`'s answer): the rewards
    /// account the phone or email met, masked as `redactedData` says, and for 12
    /// PHONE_AND_EMAIL_SEPARATE_MATCH the second one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub email: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub phone: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub redacted_data: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub second_email: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub second_phone: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub second_redacted_data: Option<String>,
    /// The account was made but joining rewards failed at the provider (tried again later).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub created_rewards_desync: Option<bool>,
}

impl ProviderAnswer {
    /// A rewards account matched by the identity's own address shows that address in clear: the
    /// provider vouched for it to this browser, and the client sends it back to have the code
    /// sent (a masked value finds no account; a third-party sign-up has no typed email).
    fn own_email_in_clear(&mut self, own: &str) {
        let masked = crate::rewards::mask::email(own);
        if self.email.as_deref() == Some(masked.as_str()) {
            self.email = Some(own.to_string());
            self.redacted_data = unmasked_email(self.redacted_data.take());
        }
        if self.second_email.as_deref() == Some(masked.as_str()) {
            self.second_email = Some(own.to_string());
            self.second_redacted_data = unmasked_email(self.second_redacted_data.take());
        }
    }

    fn signed_in() -> Self {
        ProviderAnswer {
            success: true,
            ..Default::default()
        }
    }
}

/// `redactedData` once the email is shown in clear: the phone alone, or nothing.
fn unmasked_email(redacted: Option<String>) -> Option<String> {
    match redacted.as_deref() {
        Some("both") | Some("phone") => Some("phone".to_string()),
        _ => None,
    }
}

impl From<RegisterAnswer> for ProviderAnswer {
    fn from(answer: RegisterAnswer) -> Self {
        ProviderAnswer {
            success: answer.success,
            header_json: answer.header_json,
            reason: None,
            reason_code: answer.reason_code,
            error_message: answer.error_message,
            linked: false,
            email: answer.email,
            phone: answer.phone,
            redacted_data: answer.redacted_data,
            second_email: answer.second_email,
            second_phone: answer.second_phone,
            second_redacted_data: answer.second_redacted_data,
            created_rewards_desync: answer.created_rewards_desync,
        }
    }
}

/// The answer of the `-verify` calls: the credential is valid (`success`), an account signs in
/// with it (`linked`), or an account has its address (`accountExists`). Nothing changes.
#[derive(Debug, Default, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProviderCheck {
    pub success: bool,
    pub account_exists: bool,
    pub linked: bool,
}

/// The third-party sign-ins this store offers: each provider's public client id, null when it
/// is not configured (the web loads a provider's script only when its id is here).
#[derive(Debug, Default, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SignInOptions {
    #[schema(required)]
    pub google: Option<String>,
    #[schema(required)]
    pub apple: Option<String>,
    #[schema(required)]
    pub facebook: Option<String>,
}

#[utoipa::path(get, path = "/account/sign-in-options", tag = "accounts",
    summary = "The third-party sign-ins offered",
    description = "The public client ids of the configured identity providers (`GOOGLE_CLIENT_ID`, `APPLE_CLIENT_ID`, `FACEBOOK_APP_ID` with its secret set); null for one that is off. The same for every visitor.",
    responses((status = 200, description = "The providers' client ids", body = SignInOptions)))]
async fn sign_in_options(State(state): State<CommandState>) -> Response {
    let settings = &state.accounts.providers;
    let on = |configured: bool, id: &Option<String>| id.clone().filter(|_| configured);
    let options = SignInOptions {
        google: on(state.providers.google.is_some(), &settings.google_client_id),
        apple: on(state.providers.apple.is_some(), &settings.apple_client_id),
        facebook: on(
            state.providers.facebook.is_some(),
            &settings.facebook_app_id,
        ),
    };
    let mut response = Json(options).into_response();
    response.headers_mut().insert(
        header::CACHE_CONTROL,
        header::HeaderValue::from_static("public, max-age=300"),
    );
    response
}

/// `{"nonce": …}`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct NonceAnswer {
    pub nonce: String,
}

fn refused(reason: Option<&str>, message: &str) -> Response {
    unstored(
        Json(ProviderAnswer {
            reason: reason.map(str::to_string),
            error_message: Some(message.to_string()),
            ..Default::default()
        })
        .into_response(),
    )
}

/// The nonce ID tokens must carry for this visitor: a keyed hash of the visitor id, so a
/// token made for another browser is refused here.
pub fn nonce_for(identity: &Identity) -> String {
    identity
        .keyring()
        .derive("oauth-nonce", &identity.visitor_id)
}

fn keys() -> Result<&'static PrivacyKeys, ApiError> {
    privacy::keys().map_err(|e| ApiError::Unavailable(e.to_string()))
}

/// The provider's identity behind `credential`, or the answer that refuses it.
async fn check(
    state: &CommandState,
    identity: &Identity,
    provider: Provider,
    credential: &str,
) -> Result<ProviderIdentity, Response> {
    let nonce = nonce_for(identity);
    match state.providers.verify(provider, credential, &nonce).await {
        Ok(verified) => Ok(verified),
        Err(Refusal::NotConfigured) => Err(refused(None, GENERIC_MESSAGE)),
        Err(Refusal::Invalid(why)) => {
            tracing::info!(
                provider = provider.name(),
                why,
                "a sign-in credential was refused"
            );
            Err(refused(Some(INVALID_CREDENTIAL), CREDENTIAL_REFUSED))
        }
        Err(Refusal::Unavailable(why)) => {
            tracing::warn!(
                provider = provider.name(),
                why,
                "a sign-in provider could not be asked"
            );
            Err(refused(None, GENERIC_MESSAGE))
        }
    }
}

/// The customer the identity `provider_key` signs in, if linked.
async fn holder_of(state: &CommandState, provider_key: &str) -> Result<Option<String>, Response> {
    let (mut loaded, _) =
        eventstore::load_many::<ProviderClaim>(&state.pool, &[provider_key.to_string()])
            .await
            .map_err(|e| ApiError::internal(e).into_response())?;
    Ok(loaded
        .remove(provider_key)
        .and_then(|(claim, _)| claim.holder))
}

/// The account with the identity's address, when the provider vouches for it and it is not
/// an Apple relay address (which names nobody else's account).
async fn account_with_email(
    state: &CommandState,
    keys: &PrivacyKeys,
    verified: &ProviderIdentity,
) -> Result<Option<String>, Response> {
    if verified.is_private_relay() {
        return Ok(None);
    }
    let Some(email) = verified
        .verified_email()
        .and_then(|e| kernel::values::Email::parse(e).ok())
    else {
        return Ok(None);
    };
    sqlx::query_scalar("SELECT customer_id FROM customers WHERE email_subject = $1")
        .bind(keys.subject_for_email(email.as_str()))
        .fetch_optional(&state.pool)
        .await
        .map_err(|e| ApiError::from(e).into_response())
}

/// Records a sign-in of `customer_id` through `provider` (`LoginSucceeded`).
pub(in crate::routes) async fn record_login(
    state: &CommandState,
    customer_id: &str,
    provider: Provider,
) -> Result<(), Response> {
    let login = CustomerCommand::RecordLogin {
        method: provider.login_method(),
    };
    match execute::<Customer>(state, &state.sealer, customer_id, login).await {
        Ok(Ok(_)) => Ok(()),
        Ok(Err(e)) => Err(ApiError::internal(e).into_response()),
        Err(e) => Err(ApiError::internal(e).into_response()),
    }
}

/// How a sign-in keeps the session ('save login') and the carts (`skipCartMerge`).
#[derive(Debug, Clone, Copy)]
struct Kept {
    saved: bool,
    skip_cart_merge: bool,
}

/// Records the sign-in and signs this browser in as `customer_id`, answering `answer`.
async fn sign_in(
    state: &CommandState,
    identity: &Identity,
    headers: &HeaderMap,
    customer_id: &str,
    provider: Provider,
    kept: Kept,
    answer: ProviderAnswer,
) -> Response {
    if let Err(e) = record_login(state, customer_id, provider).await {
        return e;
    }
    let Kept {
        saved,
        skip_cart_merge,
    } = kept;
    signed_in(
        state,
        identity,
        headers,
        customer_id,
        saved,
        skip_cart_merge,
        answer,
    )
    .await
}

/// Links the identity to `customer_id`: its claim first (of two links, one holds it), then
/// the customer's `ProviderLinked`.
async fn link(
    state: &CommandState,
    customer_id: &str,
    provider: Provider,
    provider_key: &str,
) -> Result<(), Response> {
    let claim = ProviderClaimCommand::Claim {
        customer_id: customer_id.to_string(),
    };
    match execute::<ProviderClaim>(state, &(), provider_key, claim).await {
        Ok(Ok(_)) => {}
        Ok(Err(ProviderClaimError::Taken)) => {
            return Err(refused(Some(LINKED_ELSEWHERE), ALREADY_LINKED))
        }
        Err(e) => return Err(ApiError::internal(e).into_response()),
    }
    let linked = CustomerCommand::LinkProvider {
        provider: provider.name().to_string(),
        provider_key: provider_key.to_string(),
    };
    match execute::<Customer>(state, &state.sealer, customer_id, linked).await {
        Ok(Ok(_)) => Ok(()),
        Ok(Err(e)) => Err(ApiError::internal(e).into_response()),
        Err(e) => Err(ApiError::internal(e).into_response()),
    }
}

/// Whether the session `session_key` typed its password again (`/account/verifyPassword`)
/// in the last [`LINK_REAUTHENTICATION_MINUTES`].
async fn recently_reauthenticated(
    state: &CommandState,
    session_key: &str,
) -> Result<bool, Response> {
    sqlx::query_scalar(
        "SELECT coalesce(reauthenticated_at > now() - make_interval(mins => $2), false) \
         FROM customer_sessions WHERE session_key = $1",
    )
    .bind(session_key)
    .bind(LINK_REAUTHENTICATION_MINUTES)
    .fetch_optional(&state.pool)
    .await
    .map(|fresh: Option<bool>| fresh.unwrap_or(false))
    .map_err(|e| ApiError::from(e).into_response())
}

/// The auth calls: sign in with a linked identity; link it to the signed-in customer who
/// re-authenticated; else say why not (`New Account`, or `LinkRequiresPassword` when an
/// account has its address).
async fn auth(
    state: CommandState,
    identity: Identity,
    address: ClientAddress,
    headers: HeaderMap,
    asked: AuthCall,
) -> Response {
    let AuthCall {
        provider,
        credential,
        skip_cart_merge,
        create_with_phone,
    } = asked;
    if let Err(refused) = limit_address(&state, &identity, address).await {
        return refused;
    }
    let verified = match check(&state, &identity, provider, &credential).await {
        Ok(verified) => verified,
        Err(refused) => return refused,
    };
    let keys = match keys() {
        Ok(keys) => keys,
        Err(e) => return e.into_response(),
    };
    let provider_key = keys.provider_key(provider.name(), &verified.subject);
    let customer_id = match holder_of(&state, &provider_key).await {
        Ok(Some(customer_id)) => customer_id,
        Ok(None) => {
            let unlinked = Unlinked {
                provider,
                verified,
                provider_key,
            };
            match not_linked(&state, &identity, keys, unlinked, create_with_phone).await {
                Ok(customer_id) => customer_id,
                Err(answer) => return answer,
            }
        }
        Err(e) => return e,
    };
    let kept = Kept {
        saved: false,
        skip_cart_merge,
    };
    sign_in(
        &state,
        &identity,
        &headers,
        &customer_id,
        provider,
        kept,
        ProviderAnswer::signed_in(),
    )
    .await
}

/// An identity no account signs in with yet.
struct Unlinked {
    provider: Provider,
    verified: ProviderIdentity,
    provider_key: String,
}

/// An auth call's identity that is not linked: a signed-in customer links it to their own
/// account after their password (the answer says so); else the account to sign in that
/// `createNewAccount` with a phone makes, or why not (`LinkRequiresPassword` when an account
/// has its address, `New Account`).
async fn not_linked(
    state: &CommandState,
    identity: &Identity,
    keys: &PrivacyKeys,
    unlinked: Unlinked,
    create_with_phone: Option<String>,
) -> Result<String, Response> {
    let Unlinked {
        provider,
        verified,
        provider_key,
    } = unlinked;
    let session = kernel::session::signed_in(&state.pool, identity)
        .await
        .map_err(|e| ApiError::from(e).into_response())?;
    if let Some(session) = session {
        if !recently_reauthenticated(state, &session.session_key).await? {
            return Err(refused(Some(LINK_REQUIRES_PASSWORD), PASSWORD_TO_LINK));
        }
        link(state, &session.customer_id, provider, &provider_key).await?;
        return Err(unstored(
            Json(ProviderAnswer {
                success: true,
                linked: true,
                ..Default::default()
            })
            .into_response(),
        ));
    }
    if account_with_email(state, keys, &verified).await?.is_some() {
        return Err(refused(Some(LINK_REQUIRES_PASSWORD), SIGN_IN_FIRST));
    }
    let Some(phone) = create_with_phone else {
        return Err(refused(Some(NEW_ACCOUNT), ENTER_PHONE));
    };
    let new = NewIdentity::of(verified, provider_key)?;
    let phone = valid_phone(&phone)?;
    create_account(state, provider, &new, phone, None, None).await
}

/// What an auth call asks: sign in with `credential` at `provider`; with
/// `create_with_phone`, a new identity's account is made with that phone.
struct AuthCall {
    provider: Provider,
    credential: String,
    skip_cart_merge: bool,
    create_with_phone: Option<String>,
}

/// The phone `createNewAccount` makes an account with, when both were sent.
fn new_account_phone(create_new_account: bool, phone: Option<String>) -> Option<String> {
    phone.filter(|p| create_new_account && !p.trim().is_empty())
}

/// The `-verify` calls: whether the credential is valid, linked, or has an account's address.
async fn verify(
    state: CommandState,
    identity: Identity,
    address: ClientAddress,
    provider: Provider,
    credential: String,
) -> Response {
    if let Err(refused) = limit_address(&state, &identity, address).await {
        return refused;
    }
    let answer = |check: ProviderCheck| unstored(Json(check).into_response());
    let Ok(verified) = check(&state, &identity, provider, &credential).await else {
        return answer(ProviderCheck::default());
    };
    let keys = match keys() {
        Ok(keys) => keys,
        Err(e) => return e.into_response(),
    };
    let provider_key = keys.provider_key(provider.name(), &verified.subject);
    let linked = match holder_of(&state, &provider_key).await {
        Ok(holder) => holder.is_some(),
        Err(e) => return e,
    };
    let account_exists = linked
        || match account_with_email(&state, keys, &verified).await {
            Ok(account) => account.is_some(),
            Err(e) => return e,
        };
    answer(ProviderCheck {
        success: true,
        account_exists,
        linked,
    })
}

#[utoipa::path(get, path = "/account/oauth-nonce", tag = "accounts",
    summary = "The nonce a provider's ID token must carry",
    description = "The page passes it to Google's and Apple's sign-in (`nonce`); their ID token must carry it, or the auth and verify calls refuse it. Bound to this browser (a keyed hash of its visitor id): a token made in another browser is refused. Never cached, never stored for an Idempotency-Key.",
    responses(
        (status = 200, description = "The nonce", body = NonceAnswer),
    ))]
async fn oauth_nonce(identity: Identity) -> Response {
    let answer = NonceAnswer {
        nonce: nonce_for(&identity),
    };
    let mut response = Json(answer).into_response();
    response.headers_mut().insert(
        header::CACHE_CONTROL,
        header::HeaderValue::from_static("no-store"),
    );
    unstored(response)
}

macro_rules! auth_doc {
    ($provider:literal) => {
        concat!(
            "Checks the ", $provider, " credential (signature against the provider's published keys, issuer, audience, expiry, and the nonce from `/account/oauth-nonce`). ",
            "An identity linked to an account signs in (a new `sf_session`; the carts meet as at `/account/authenticate`, no merge with `skipCartMerge`). ",
            "Not linked: signed in with a password typed again (`/account/verifyPassword`) in the last 10 minutes, it is linked to that account (`linked` true); signed in without, `reason` `LinkRequiresPassword`; signed out, `reason` `LinkRequiresPassword` when an account has the address the provider vouches for (never linked by email: sign in with the password, then connect), else `New Account` (`createoauthwithphone` makes the account). ",
            "A refused credential answers `reason` `InvalidCredential`; a provider the store has no settings for, `success` false with 'Something went wrong. Please try again later.'. Never stored for an Idempotency-Key."
        )
    };
}

#[utoipa::path(post, path = "/account/google-auth", tag = "accounts",
    summary = "Sign in with Google",
    description = auth_doc!("Google ID token"),
    request_body = GoogleAuthRequest,
    responses(
        (status = 200, description = "Signed in or linked, or not (`success` false, `reason`)", body = ProviderAnswer),
        (status = 400, description = crate::routes::doc::BAD_REQUEST, body = kernel::http::ErrorBody),
        (status = 429, description = crate::routes::doc::TOO_MANY_ATTEMPTS, body = kernel::http::ErrorBody, headers(("Retry-After" = u64))),
    ))]
async fn google_auth(
    State(state): State<CommandState>,
    identity: Identity,
    address: ClientAddress,
    headers: HeaderMap,
    ApiJson(request): ApiJson<GoogleAuthRequest>,
) -> Response {
    auth(
        state,
        identity,
        address,
        headers,
        AuthCall {
            provider: Provider::Google,
            credential: request.credential,
            skip_cart_merge: request.skip_cart_merge,
            create_with_phone: new_account_phone(request.create_new_account, request.phone_number),
        },
    )
    .await
}

#[utoipa::path(post, path = "/account/apple-auth", tag = "accounts",
    summary = "Sign in with Apple",
    description = auth_doc!("Apple ID token (in `signInResponse`; the names in its `user` are kept on the first sign-in; a private relay address is the account's email and matches no other account)"),
    request_body = AppleAuthRequest,
    responses(
        (status = 200, description = "Signed in or linked, or not (`success` false, `reason`)", body = ProviderAnswer),
        (status = 400, description = crate::routes::doc::BAD_REQUEST, body = kernel::http::ErrorBody),
        (status = 429, description = crate::routes::doc::TOO_MANY_ATTEMPTS, body = kernel::http::ErrorBody, headers(("Retry-After" = u64))),
    ))]
async fn apple_auth(
    State(state): State<CommandState>,
    identity: Identity,
    address: ClientAddress,
    headers: HeaderMap,
    ApiJson(request): ApiJson<AppleAuthRequest>,
) -> Response {
    auth(
        state,
        identity,
        address,
        headers,
        AuthCall {
            provider: Provider::Apple,
            credential: request.sign_in_response,
            skip_cart_merge: request.skip_cart_merge,
            create_with_phone: new_account_phone(request.create_new_account, request.phone_number),
        },
    )
    .await
}

#[utoipa::path(post, path = "/account/facebook-auth", tag = "accounts",
    summary = "Sign in with Facebook",
    description = auth_doc!("Facebook user token (in `authResponse`, checked with Facebook's debug endpoint: valid, for this app, for this `userID`; no nonce)"),
    request_body = FacebookAuthRequest,
    responses(
        (status = 200, description = "Signed in or linked, or not (`success` false, `reason`)", body = ProviderAnswer),
        (status = 400, description = crate::routes::doc::BAD_REQUEST, body = kernel::http::ErrorBody),
        (status = 429, description = crate::routes::doc::TOO_MANY_ATTEMPTS, body = kernel::http::ErrorBody, headers(("Retry-After" = u64))),
    ))]
async fn facebook_auth(
    State(state): State<CommandState>,
    identity: Identity,
    address: ClientAddress,
    headers: HeaderMap,
    ApiJson(request): ApiJson<FacebookAuthRequest>,
) -> Response {
    auth(
        state,
        identity,
        address,
        headers,
        AuthCall {
            provider: Provider::Facebook,
            credential: request.auth_response,
            skip_cart_merge: request.skip_cart_merge,
            create_with_phone: new_account_phone(request.create_new_account, request.phone_number),
        },
    )
    .await
}

macro_rules! verify_doc {
    ($provider:literal) => {
        concat!(
            "Checks the ", $provider, " credential as its auth call does and changes nothing: `success` true when it is valid, `linked` when an account signs in with it, `accountExists` when one does or has the address the provider vouches for. A refused credential answers all three false. ",
            "A provider the store has no settings for answers all three false. Never stored for an Idempotency-Key."
        )
    };
}

#[utoipa::path(post, path = "/account/google-verify", tag = "accounts",
    summary = "Check a Google credential",
    description = verify_doc!("Google"),
    request_body = GoogleVerifyRequest,
    responses(
        (status = 200, description = "What the credential is", body = ProviderCheck),
        (status = 400, description = crate::routes::doc::BAD_REQUEST, body = kernel::http::ErrorBody),
        (status = 429, description = crate::routes::doc::TOO_MANY_ATTEMPTS, body = kernel::http::ErrorBody, headers(("Retry-After" = u64))),
    ))]
async fn google_verify(
    State(state): State<CommandState>,
    identity: Identity,
    address: ClientAddress,
    ApiJson(request): ApiJson<GoogleVerifyRequest>,
) -> Response {
    verify(
        state,
        identity,
        address,
        Provider::Google,
        request.credential,
    )
    .await
}

#[utoipa::path(post, path = "/account/apple-verify", tag = "accounts",
    summary = "Check an Apple credential",
    description = verify_doc!("Apple"),
    request_body = AppleVerifyRequest,
    responses(
        (status = 200, description = "What the credential is", body = ProviderCheck),
        (status = 400, description = crate::routes::doc::BAD_REQUEST, body = kernel::http::ErrorBody),
        (status = 429, description = crate::routes::doc::TOO_MANY_ATTEMPTS, body = kernel::http::ErrorBody, headers(("Retry-After" = u64))),
    ))]
async fn apple_verify(
    State(state): State<CommandState>,
    identity: Identity,
    address: ClientAddress,
    ApiJson(request): ApiJson<AppleVerifyRequest>,
) -> Response {
    verify(
        state,
        identity,
        address,
        Provider::Apple,
        request.sign_in_response,
    )
    .await
}

#[utoipa::path(post, path = "/account/facebook-verify", tag = "accounts",
    summary = "Check a Facebook credential",
    description = verify_doc!("Facebook"),
    request_body = FacebookVerifyRequest,
    responses(
        (status = 200, description = "What the credential is", body = ProviderCheck),
        (status = 400, description = crate::routes::doc::BAD_REQUEST, body = kernel::http::ErrorBody),
        (status = 429, description = crate::routes::doc::TOO_MANY_ATTEMPTS, body = kernel::http::ErrorBody, headers(("Retry-After" = u64))),
    ))]
async fn facebook_verify(
    State(state): State<CommandState>,
    identity: Identity,
    address: ClientAddress,
    ApiJson(request): ApiJson<FacebookVerifyRequest>,
) -> Response {
    verify(
        state,
        identity,
        address,
        Provider::Facebook,
        request.auth_response,
    )
    .await
}

fn provider_named(login_method: &str) -> Option<Provider> {
    match login_method.trim().to_ascii_lowercase().as_str() {
        "google" => Some(Provider::Google),
        "apple" => Some(Provider::Apple),
        "facebook" => Some(Provider::Facebook),
        _ => None,
    }
}

#[utoipa::path(post, path = "/account/createoauthwithphone", tag = "accounts",
    summary = "Create the account of a new third-party sign-in",
    description = "Token header. After an auth call answered `New Account`: the provider's credential again (checked the same way), the phone number, and the names when the provider gave none. Makes an account with the address the provider vouches for (without a password: 'Forgot password' sets one), links the identity to it and signs in. An identity already linked just signs in. An address that has an account answers `reason` `LinkRequiresPassword` (never linked by email); no address the provider vouches for, `reason` `EmailRequired`; a phone or name that does not pass, `reasonCode` 6 with the form's message. Never stored for an Idempotency-Key.",
    request_body = OauthWithPhoneRequest,
    responses(
        (status = 200, description = "Created and signed in, or not (`success` false)", body = ProviderAnswer),
        (status = 400, description = crate::routes::doc::BAD_REQUEST, body = kernel::http::ErrorBody),
        (status = 403, description = crate::routes::doc::NO_ANTI_FORGERY_TOKEN, body = kernel::http::ErrorBody),
        (status = 429, description = crate::routes::doc::TOO_MANY_ATTEMPTS, body = kernel::http::ErrorBody, headers(("Retry-After" = u64))),
    ))]
async fn create_with_phone(
    State(state): State<CommandState>,
    AccountCall { identity, .. }: AccountCall,
    headers: HeaderMap,
    ApiJson(request): ApiJson<OauthWithPhoneRequest>,
) -> Response {
    let Some(provider) = provider_named(&request.login_method) else {
        return refused(None, GENERIC_MESSAGE);
    };
    let new = match resolve(&state, &identity, provider, &request.credential_token).await {
        Ok(Resolved::Linked(customer_id)) => {
            return sign_in(
                &state,
                &identity,
                &headers,
                &customer_id,
                provider,
                Kept {
                    saved: request.save_login,
                    skip_cart_merge: request.skip_cart_merge,
                },
                ProviderAnswer::signed_in(),
            )
            .await
        }
        Ok(Resolved::New(new)) => new,
        Err(refused) => return refused,
    };
    if request.phone_number.trim().is_empty() {
        // The client asks for the phone (spec 4: REWARDS_ACCOUNT_NOT_FOUND goes to enter-phone).
        return unstored(
            Json(ProviderAnswer {
                reason_code: Some(crate::rewards::ReasonCode::RewardsAccountNotFound.number()),
                error_message: Some(ENTER_PHONE.to_string()),
                ..Default::default()
            })
            .into_response(),
        );
    }
    let phone = match valid_phone(&request.phone_number) {
        Ok(phone) => phone,
        Err(refused) => return refused,
    };
    let rewards_steps = !request.skip_connecting_rewards;
    if rewards_steps && !new.verified.is_private_relay() {
        // An address with an account answers so first (never linked by email).
        let keys = match keys() {
            Ok(keys) => keys,
            Err(e) => return e.into_response(),
        };
        match account_with_email(&state, keys, &new.verified).await {
            Ok(Some(_)) => return refused(Some(LINK_REQUIRES_PASSWORD), SIGN_IN_FIRST),
            Ok(None) => {}
            Err(e) => return e,
        }
    }
    if rewards_steps {
        let matched =
            crate::routes::rewards::registration_match(&state, new.email.as_str(), &phone).await;
        match matched {
            Ok(None) => {}
            Ok(Some(answer)) => {
                let mut answer = ProviderAnswer::from(RegisterAnswer::from(answer));
                answer.own_email_in_clear(new.email.as_str());
                return unstored(Json(answer).into_response());
            }
            Err(e) => return crate::routes::rewards::provider_failed(e),
        }
    }
    let customer_id = match create_account(
        &state,
        provider,
        &new,
        phone.clone(),
        request.first_name,
        request.last_name,
    )
    .await
    {
        Ok(customer_id) => customer_id,
        Err(refused) => return refused,
    };
    let mut answer = ProviderAnswer::signed_in();
    if rewards_steps {
        let joined = crate::routes::rewards::join_new_account(
            &state,
            &customer_id,
            new.email.as_str().to_string(),
            phone,
        )
        .await;
        answer.created_rewards_desync = (!joined).then_some(true);
    }
    sign_in(
        &state,
        &identity,
        &headers,
        &customer_id,
        provider,
        Kept {
            saved: request.save_login,
            skip_cart_merge: request.skip_cart_merge,
        },
        answer,
    )
    .await
}

/// A credential whose identity no account holds yet, and the address its provider vouches
/// for.
pub(in crate::routes) struct NewIdentity {
    verified: ProviderIdentity,
    provider_key: String,
    email: kernel::values::Email,
}

impl NewIdentity {
    #[allow(clippy::result_large_err)] // the refusal is the response itself, as axum's are
    fn of(verified: ProviderIdentity, provider_key: String) -> Result<Self, Response> {
        let Some(email) = verified
            .verified_email()
            .and_then(|e| kernel::values::Email::parse(e).ok())
        else {
            return Err(refused(Some(EMAIL_REQUIRED), NO_VERIFIED_EMAIL));
        };
        Ok(Self {
            verified,
            provider_key,
            email,
        })
    }
}

/// What a credential names: the account its identity signs in, or a new identity.
pub(in crate::routes) enum Resolved {
    Linked(String),
    New(NewIdentity),
}

/// Checks `credential` and finds its identity's account.
async fn resolve(
    state: &CommandState,
    identity: &Identity,
    provider: Provider,
    credential: &str,
) -> Result<Resolved, Response> {
    let verified = check(state, identity, provider, credential).await?;
    let keys = keys().map_err(IntoResponse::into_response)?;
    let provider_key = keys.provider_key(provider.name(), &verified.subject);
    if let Some(customer_id) = holder_of(state, &provider_key).await? {
        return Ok(Resolved::Linked(customer_id));
    }
    NewIdentity::of(verified, provider_key).map(Resolved::New)
}

/// The phone as stored, or the form's message (6 INVALID_INPUT_DATA).
#[allow(clippy::result_large_err)] // the refusal is the response itself, as axum's are
fn valid_phone(typed: &str) -> Result<String, Response> {
    kernel::validation::normalize_phone(typed).ok_or_else(|| {
        unstored(
            Json(ProviderAnswer {
                reason_code: Some(INVALID_INPUT_DATA),
                error_message: Some(kernel::validation::PHONE_MESSAGE.to_string()),
                ..Default::default()
            })
            .into_response(),
        )
    })
}

/// Makes the account of a new identity: the address's claim, the customer registered
/// without a usable password, the identity linked. The customer id, or the refusal.
async fn create_account(
    state: &CommandState,
    provider: Provider,
    new: &NewIdentity,
    phone: String,
    first_name: Option<String>,
    last_name: Option<String>,
) -> Result<String, Response> {
    let keys = keys().map_err(IntoResponse::into_response)?;
    let email_subject = keys.subject_for_email(new.email.as_str());
    let customer_id = format!("cu_{}", new_id());
    let claim = EmailClaimCommand::Claim {
        customer_id: customer_id.clone(),
    };
    match execute::<EmailClaim>(state, &(), &email_subject, claim).await {
        Ok(Ok(_)) => {}
        Ok(Err(EmailClaimError::Taken)) if new.verified.is_private_relay() => {
            return Err(refused(None, EMAIL_TAKEN))
        }
        Ok(Err(EmailClaimError::Taken)) => {
            return Err(refused(Some(LINK_REQUIRES_PASSWORD), SIGN_IN_FIRST))
        }
        Err(e) => return Err(ApiError::internal(e).into_response()),
    }
    // No password: a random one nobody knows, hashed as any other ('Forgot password' sets a
    // real one), so sign-in with a password takes as long for this account as for another.
    let unusable = new_session_id();
    let password_hash = match tokio::task::spawn_blocking(move || password::hash(&unusable)).await {
        Ok(hash) => hash,
        Err(e) => return Err(ApiError::internal(e).into_response()),
    };
    let register = CustomerCommand::Register {
        email_subject: email_subject.clone(),
        email: new.email.as_str().to_string(),
        first_name: new
            .verified
            .first_name
            .clone()
            .or(first_name)
            .unwrap_or_default(),
        last_name: new
            .verified
            .last_name
            .clone()
            .or(last_name)
            .unwrap_or_default(),
        phone_key: keys.phone_key(&phone),
        phone,
        password_hash,
    };
    let refusal = match execute::<Customer>(state, &state.sealer, &customer_id, register).await {
        Ok(Ok(_)) => None,
        Ok(Err(CustomerError::Invalid(message))) => Some(unstored(
            Json(ProviderAnswer {
                reason_code: Some(INVALID_INPUT_DATA),
                error_message: Some(message.to_string()),
                ..Default::default()
            })
            .into_response(),
        )),
        Ok(Err(CustomerError::Unavailable(e))) => Some(ApiError::Unavailable(e).into_response()),
        Ok(Err(e)) => Some(ApiError::internal(e).into_response()),
        Err(e) => Some(ApiError::internal(e).into_response()),
    };
    if let Some(refusal) = refusal {
        let release = EmailClaimCommand::Release { customer_id };
        if let Err(e) = execute::<EmailClaim>(state, &(), &email_subject, release).await {
            tracing::error!(error = %e, "an email claim could not be released");
        }
        return Err(refusal);
    }
    link(state, &customer_id, provider, &new.provider_key).await?;
    Ok(customer_id)
}

/// The account a pending third-party registration makes once its rewards account is verified
/// (`confirmlinkaccount`, `linkuserwithrewardsnum` with `createOauthAccountRequest`): the
/// account the identity already signs in, or a new one with the request's phone. Its sign-in
/// is recorded; the caller signs the browser in.
pub(in crate::routes) async fn pending_account(
    state: &CommandState,
    identity: &Identity,
    login_method: &str,
    credential: &str,
    phone: Option<&str>,
) -> Result<String, Response> {
    let Some(provider) = provider_named(login_method) else {
        return Err(refused(None, GENERIC_MESSAGE));
    };
    let customer_id = match resolve(state, identity, provider, credential).await? {
        Resolved::Linked(customer_id) => customer_id,
        Resolved::New(new) => {
            let phone = valid_phone(phone.unwrap_or_default())?;
            create_account(state, provider, &new, phone, None, None).await?
        }
    };
    record_login(state, &customer_id, provider).await?;
    Ok(customer_id)
}

/// This module's operations in the OpenAPI document.
#[derive(utoipa::OpenApi)]
#[openapi(paths(
    oauth_nonce,
    sign_in_options,
    google_auth,
    apple_auth,
    facebook_auth,
    google_verify,
    apple_verify,
    facebook_verify,
    create_with_phone
))]
pub(crate) struct Api;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_login_method_names_its_provider() {
        assert_eq!(provider_named("Google"), Some(Provider::Google));
        assert_eq!(provider_named("Apple"), Some(Provider::Apple));
        assert_eq!(provider_named("facebook"), Some(Provider::Facebook));
        assert_eq!(provider_named("Local"), None);
    }

    #[test]
    fn a_provider_answer_passes_as_text_only_and_bounded() {
        let text: FacebookVerifyRequest =
            serde_json::from_str(r#"{"authResponse":"{\"userID\":\"1\"}"}"#).unwrap();
        assert_eq!(text.auth_response, r#"{"userID":"1"}"#);
        assert!(serde_json::from_str::<FacebookVerifyRequest>(
            r#"{"authResponse":{"userID":"1"}}"#
        )
        .is_err());
        let long = format!(
            r#"{{"authResponse":"{}"}}"#,
            "x".repeat(MAX_CREDENTIAL_CHARS + 1)
        );
        assert!(serde_json::from_str::<FacebookVerifyRequest>(&long).is_err());
        let longest = format!(
            r#"{{"authResponse":"{}"}}"#,
            "é".repeat(MAX_CREDENTIAL_CHARS)
        );
        assert!(serde_json::from_str::<FacebookVerifyRequest>(&longest).is_ok());
    }
}
