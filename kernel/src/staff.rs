//! Staff access, two ways. Machines (CI, scripts) carry `Authorization: Bearer TOKEN`,
//! checked against `STAFF_TOKENS` (`staffid:role:token,…`, each token at least 24 characters;
//! roles `merchandiser`, `analyst`, `operator`, several joined by `+`). Tokens are kept as
//! SHA-256 digests and compared in constant time; no token is ever logged. A bearer header is
//! never sent by a browser on its own, so these calls need no anti-forgery token.
//!
//! People sign in to their customer account (`sf_session`) and hold staff roles granted by an
//! accepted invitation (`storefront staff invite`): the read model `customers.staff_roles`.
//! Without a bearer header, the session of the request is looked up (when the tokens were given
//! a pool: [`StaffTokens::with_sessions`]); the member's id is then the customer id (`cu_…`).
//! A cookie rides along on any request, so a session's unsafe calls (anything but GET, HEAD and
//! OPTIONS) also need this browser's anti-forgery token (`RequestVerificationToken`). A
//! signed-in customer without staff roles gets 403, a request without either credential 401.
//!
//! A handler states the role it needs by its argument, [`Staff<Merchandiser>`],
//! [`Staff<Analyst>`] or [`Staff<AnyStaff>`]: 401 (with `WWW-Authenticate: Bearer`) without
//! valid staff credentials, 403 with credentials of another role. [`require_staff`] is the one
//! layer in front of every `/api/staff/…` route.

use std::marker::PhantomData;
use std::sync::Arc;

use axum::extract::{FromRef, FromRequestParts, Request, State};
use axum::http::request::Parts;
use axum::http::{HeaderMap, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use sha2::{Digest, Sha256};

pub const SIGN_IN_MESSAGE: &str = "Please sign in as staff.";
pub const FORBIDDEN_MESSAGE: &str = "Your staff role does not allow this.";
pub const MIN_TOKEN_CHARS: usize = 24;

/// What a member of staff may do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Role {
    /// Shapes search: pins, keyword redirects, reindex, explain.
    Merchandiser,
    /// Reads the analytics report.
    Analyst,
    /// Reads the operational detail (`/ops/readyz`).
    Operator,
    /// A store associate: works the pickup queue, marks orders ready, picked up, shipped or
    /// delivered, cancels and takes returns.
    Associate,
}

impl Role {
    pub const ALL: [Role; 4] = [
        Role::Merchandiser,
        Role::Analyst,
        Role::Operator,
        Role::Associate,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Role::Merchandiser => "merchandiser",
            Role::Analyst => "analyst",
            Role::Operator => "operator",
            Role::Associate => "associate",
        }
    }

    fn parse(name: &str) -> Option<Role> {
        Role::ALL.into_iter().find(|r| r.name() == name.trim())
    }

    /// The role of a name (`merchandiser`, `analyst`, `operator`, `associate`).
    pub fn from_name(name: &str) -> Option<Role> {
        Role::parse(name)
    }

    /// The roles of `merchandiser+analyst` (no duplicates, in [`Role::ALL`]'s order); `None`
    /// when a name is unknown or none is given.
    pub fn parse_list(list: &str) -> Option<Vec<Role>> {
        let mut roles = Vec::new();
        for name in list.split('+') {
            roles.push(Role::parse(name)?);
        }
        let roles: Vec<Role> = Role::ALL
            .into_iter()
            .filter(|r| roles.contains(r))
            .collect();
        (!roles.is_empty()).then_some(roles)
    }
}

/// A member of staff who presented valid credentials.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StaffMember {
    pub id: String,
    pub roles: Vec<Role>,
}

impl StaffMember {
    pub fn has(&self, role: Role) -> bool {
        self.roles.contains(&role)
    }
}

#[derive(Clone, Default)]
pub struct StaffTokens {
    /// (staff id, roles, SHA-256 of the token).
    tokens: Vec<(String, Vec<Role>, [u8; 32])>,
    /// Where signed-in staff are looked up (sessions and `customers.staff_roles`); without it
    /// only bearer tokens count.
    sessions: Option<sqlx::PgPool>,
}

impl std::fmt::Debug for StaffTokens {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "StaffTokens({} staff)", self.tokens.len())
    }
}

fn digest(token: &str) -> [u8; 32] {
    Sha256::digest(token.as_bytes()).into()
}

impl StaffTokens {
    /// `alice:merchandiser:token,bob:analyst+merchandiser:token`; answers what is wrong, naming
    /// the entry, never the token.
    pub fn parse(list: &str) -> Result<Self, String> {
        let mut tokens = Vec::new();
        for (i, entry) in list
            .split(',')
            .map(str::trim)
            .filter(|e| !e.is_empty())
            .enumerate()
        {
            let mut parts = entry.splitn(3, ':');
            let (Some(id), Some(roles), Some(token)) = (parts.next(), parts.next(), parts.next())
            else {
                return Err(format!("entry {} is not staffid:role:token", i + 1));
            };
            if id.trim().is_empty() || token.len() < MIN_TOKEN_CHARS {
                return Err(format!(
                    "entry {}: a staff id and a token of at least {MIN_TOKEN_CHARS} characters are needed",
                    i + 1
                ));
            }
            let mut parsed = Vec::new();
            for name in roles.split('+') {
                match Role::parse(name) {
                    Some(role) => parsed.push(role),
                    None => {
                        return Err(format!(
                            "entry {}: the role must be one of merchandiser, analyst, operator, associate (several joined by +)",
                            i + 1
                        ))
                    }
                }
            }
            tokens.push((id.trim().to_string(), parsed, digest(token)));
        }
        Ok(Self {
            tokens,
            sessions: None,
        })
    }

    /// The same tokens, and signed-in staff accounts looked up in `pool`.
    pub fn with_sessions(&self, pool: sqlx::PgPool) -> Self {
        Self {
            tokens: self.tokens.clone(),
            sessions: Some(pool),
        }
    }

    /// The member of staff a request names: a valid bearer token (the fast path, no database),
    /// else the open session of a customer with staff roles. `Err` is the answer: 401 without
    /// credentials (or with a wrong bearer token), 403 for a signed-in customer without roles
    /// or an unsafe call of a session without its anti-forgery token.
    pub async fn authenticate(&self, parts: &Parts) -> Result<StaffMember, Response> {
        if parts
            .headers
            .contains_key(axum::http::header::AUTHORIZATION)
        {
            return self.member(&parts.headers).ok_or_else(unauthorized);
        }
        let Some(pool) = &self.sessions else {
            return Err(unauthorized());
        };
        let identity = crate::identity::Identity::of(&parts.extensions);
        let signed_in = match crate::session::signed_in(pool, &identity).await {
            Ok(Some(signed_in)) => signed_in,
            Ok(None) => return Err(unauthorized()),
            Err(e) => return Err(crate::http::ApiError::from(e).into_response()),
        };
        let names: Option<Vec<String>> =
            sqlx::query_scalar("SELECT staff_roles FROM customers WHERE customer_id = $1")
                .bind(&signed_in.customer_id)
                .fetch_optional(pool)
                .await
                .map_err(|e| crate::http::ApiError::from(e).into_response())?;
        let roles: Vec<Role> = names
            .unwrap_or_default()
            .iter()
            .filter_map(|name| Role::parse(name))
            .collect();
        if roles.is_empty() {
            return Err(forbidden());
        }
        let safe = matches!(
            parts.method,
            axum::http::Method::GET | axum::http::Method::HEAD | axum::http::Method::OPTIONS
        );
        if !safe && !crate::csrf::has_anti_forgery_token(&identity, &parts.headers) {
            return Err(crate::http::ApiError::refused(
                StatusCode::FORBIDDEN,
                crate::csrf::ANTI_FORGERY_CODE,
                crate::csrf::ANTI_FORGERY_MESSAGE,
            )
            .into_response());
        }
        Ok(StaffMember {
            id: signed_in.customer_id,
            roles,
        })
    }

    /// The member of staff a valid bearer token names.
    pub fn member(&self, headers: &HeaderMap) -> Option<StaffMember> {
        let value = headers
            .get(axum::http::header::AUTHORIZATION)?
            .to_str()
            .ok()?;
        let token = value.strip_prefix("Bearer ")?.trim();
        let given = digest(token);
        let mut found = None;
        for (id, roles, expected) in &self.tokens {
            // Constant time per entry: no early exit on the first differing byte.
            let same = given
                .iter()
                .zip(expected.iter())
                .fold(0u8, |acc, (a, b)| acc | (a ^ b))
                == 0;
            if same {
                found = Some(StaffMember {
                    id: id.clone(),
                    roles: roles.clone(),
                });
            }
        }
        found
    }
}

/// 401 with `WWW-Authenticate: Bearer`: no valid staff credentials.
pub fn unauthorized() -> Response {
    let mut r =
        crate::http::ApiError::refused(StatusCode::UNAUTHORIZED, "Unauthorized", SIGN_IN_MESSAGE)
            .into_response();
    r.headers_mut().insert(
        axum::http::header::WWW_AUTHENTICATE,
        axum::http::HeaderValue::from_static("Bearer"),
    );
    r
}

/// 403: valid staff credentials of another role.
pub fn forbidden() -> Response {
    crate::http::ApiError::refused(StatusCode::FORBIDDEN, "Forbidden", FORBIDDEN_MESSAGE)
        .into_response()
}

/// The role a handler needs, as a type: [`Merchandiser`], [`Analyst`], [`Operator`], [`Associate`] or
/// [`AnyStaff`].
pub trait RoleNeeded: Send + Sync + 'static {
    fn allows(member: &StaffMember) -> bool;
}

macro_rules! role_needed {
    ($($name:ident => $role:expr),* $(,)?) => {$(
        #[derive(Debug, Clone, Copy)]
        pub struct $name;
        impl RoleNeeded for $name {
            fn allows(member: &StaffMember) -> bool {
                member.has($role)
            }
        }
    )*};
}
role_needed!(
    Merchandiser => Role::Merchandiser,
    Analyst => Role::Analyst,
    Operator => Role::Operator,
    Associate => Role::Associate,
);

/// Any member of staff, whatever the role.
#[derive(Debug, Clone, Copy)]
pub struct AnyStaff;
impl RoleNeeded for AnyStaff {
    fn allows(_: &StaffMember) -> bool {
        true
    }
}

/// The member of staff acting, holding role `R`: the extractor every staff handler takes.
#[derive(Debug, Clone)]
pub struct Staff<R: RoleNeeded> {
    pub member: StaffMember,
    role: PhantomData<R>,
}

impl<R: RoleNeeded> Staff<R> {
    /// The acting staff id (recorded in events' metadata and logs).
    pub fn id(&self) -> &str {
        &self.member.id
    }
}

impl<R, S> FromRequestParts<S> for Staff<R>
where
    R: RoleNeeded,
    Arc<StaffTokens>: FromRef<S>,
    S: Send + Sync,
{
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let member = match parts.extensions.get::<StaffMember>() {
            Some(member) => member.clone(),
            None => {
                Arc::<StaffTokens>::from_ref(state)
                    .authenticate(parts)
                    .await?
            }
        };
        if !R::allows(&member) {
            return Err(forbidden());
        }
        Ok(Staff {
            member,
            role: PhantomData,
        })
    }
}

/// The one layer in front of `/api/staff/…`: 401 without valid staff credentials (403 for a
/// signed-in customer without staff roles); the member goes on as a request extension, where
/// each handler's [`Staff`] checks its role.
pub async fn require_staff(
    State(tokens): State<Arc<StaffTokens>>,
    request: Request,
    next: Next,
) -> Response {
    let (mut parts, body) = request.into_parts();
    match tokens.authenticate(&parts).await {
        Ok(member) => {
            parts.extensions.insert(member);
            next.run(Request::from_parts(parts, body)).await
        }
        Err(refused) => refused,
    }
}

/// The former paths of staff operations, answered for one release beside their successors
/// under `/api/staff/` (the same path with `/api/` → `/api/staff/`).
pub const FORMER_PATHS: &[&str] = &[
    "/api/merch/AddItemToTop",
    "/api/merch/UnpinItem",
    "/api/merch/UpdateItemPinOrder",
    "/api/merch/SetKeywordRedirect",
    "/api/merch/RemoveKeywordRedirect",
    "/api/search/reindex",
    "/api/analytics/report",
];

/// When the former staff paths were deprecated (RFC 9745 `Deprecation`: 2026-11-27).
pub const DEPRECATED_SINCE: &str = "@1795737600";

/// Marks an answer of a former staff path (`/api/merch/…`, `/api/search/reindex`,
/// `/api/analytics/report`) as deprecated: `Deprecation` (RFC 9745) and a `Link` to the same
/// operation under `/api/staff/…`. Applied with `route_layer` to the former paths only.
pub async fn deprecated_path(request: Request, next: Next) -> Response {
    let successor = request.uri().path().replacen("/api/", "/api/staff/", 1);
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    headers.insert(
        "deprecation",
        axum::http::HeaderValue::from_static(DEPRECATED_SINCE),
    );
    if let Ok(link) =
        axum::http::HeaderValue::from_str(&format!("<{successor}>; rel=\"successor-version\""))
    {
        headers.insert(axum::http::header::LINK, link);
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_configured_bearer_tokens_name_a_merchandiser() {
        let tokens = StaffTokens::parse(
            "alice:merchandiser:aaaaaaaaaaaaaaaaaaaaaaaaaaaa, bob:analyst+merchandiser:bbbbbbbbbbbbbbbbbbbbbbbbbbbb",
        )
        .unwrap();
        let mut h = HeaderMap::new();
        assert_eq!(tokens.member(&h).map(|m| m.id), None);
        h.insert(
            "authorization",
            "Bearer bbbbbbbbbbbbbbbbbbbbbbbbbbbb".parse().unwrap(),
        );
        assert_eq!(tokens.member(&h).map(|m| m.id).as_deref(), Some("bob"));
        h.insert(
            "authorization",
            "Bearer bbbbbbbbbbbbbbbbbbbbbbbbbbbc".parse().unwrap(),
        );
        assert_eq!(tokens.member(&h).map(|m| m.id), None);
        h.insert(
            "authorization",
            "bbbbbbbbbbbbbbbbbbbbbbbbbbbb".parse().unwrap(),
        );
        assert_eq!(tokens.member(&h).map(|m| m.id), None, "Bearer is required");
        assert!(StaffTokens::parse("alice:merchandiser:short").is_err());
        assert!(StaffTokens::parse("alice:cashier:aaaaaaaaaaaaaaaaaaaaaaaaaaaa").is_err());
        assert!(
            StaffTokens::parse("alice:aaaaaaaaaaaaaaaaaaaaaaaaaaaa").is_err(),
            "a role is required"
        );
        assert!(StaffTokens::parse("justatoken").is_err());
        assert!(!format!("{tokens:?}").contains("aaaa"));
        assert_eq!(StaffTokens::default().member(&h).map(|m| m.id), None);
    }
}
