//! Sign-in with email and password (spec 3 'Sign-in', 7) and sign-out: the captcha after
//! wrong passwords, the limits, a new session at every sign-in.

use super::*;

pub const INVALID_LOGIN: &str = "Invalid Login — Please try again.";
pub const CAPTCHA_NEEDED: &str =
    "Let's double check this. Please re-enter your password and complete the CAPTCHA below.";
pub const CAPTCHA_FAILED: &str = "reCAPTCHA validation failed. Please try again.";
/// The window over which wrong passwords from one address count towards the captcha.
pub const ADDRESS_FAILURE_WINDOW_SECS: u32 = 900;
/// Wrong passwords for one account (or from one address in 15 minutes) before sign-in asks
/// for a captcha.
pub const CAPTCHA_AFTER_FAILURES: i32 = 3;

/// The sign-in form (spec 3, "Sign-in").
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SignInRequest {
    /// The email address.
    #[schema(max_length = 254)]
    pub user_name: String,
    #[schema(max_length = 1000)]
    pub password: String,
    #[serde(default)]
    pub save_login: bool,
    #[serde(default)]
    pub has_captcha: bool,
    #[serde(default)]
    #[schema(max_length = 4000)]
    pub captcha: Option<String>,
    #[serde(default)]
    pub skip_cart_merge: bool,
}

/// The answer of `authenticate` (spec 3).
#[derive(Debug, Default, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SignInAnswer {
    pub success: bool,
    /// On an answer that signed this browser in: its header data, as
    /// `GET /globalresource/header/?deptMenu=omit` answers it now.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    pub header_json: Option<serde_json::Value>,
    pub password_change_required: bool,
    #[schema(required)]
    pub redirect_url: Option<String>,
    pub captcha_failed: bool,
    pub captcha_required: bool,
    /// Why not, in the spec's words.
    #[schema(required)]
    pub error_message: Option<String>,
}

#[utoipa::path(post, path = "/account/authenticate", tag = "accounts",
    summary = "Sign in with email and password",
    description = "Token header. A wrong email or password answers 200 with `success` false and 'Invalid Login — Please try again.'; from the third wrong password of an account on, `captchaRequired` is true and the message asks to complete the CAPTCHA. Success ends the session this browser held and starts a new one (a new `sf_session`), and the carts meet: the customer's cart merges this browser's lines in (quantities add, each line passing the cart's rules again; not with `skipCartMerge`) and becomes this browser's cart; a customer without a cart adopts this browser's. A password older than `PASSWORD_MAX_AGE_DAYS` (0: never), or one an operator asked to change (`storefront accounts require-password-change`), still signs in and answers `passwordChangeRequired` true with `redirectUrl` `/account/update-password/`. Never stored for an Idempotency-Key.",
    request_body = SignInRequest,
    responses(
        (status = 200, description = "Signed in, or refused (`success` false)", body = SignInAnswer),
        (status = 400, description = crate::routes::doc::BAD_REQUEST, body = kernel::http::ErrorBody),
        (status = 403, description = crate::routes::doc::NO_ANTI_FORGERY_TOKEN, body = kernel::http::ErrorBody),
        (status = 429, description = crate::routes::doc::TOO_MANY_ATTEMPTS, body = kernel::http::ErrorBody, headers(("Retry-After" = u64))),
    ))]
pub(super) async fn authenticate(
    State(state): State<CommandState>,
    AccountCall { identity, address }: AccountCall,
    headers: HeaderMap,
    ApiJson(request): ApiJson<SignInRequest>,
) -> Response {
    let refused = |captcha_required: bool| {
        unstored(
            Json(SignInAnswer {
                captcha_required,
                error_message: Some(
                    if captcha_required {
                        CAPTCHA_NEEDED
                    } else {
                        INVALID_LOGIN
                    }
                    .to_string(),
                ),
                ..Default::default()
            })
            .into_response(),
        )
    };
    // Wrong passwords from this address lately (a keyed hash of it names the bucket).
    let address_bucket = address.0.map(|ip| {
        let hash = identity
            .keyring()
            .derive("failures-address", &ip.to_string());
        format!("failures-address:{hash}")
    });
    let address_failures = match &address_bucket {
        Some(bucket) => {
            match kernel::limits::hits(&state.pool, bucket, ADDRESS_FAILURE_WINDOW_SECS).await {
                Ok(hits) => hits,
                Err(e) => return ApiError::from(e).into_response(),
            }
        }
        None => 0,
    };
    // A wrong password: counted for the account's subject and the address; the answer says
    // whether the next attempt needs a captcha.
    let wrong = |subject: String, failed: i32| {
        let state = state.clone();
        let address_bucket = address_bucket.clone();
        async move {
            if let Err(e) = count_failure(&state, &subject).await {
                return e.into_response();
            }
            if let Some(bucket) = &address_bucket {
                let window = kernel::limits::Limit {
                    max: u32::MAX,
                    window_seconds: ADDRESS_FAILURE_WINDOW_SECS,
                };
                if let Err(e) = kernel::limits::attempt(&state.pool, bucket, window).await {
                    return ApiError::from(e).into_response();
                }
            }
            refused(
                failed + 1 >= CAPTCHA_AFTER_FAILURES
                    || address_failures + 1 >= CAPTCHA_AFTER_FAILURES,
            )
        }
    };
    let plain = request.password;
    let (subject, account) = match kernel::values::Email::parse(&request.user_name) {
        Ok(email) if !plain.is_empty() && plain.chars().count() <= password::MAX_CHARS => {
            let keys = match privacy::keys() {
                Ok(keys) => keys,
                Err(e) => return ApiError::Unavailable(e.to_string()).into_response(),
            };
            let subject = keys.subject_for_email(email.as_str());
            if let Err(refused) = limit_failures(&state, &subject).await {
                return refused;
            }
            match account_of(&state, &subject).await {
                Ok(account) => (subject, account),
                Err(e) => return e.into_response(),
            }
        }
        _ => return refused(false),
    };
    // From the third wrong password of the account, or from the address, a captcha first:
    // without a solved one the password is not even looked at.
    let failed = account.as_ref().map_or(0, |a| a.failed_logins);
    if failed >= CAPTCHA_AFTER_FAILURES || address_failures >= CAPTCHA_AFTER_FAILURES {
        let Some(captcha) = request.captcha.as_deref().filter(|c| !c.is_empty()) else {
            return refused(true);
        };
        match state.captcha.verify(captcha, address.0).await {
            Ok(true) => {}
            Ok(false) => {
                return unstored(
                    Json(SignInAnswer {
                        captcha_failed: true,
                        captcha_required: true,
                        error_message: Some(CAPTCHA_FAILED.to_string()),
                        ..Default::default()
                    })
                    .into_response(),
                )
            }
            Err(e) => return ApiError::from(e).into_response(),
        }
    }
    let Some(Account {
        customer_id,
        password_hash: Some(hash),
        ..
    }) = account
    else {
        // As long as a real check, so the time does not tell whether the address has an account.
        let _ = tokio::task::spawn_blocking(move || password::verify_nothing(&plain)).await;
        return wrong(subject, failed).await;
    };
    let matches = tokio::task::spawn_blocking(move || password::verify(&hash, &plain))
        .await
        .unwrap_or(false);
    if !matches {
        let answer = wrong(subject, failed).await;
        if let Err(e) = execute::<Customer>(
            &state,
            &state.sealer,
            &customer_id,
            CustomerCommand::RecordFailedLogin,
        )
        .await
        {
            return ApiError::internal(e).into_response();
        }
        return answer;
    }
    let login = CustomerCommand::RecordLogin {
        method: LoginMethod::Local,
    };
    if let Err(e) = execute::<Customer>(&state, &state.sealer, &customer_id, login).await {
        return ApiError::internal(e).into_response();
    }
    // Signed in all the same; the web then sends the customer to choose a new password.
    let change = match password_change_required(&state, &customer_id).await {
        Ok(change) => change,
        Err(e) => return e.into_response(),
    };
    let answer = SignInAnswer {
        success: true,
        password_change_required: change,
        redirect_url: change.then(|| UPDATE_PASSWORD_PAGE.to_string()),
        ..Default::default()
    };
    signed_in(
        &state,
        &identity,
        &headers,
        &customer_id,
        request.save_login,
        request.skip_cart_merge,
        answer,
    )
    .await
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LogoutParams {
    /// Where to go after: a local URL (a single leading slash, no `//`, no backslash, no
    /// control character); anything else goes to the home page.
    #[serde(rename = "refUrl")]
    pub ref_url: Option<String>,
}

#[utoipa::path(get, path = "/account/logout/", tag = "accounts",
    summary = "Sign out and go on",
    description = "Ends this browser's session (and clears its cookie and the cart cookie: the customer's cart stays with the account), then redirects to `refUrl` when it is a local URL, else to `/`. A GET because the spec links it: it only ends the visitor's own session, so another site triggering it signs nobody else out (docs/decisions.md).",
    params(LogoutParams),
    responses(
        (status = 303, description = "To `refUrl` or `/`", headers(("Location" = String))),
    ))]
pub(super) async fn logout(
    State(state): State<CommandState>,
    identity: Identity,
    Query(params): Query<LogoutParams>,
) -> Response {
    if let Err(e) = end_session(&state, &identity).await {
        return e.into_response();
    }
    let to = params
        .ref_url
        .filter(|url| kernel::validation::is_local_url(url))
        .unwrap_or_else(|| "/".to_string());
    let mut response = (StatusCode::SEE_OTHER, [(header::LOCATION, to)]).into_response();
    if identity.session_id.is_some() {
        // Signed out, the browser keeps neither the session nor the customer's cart.
        response.extensions_mut().insert(SessionGrant::End);
        response.extensions_mut().insert(CartRelease);
    }
    unstored(response)
}
