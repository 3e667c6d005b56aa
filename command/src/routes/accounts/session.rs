//! A browser's session and cart at sign-in and sign-out: a new session id every time, the
//! browser's cart and the customer's brought together.

use super::*;

/// "Chrome on Windows": what a device list shows of a User-Agent.
pub fn device_of(headers: &HeaderMap) -> String {
    let agent = headers
        .get(header::USER_AGENT)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    let browser = if agent.contains("Edg/") {
        "Edge"
    } else if agent.contains("Firefox/") {
        "Firefox"
    } else if agent.contains("Chrome/") || agent.contains("Chromium/") {
        "Chrome"
    } else if agent.contains("Safari/") {
        "Safari"
    } else {
        "A browser"
    };
    let system = if agent.contains("Android") {
        "Android"
    } else if agent.contains("iPhone") || agent.contains("iPad") {
        "iOS"
    } else if agent.contains("Windows") {
        "Windows"
    } else if agent.contains("Mac OS X") || agent.contains("Macintosh") {
        "macOS"
    } else if agent.contains("Linux") {
        "Linux"
    } else {
        "another system"
    };
    format!("{browser} on {system}")
}

/// Starts a session for `customer_id` in this browser, ending the one it held (a new id at
/// every sign-in): the grant that sets its cookie.
async fn start_session(
    state: &CommandState,
    identity: &Identity,
    headers: &HeaderMap,
    customer_id: &str,
    saved: bool,
) -> Result<SessionGrant, ApiError> {
    end_session(state, identity).await?;
    let session_id = new_session_id();
    let start = SessionCommand::Start {
        customer_id: customer_id.to_string(),
        device: device_of(headers),
        saved,
        now: chrono::Utc::now(),
    };
    execute::<Session>(state, &(), &session_key(&session_id), start)
        .await
        .map_err(ApiError::internal)?
        .map_err(ApiError::internal)?;
    Ok(SessionGrant::Start {
        session_id,
        max_age: saved.then_some(SAVED_SESSION_DAYS as u64 * 24 * 3600),
    })
}

/// Ends the session this browser holds, if any.
pub(in crate::routes) async fn end_session(
    state: &CommandState,
    identity: &Identity,
) -> Result<(), ApiError> {
    if let Some(session_id) = &identity.session_id {
        let end = SessionCommand::End {
            reason: SessionEndReason::SignedOut,
        };
        execute::<Session>(state, &(), &session_key(session_id), end)
            .await
            .map_err(ApiError::internal)?
            .map_err(ApiError::internal)?;
    }
    Ok(())
}

/// What becomes of the browser's cart cookie at sign-in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(in crate::routes) enum CartHandOver {
    /// It stays as it is (none, or the customer's own).
    Keep,
    /// The browser gets the customer's cart.
    Grant(String),
    /// The browser gives back a cart that is another customer's.
    Release,
}

/// At sign-in the browser's cart and the customer's meet: a customer without a cart adopts the
/// browser's; a customer with one gets it in this browser, with the browser's lines merged in
/// unless `merge` is false (skipCartMerge). A cart another customer holds is never brought
/// along (the browser gives it back).
pub(in crate::routes) async fn carry_cart(
    state: &CommandState,
    identity: &Identity,
    customer_id: &str,
    merge: bool,
) -> Result<CartHandOver, ApiError> {
    let customer_cart: Option<String> =
        sqlx::query_scalar("SELECT cart_id FROM customers WHERE customer_id = $1")
            .bind(customer_id)
            .fetch_optional(&state.pool)
            .await?
            .flatten();
    let browser_cart = match &identity.cart_id {
        Some(cart) if Some(cart) != customer_cart.as_ref() => {
            let someone_elses: bool =
                sqlx::query_scalar("SELECT exists(SELECT 1 FROM customers WHERE cart_id = $1)")
                    .bind(cart)
                    .fetch_one(&state.pool)
                    .await?;
            if someone_elses {
                return Ok(match customer_cart {
                    Some(own) => CartHandOver::Grant(own),
                    None => CartHandOver::Release,
                });
            }
            Some(cart.clone())
        }
        _ => None,
    };
    match (customer_cart, browser_cart) {
        (None, None) => Ok(CartHandOver::Keep),
        (None, Some(cart)) => {
            let adopt = CustomerCommand::AdoptCart { cart_id: cart };
            execute::<Customer>(state, &state.sealer, customer_id, adopt)
                .await
                .map_err(ApiError::internal)?
                .map_err(ApiError::internal)?;
            Ok(CartHandOver::Keep)
        }
        (Some(own), None) => Ok(CartHandOver::Grant(own)),
        (Some(own), Some(guest)) => {
            if merge {
                let (mut loaded, _) = eventstore::load_many::<crate::cart::Cart>(
                    &state.pool,
                    std::slice::from_ref(&guest),
                )
                .await
                .map_err(ApiError::internal)?;
                let lines = loaded
                    .remove(&guest)
                    .map(|(cart, _)| cart.lines)
                    .unwrap_or_default();
                if !lines.is_empty() {
                    let merge = crate::cart::CartCommand::Merge {
                        from_cart_id: guest,
                        lines,
                    };
                    match execute::<crate::cart::Cart>(state, &state.cart_services, &own, merge)
                        .await
                        .map_err(ApiError::internal)?
                    {
                        Ok(_) => {}
                        Err(crate::cart::CartError::Unavailable(e)) => {
                            return Err(ApiError::Unavailable(e))
                        }
                        Err(e) => return Err(ApiError::internal(e)),
                    }
                }
            }
            Ok(CartHandOver::Grant(own))
        }
    }
}

/// Signs this browser in as `customer_id` (a new session) and answers `answer` with the
/// session's cookie and, as `headerJson`, the header data of the browser signed in; the carts
/// meet as [`carry_cart`] says (merging unless `skip_cart_merge`).
pub(in crate::routes) async fn signed_in(
    state: &CommandState,
    identity: &Identity,
    headers: &HeaderMap,
    customer_id: &str,
    saved: bool,
    skip_cart_merge: bool,
    answer: impl Serialize,
) -> Response {
    let hand_over = match carry_cart(state, identity, customer_id, !skip_cart_merge).await {
        Ok(hand_over) => hand_over,
        Err(e) => return e.into_response(),
    };
    let grant = match start_session(state, identity, headers, customer_id, saved).await {
        Ok(grant) => grant,
        Err(e) => return e.into_response(),
    };
    // Who the browser is from this answer on: the new session, and the cart it holds now.
    let mut after = identity.clone();
    if let SessionGrant::Start { session_id, .. } = &grant {
        after.session_id = Some(session_id.clone());
    }
    match &hand_over {
        CartHandOver::Keep => {}
        CartHandOver::Grant(cart) => after.cart_id = Some(cart.clone()),
        CartHandOver::Release => after.cart_id = None,
    }
    let mut body = match serde_json::to_value(answer) {
        Ok(body) => body,
        Err(e) => return ApiError::internal(e).into_response(),
    };
    if let Some(fields) = body.as_object_mut() {
        fields.insert(
            "headerJson".into(),
            header_json(state, &after, headers).await,
        );
    }
    let mut response = unstored(Json(body).into_response());
    response.extensions_mut().insert(grant);
    match hand_over {
        CartHandOver::Keep => {}
        CartHandOver::Grant(cart) => {
            response.extensions_mut().insert(CartGrant(cart));
        }
        CartHandOver::Release => {
            response.extensions_mut().insert(CartRelease);
        }
    }
    response
}

/// The header data of `identity` for the browser that sent `headers`, or null when it cannot
/// be built (the sign-in stands; the page asks for the header itself).
async fn header_json(
    state: &CommandState,
    identity: &Identity,
    headers: &HeaderMap,
) -> serde_json::Value {
    let agent = headers
        .get(header::USER_AGENT)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    state
        .header
        .header_json(identity, agent)
        .await
        .unwrap_or_else(|e| {
            tracing::warn!(error = %e, "the header data of an account answer could not be built");
            serde_json::Value::Null
        })
}
