//! A card gateway over HTTP (`PAYMENT_GATEWAY_URL`, `PAYMENT_GATEWAY_SECRET`): the
//! [`PaymentGateway`] port on a typical card gateway's JSON REST calls.
//!
//! Every request is a `POST` with `Authorization: Bearer {secret}`, `Idempotency-Key: {key}`
//! (the port's key, so asking again does the operation once) and a JSON body, answered within
//! [`TIMEOUT`]; ids and keys in a path are percent-encoded.
//!
//! * authorise: `POST {base}/v1/authorizations` `{"reference": key, "amountCents", "currency": "USD", "card": {"number", "expMonth", "expYear", "securityCode", "name"}}` → 2xx `{"id", "status": "authorized"}`, or `{"id", "status": "declined", "declineCode"}`.
//! * capture: `POST {base}/v1/authorizations/{id}/capture` `{"amountCents"}` → 2xx.
//! * void: `POST {base}/v1/authorizations/by-reference/{authorise key}/void` `{}` → 2xx `{"voided": true|false}` (false: none such, or voided before); 409 when it was captured.
//! * refund: `POST {base}/v1/authorizations/{id}/refunds` `{"amountCents"}` → 2xx.
//!
//! A `declineCode` of `insufficient_funds` is [`Decline::InsufficientFunds`], any other
//! [`Decline::Declined`]. No connection, no answer in time, a 5xx, a 408 or a 429, and an
//! answer that is not the JSON expected (or longer than [`MAX_ANSWER_BYTES`]) are
//! [`PaymentError::Unreachable`]: asking again with the same key is safe. Any other 4xx is
//! [`PaymentError::Refused`], with the `{"error": {"code", "message"}}` of its body when there
//! is one. The card's number and security code and the secret are never in an error, a log
//! line or a `Debug`: what the gateway says is passed on with runs of 12 or more digits and
//! the secret replaced by `***`.

use std::time::Duration;

use reqwest::header::{HeaderValue, ACCEPT, CONTENT_TYPE};
use reqwest::StatusCode;
use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::json;
use zeroize::Zeroizing;

use super::card::Card;
use super::payment::{Decline, PaymentError, PaymentGateway};

/// Time for a whole call, from sending it to the last byte of the answer.
pub const TIMEOUT: Duration = Duration::from_secs(10);
/// The most of an answer's body that is read.
pub const MAX_ANSWER_BYTES: usize = 64 * 1024;
/// The most of the gateway's own words an error carries.
const MAX_REASON_CHARS: usize = 200;

/// A setting the gateway cannot be made with, named.
#[derive(Debug, thiserror::Error)]
#[error("{setting}: {message}")]
pub struct ConfigError {
    pub setting: &'static str,
    pub message: String,
}

fn config_error(setting: &'static str, message: &str) -> ConfigError {
    ConfigError {
        setting,
        message: message.into(),
    }
}

/// The gateway at `base_url`, authenticated by `secret`. Its `Debug` shows the address only.
pub struct HttpGateway {
    client: reqwest::Client,
    base_url: String,
    secret: Zeroizing<String>,
}

impl std::fmt::Debug for HttpGateway {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("HttpGateway")
            .field("base_url", &self.base_url)
            .finish_non_exhaustive()
    }
}

impl HttpGateway {
    /// A gateway at `url` (https; http only to 127.0.0.1, localhost or [::1]) with `secret`.
    /// Nothing connects yet.
    pub fn new(url: &str, secret: &str) -> Result<HttpGateway, ConfigError> {
        const URL: &str = "PAYMENT_GATEWAY_URL";
        let base_url = url.trim().trim_end_matches('/');
        let parsed = reqwest::Url::parse(base_url)
            .map_err(|_| config_error(URL, "must be an https:// URL"))?;
        let loopback = matches!(parsed.host_str(), Some("127.0.0.1" | "localhost" | "[::1]"));
        match parsed.scheme() {
            "https" if parsed.host_str().is_some() => {}
            "http" if loopback => {}
            _ => {
                return Err(config_error(
                    URL,
                    "must be an https:// URL (http:// only to 127.0.0.1 or localhost)",
                ))
            }
        }
        if !parsed.username().is_empty() || parsed.password().is_some() {
            return Err(config_error(
                URL,
                "must not hold credentials (the secret is PAYMENT_GATEWAY_SECRET)",
            ));
        }
        if parsed.query().is_some() || parsed.fragment().is_some() {
            return Err(config_error(URL, "must not have a query or a fragment"));
        }
        let secret = secret.trim();
        if secret.is_empty() {
            return Err(config_error(
                "PAYMENT_GATEWAY_SECRET",
                "must be set with PAYMENT_GATEWAY_URL",
            ));
        }
        if HeaderValue::from_str(&format!("Bearer {secret}")).is_err() {
            return Err(config_error(
                "PAYMENT_GATEWAY_SECRET",
                "must be printable ASCII (it is sent in a header)",
            ));
        }
        Ok(HttpGateway {
            client: crate::outbound::http_client(),
            base_url: base_url.to_string(),
            secret: Zeroizing::new(secret.to_string()),
        })
    }

    /// The gateway's address, for the start's log line.
    pub fn base_url(&self) -> &str {
        &self.base_url
    }

    /// `POST {base}{path}` with `body`: the answer when it is a 2xx, else the error it means
    /// (the gateway's words without `hidden`, what the body held that no error may show).
    async fn post(
        &self,
        key: &str,
        path: &str,
        body: serde_json::Value,
        hidden: &[&str],
    ) -> Result<reqwest::Response, PaymentError> {
        let idempotency_key = HeaderValue::from_str(key).map_err(|_| {
            PaymentError::Refused("the idempotency key cannot be sent in a header".into())
        })?;
        let body = serde_json::to_vec(&body).expect("a JSON value serialises");
        let answer = self
            .client
            .post(format!("{}{path}", self.base_url))
            .bearer_auth(self.secret.as_str())
            .header("Idempotency-Key", idempotency_key)
            .header(CONTENT_TYPE, "application/json")
            .header(ACCEPT, "application/json")
            .timeout(TIMEOUT)
            .body(body)
            .send()
            .await
            .map_err(|e| PaymentError::Unreachable(unanswered(e)))?;
        let status = answer.status();
        if status.is_success() {
            return Ok(answer);
        }
        if !status.is_client_error()
            || status == StatusCode::REQUEST_TIMEOUT
            || status == StatusCode::TOO_MANY_REQUESTS
        {
            return Err(PaymentError::Unreachable(format!(
                "the gateway answered {}",
                status.as_u16()
            )));
        }
        #[derive(Deserialize)]
        struct Refusal {
            error: Reason,
        }
        #[derive(Deserialize)]
        struct Reason {
            code: Option<String>,
            message: Option<String>,
        }
        let reason = crate::outbound::read_bounded(answer, MAX_ANSWER_BYTES)
            .await
            .and_then(|body| serde_json::from_slice::<Refusal>(&body).ok())
            .map(|refusal| refusal.error);
        let reason = match reason {
            Some(Reason {
                code: Some(code),
                message: Some(message),
            }) => format!("{code}: {message}"),
            Some(Reason {
                code: Some(said), ..
            })
            | Some(Reason {
                message: Some(said),
                ..
            }) => said,
            _ => "no reason given".into(),
        };
        Err(PaymentError::Refused(format!(
            "{} ({})",
            self.scrubbed(&reason, hidden),
            status.as_u16()
        )))
    }

    /// The gateway's words fit for an error and a log line: no secret, nothing `hidden`, no
    /// card number, no control characters, at most [`MAX_REASON_CHARS`].
    fn scrubbed(&self, said: &str, hidden: &[&str]) -> String {
        let said = std::iter::once(self.secret.as_str())
            .chain(hidden.iter().copied())
            .filter(|word| !word.is_empty())
            .fold(said.to_string(), |said, word| said.replace(word, "***"));
        hide_card_numbers(&said)
            .chars()
            .filter(|c| !c.is_control())
            .take(MAX_REASON_CHARS)
            .collect()
    }
}

/// Why a call had no answer, without its URL (nor anything of the request: reqwest's errors
/// and their causes never hold a header or the body).
fn unanswered(e: reqwest::Error) -> String {
    let what = if e.is_timeout() {
        "did not answer in time"
    } else if e.is_connect() {
        "could not be reached"
    } else {
        "did not answer"
    };
    let e = e.without_url();
    let mut cause: &dyn std::error::Error = &e;
    while let Some(source) = cause.source() {
        cause = source;
    }
    format!("the gateway {what} ({cause})")
}

/// A 2xx answer's JSON body as `T`.
async fn answer_of<T: DeserializeOwned>(answer: reqwest::Response) -> Result<T, PaymentError> {
    let body = crate::outbound::read_bounded(answer, MAX_ANSWER_BYTES)
        .await
        .ok_or_else(|| {
            PaymentError::Unreachable("the gateway's answer was too long or cut short".into())
        })?;
    serde_json::from_slice(&body).map_err(|_| {
        PaymentError::Unreachable("the gateway's answer was not the JSON expected".into())
    })
}

/// `segment` percent-encoded for a path: letters, digits, `-`, `.`, `_` and `~` as they are,
/// every other byte `%XX`. An empty, `.` or `..` segment is refused (it would name another
/// path).
fn segment(value: &str) -> Result<String, PaymentError> {
    if matches!(value, "" | "." | "..") {
        return Err(PaymentError::Refused(format!(
            "'{value}' cannot name a payment"
        )));
    }
    Ok(value
        .bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect())
}

/// `text` with every run of 12 or more digits (spaces and dashes between them allowed)
/// replaced by `***`.
fn hide_card_numbers(text: &str) -> String {
    fn flush(out: &mut String, run: &mut String, digits: &mut usize) {
        let kept = run.trim_end_matches([' ', '-']);
        let tail = &run[kept.len()..];
        out.push_str(if *digits >= 12 { "***" } else { kept });
        out.push_str(tail);
        run.clear();
        *digits = 0;
    }
    let (mut out, mut run, mut digits) = (String::new(), String::new(), 0);
    for c in text.chars() {
        if c.is_ascii_digit() {
            run.push(c);
            digits += 1;
        } else if (c == ' ' || c == '-') && !run.is_empty() {
            run.push(c);
        } else {
            flush(&mut out, &mut run, &mut digits);
            out.push(c);
        }
    }
    flush(&mut out, &mut run, &mut digits);
    out
}

#[async_trait::async_trait]
impl PaymentGateway for HttpGateway {
    async fn authorise(
        &self,
        key: &str,
        amount_cents: i64,
        card: &Card,
    ) -> Result<String, PaymentError> {
        let body = json!({
            "reference": key,
            "amountCents": amount_cents,
            "currency": "USD",
            "card": {
                "number": card.digits,
                "expMonth": card.month,
                "expYear": card.year,
                "securityCode": card.security_code,
                "name": card.name,
            },
        });
        let hidden = [card.digits.as_str(), card.security_code.as_str()];
        let answer = self.post(key, "/v1/authorizations", body, &hidden).await?;
        #[derive(Deserialize)]
        #[serde(rename_all = "camelCase")]
        struct Authorization {
            id: Option<String>,
            status: String,
            decline_code: Option<String>,
        }
        let authorization: Authorization = answer_of(answer).await?;
        match authorization.status.as_str() {
            "authorized" => authorization.id.filter(|id| !id.is_empty()).ok_or_else(|| {
                PaymentError::Unreachable(
                    "the gateway authorised without naming the authorisation".into(),
                )
            }),
            "declined" => Err(PaymentError::Declined(
                match authorization.decline_code.as_deref() {
                    Some("insufficient_funds") => Decline::InsufficientFunds,
                    _ => Decline::Declined,
                },
            )),
            other => Err(PaymentError::Unreachable(format!(
                "the gateway answered the status '{}'",
                self.scrubbed(other, &hidden)
            ))),
        }
    }

    async fn capture(
        &self,
        key: &str,
        payment_id: &str,
        amount_cents: i64,
    ) -> Result<(), PaymentError> {
        let path = format!("/v1/authorizations/{}/capture", segment(payment_id)?);
        self.post(key, &path, json!({ "amountCents": amount_cents }), &[])
            .await?;
        Ok(())
    }

    async fn void(&self, key: &str, authorise_key: &str) -> Result<bool, PaymentError> {
        let path = format!(
            "/v1/authorizations/by-reference/{}/void",
            segment(authorise_key)?
        );
        let answer = self.post(key, &path, json!({}), &[]).await?;
        #[derive(Deserialize)]
        struct Voided {
            voided: bool,
        }
        let voided: Voided = answer_of(answer).await?;
        Ok(voided.voided)
    }

    async fn refund(
        &self,
        key: &str,
        payment_id: &str,
        amount_cents: i64,
    ) -> Result<(), PaymentError> {
        let path = format!("/v1/authorizations/{}/refunds", segment(payment_id)?);
        self.post(key, &path, json!({ "amountCents": amount_cents }), &[])
            .await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use std::sync::{Arc, Mutex};

    use axum::http::{HeaderMap, Method, Uri};
    use serde_json::Value;

    use super::super::card::Brand;
    use super::*;

    const SECRET: &str = "sk_test_5ecret-Value";
    const NUMBER: &str = "4242424242424242";
    const CODE: &str = "987";

    /// A request as the test gateway saw it.
    #[derive(Clone, Debug)]
    struct Seen {
        method: String,
        /// As sent, still percent-encoded.
        path: String,
        authorization: String,
        idempotency_key: String,
        content_type: String,
        body: Value,
    }

    type Log = Arc<Mutex<Vec<Seen>>>;

    /// A gateway of the test's own on 127.0.0.1 that records every request and answers
    /// `respond`'s status and body.
    async fn gateway_server(
        respond: impl Fn(&Seen) -> (u16, String) + Send + Sync + 'static,
    ) -> (String, Log) {
        let log: Log = Default::default();
        let respond = Arc::new(respond);
        let app = axum::Router::new().fallback({
            let log = log.clone();
            move |method: Method, uri: Uri, headers: HeaderMap, body: String| {
                let (log, respond) = (log.clone(), respond.clone());
                async move {
                    let header = |name: &str| {
                        headers
                            .get(name)
                            .and_then(|v| v.to_str().ok())
                            .unwrap_or_default()
                            .to_string()
                    };
                    let seen = Seen {
                        method: method.to_string(),
                        path: uri.path().to_string(),
                        authorization: header("authorization"),
                        idempotency_key: header("idempotency-key"),
                        content_type: header("content-type"),
                        body: serde_json::from_str(&body).unwrap_or(Value::Null),
                    };
                    let (status, answer) = respond(&seen);
                    log.lock().unwrap().push(seen);
                    (
                        StatusCode::from_u16(status).unwrap(),
                        [(CONTENT_TYPE, "application/json")],
                        answer,
                    )
                }
            }
        });
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
        (base, log)
    }

    fn gateway(base: &str) -> HttpGateway {
        HttpGateway::new(base, SECRET).unwrap()
    }

    fn card() -> Card {
        Card {
            digits: NUMBER.into(),
            brand: Brand::Visa,
            month: 7,
            year: 2031,
            security_code: CODE.into(),
            name: "Ann Lee".into(),
        }
    }

    fn answering(status: u16, body: &'static str) -> impl Fn(&Seen) -> (u16, String) {
        move |_| (status, body.to_string())
    }

    #[tokio::test]
    async fn an_approved_authorisation_sends_the_key_secret_amount_and_card() {
        let (base, log) =
            gateway_server(answering(200, r#"{"id":"auth_1","status":"authorized"}"#)).await;
        let id = gateway(&base)
            .authorise("100000001:authorise", 12_345, &card())
            .await
            .unwrap();
        assert_eq!(id, "auth_1");
        let log = log.lock().unwrap();
        assert_eq!(log.len(), 1);
        let seen = &log[0];
        assert_eq!(seen.method, "POST");
        assert_eq!(seen.path, "/v1/authorizations");
        assert_eq!(seen.authorization, format!("Bearer {SECRET}"));
        assert_eq!(seen.idempotency_key, "100000001:authorise");
        assert_eq!(seen.content_type, "application/json");
        assert_eq!(
            seen.body,
            json!({
                "reference": "100000001:authorise",
                "amountCents": 12_345,
                "currency": "USD",
                "card": {
                    "number": NUMBER,
                    "expMonth": 7,
                    "expYear": 2031,
                    "securityCode": CODE,
                    "name": "Ann Lee",
                },
            })
        );
    }

    #[tokio::test]
    async fn declines_are_mapped_by_their_code() {
        let (base, _) = gateway_server(|seen| {
            let code = seen.body["card"]["name"].as_str().unwrap_or_default();
            let answer = match code {
                "none" => json!({"id": "auth_2", "status": "declined"}),
                code => json!({"id": "auth_2", "status": "declined", "declineCode": code}),
            };
            (200, answer.to_string())
        })
        .await;
        let gateway = gateway(&base);
        let decline = |code: &'static str| {
            let gateway = &gateway;
            async move {
                let card = Card {
                    name: code.into(),
                    ..card()
                };
                gateway.authorise("k:authorise", 100, &card).await
            }
        };
        assert!(matches!(
            decline("insufficient_funds").await,
            Err(PaymentError::Declined(Decline::InsufficientFunds))
        ));
        assert!(matches!(
            decline("card_declined").await,
            Err(PaymentError::Declined(Decline::Declined))
        ));
        assert!(matches!(
            decline("do_not_honor").await,
            Err(PaymentError::Declined(Decline::Declined))
        ));
        assert!(matches!(
            decline("none").await,
            Err(PaymentError::Declined(Decline::Declined))
        ));
    }

    #[tokio::test]
    async fn an_unavailable_or_garbled_gateway_is_unreachable() {
        for (status, body) in [
            (503, r#"{"error":{"code":"down","message":"maintenance"}}"#),
            (500, ""),
            (429, r#"{"error":{"code":"rate_limited"}}"#),
            (408, ""),
            (200, "<html>not json</html>"),
            (200, r#"{"status":"authorized"}"#),
            (200, r#"{"id":"a","status":"pending"}"#),
        ] {
            let (base, _) = gateway_server(answering(status, body)).await;
            let answer = gateway(&base).authorise("k:authorise", 100, &card()).await;
            assert!(
                matches!(answer, Err(PaymentError::Unreachable(_))),
                "{status} {body}: {answer:?}"
            );
        }
        // More than the adapter reads.
        let (base, _) = gateway_server(|_| {
            (
                200,
                format!(
                    r#"{{"id":"a","status":"authorized","pad":"{}"}}"#,
                    "x".repeat(70_000)
                ),
            )
        })
        .await;
        assert!(matches!(
            gateway(&base).authorise("k:authorise", 100, &card()).await,
            Err(PaymentError::Unreachable(_))
        ));
    }

    #[tokio::test]
    async fn a_dropped_connection_or_a_closed_port_is_unreachable() {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        tokio::spawn(async move {
            use tokio::io::AsyncReadExt;
            while let Ok((mut socket, _)) = listener.accept().await {
                // Reads the request's start, then hangs up without an answer.
                let mut start = [0u8; 64];
                let _ = socket.read(&mut start).await;
                drop(socket);
            }
        });
        let answer = gateway(&base).authorise("k:authorise", 100, &card()).await;
        assert!(
            matches!(answer, Err(PaymentError::Unreachable(_))),
            "{answer:?}"
        );

        let closed = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let base = format!("http://{}", closed.local_addr().unwrap());
        drop(closed);
        let answer = gateway(&base).capture("k:capture", "auth_1", 100).await;
        assert!(
            matches!(answer, Err(PaymentError::Unreachable(_))),
            "{answer:?}"
        );
    }

    #[tokio::test]
    async fn capture_void_and_refund_post_to_their_paths() {
        let (base, log) = gateway_server(|seen| {
            if seen.path.ends_with("/void") {
                let voided = seen.path.contains("by-reference/100000001%3Aauthorise/");
                (200, json!({ "voided": voided }).to_string())
            } else {
                (200, "{}".into())
            }
        })
        .await;
        let gateway = gateway(&base);
        gateway
            .capture("100000001:capture", "auth_1", 12_345)
            .await
            .unwrap();
        assert!(gateway
            .void("100000001:void", "100000001:authorise")
            .await
            .unwrap());
        assert!(!gateway
            .void("100000002:void", "100000002:authorise")
            .await
            .unwrap());
        gateway
            .refund("100000001:refund:return:1", "auth/1 x", 2_000)
            .await
            .unwrap();
        let log = log.lock().unwrap();
        let calls: Vec<(&str, &str, &Value)> = log
            .iter()
            .map(|s| (s.path.as_str(), s.idempotency_key.as_str(), &s.body))
            .collect();
        assert_eq!(
            calls,
            [
                (
                    "/v1/authorizations/auth_1/capture",
                    "100000001:capture",
                    &json!({"amountCents": 12_345})
                ),
                (
                    "/v1/authorizations/by-reference/100000001%3Aauthorise/void",
                    "100000001:void",
                    &json!({})
                ),
                (
                    "/v1/authorizations/by-reference/100000002%3Aauthorise/void",
                    "100000002:void",
                    &json!({})
                ),
                (
                    "/v1/authorizations/auth%2F1%20x/refunds",
                    "100000001:refund:return:1",
                    &json!({"amountCents": 2_000})
                ),
            ]
        );
        assert!(log
            .iter()
            .all(|s| s.method == "POST" && s.authorization == format!("Bearer {SECRET}")));
    }

    #[tokio::test]
    async fn voiding_a_captured_authorisation_and_other_4xx_are_refused() {
        let (base, _) = gateway_server(answering(
            409,
            r#"{"error":{"code":"already_captured","message":"refund it instead"}}"#,
        ))
        .await;
        let answer = gateway(&base).void("o:void", "o:authorise").await;
        let Err(PaymentError::Refused(reason)) = answer else {
            panic!("{answer:?}")
        };
        assert_eq!(reason, "already_captured: refund it instead (409)");

        let (base, _) = gateway_server(answering(404, "not found")).await;
        let answer = gateway(&base).capture("o:capture", "nope", 1).await;
        assert!(
            matches!(answer, Err(PaymentError::Refused(_))),
            "{answer:?}"
        );
        // Not a name of a payment: nothing is sent.
        assert!(matches!(
            gateway(&base).refund("o:refund", "..", 1).await,
            Err(PaymentError::Refused(_))
        ));
    }

    #[tokio::test]
    async fn errors_and_debug_never_show_the_card_or_the_secret() {
        // A gateway that echoes what it was sent.
        let (base, _) = gateway_server(|seen| {
            let message = format!(
                "card {} / {} cvc {} with {}",
                seen.body["card"]["number"].as_str().unwrap_or_default(),
                "4242 4242 4242 4242",
                seen.body["card"]["securityCode"]
                    .as_str()
                    .unwrap_or_default(),
                seen.authorization,
            );
            (
                400,
                json!({"error": {"code": "invalid_card", "message": message}}).to_string(),
            )
        })
        .await;
        let gateway = gateway(&base);
        let e = gateway
            .authorise("k:authorise", 100, &card())
            .await
            .unwrap_err();
        assert!(matches!(e, PaymentError::Refused(_)), "{e:?}");
        let closed = {
            let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
            format!("http://{}", l.local_addr().unwrap())
        };
        let unreachable = HttpGateway::new(&closed, SECRET)
            .unwrap()
            .authorise("k:authorise", 100, &card())
            .await
            .unwrap_err();
        for shown in [
            e.to_string(),
            format!("{e:?}"),
            unreachable.to_string(),
            format!("{unreachable:?}"),
            format!("{gateway:?}"),
        ] {
            assert!(!shown.contains(SECRET), "{shown}");
            assert!(!shown.contains(NUMBER), "{shown}");
            assert!(!shown.contains("4242 4242 4242 4242"), "{shown}");
        }
        for shown in [e.to_string(), format!("{e:?}")] {
            assert!(!shown.contains(CODE), "{shown}");
        }
        assert!(e.to_string().contains("invalid_card"), "{e}");
        assert!(format!("{gateway:?}").contains(&base));
    }

    #[test]
    fn the_url_must_be_https_except_to_this_machine_and_the_secret_set() {
        let setting =
            |url: &str, secret: &str| HttpGateway::new(url, secret).err().map(|e| e.setting);
        assert_eq!(setting("https://pay.example.com/", "s"), None);
        assert_eq!(setting("https://pay.example.com/api", "s"), None);
        assert_eq!(setting("http://127.0.0.1:9", "s"), None);
        assert_eq!(setting("http://localhost:9/", "s"), None);
        for url in [
            "http://pay.example.com",
            "ftp://pay.example.com",
            "pay.example.com",
            "https://user:pw@pay.example.com",
            "https://pay.example.com/?x=1",
        ] {
            assert_eq!(setting(url, "s"), Some("PAYMENT_GATEWAY_URL"), "{url}");
        }
        assert_eq!(
            setting("https://pay.example.com", " "),
            Some("PAYMENT_GATEWAY_SECRET")
        );
        assert_eq!(
            setting("https://pay.example.com", "a\nb"),
            Some("PAYMENT_GATEWAY_SECRET")
        );
    }

    #[test]
    fn path_segments_and_card_numbers_are_made_safe() {
        assert_eq!(segment("auth_1-x.y~z").unwrap(), "auth_1-x.y~z");
        assert_eq!(segment("a/b c:d%").unwrap(), "a%2Fb%20c%3Ad%25");
        assert_eq!(segment("é").unwrap(), "%C3%A9");
        assert!(segment("").is_err() && segment(".").is_err() && segment("..").is_err());
        assert_eq!(
            hide_card_numbers("card 4242 4242 4242 4242, order 100000001, 4242-4242-4242-4242."),
            "card ***, order 100000001, ***."
        );
        assert_eq!(hide_card_numbers("code 402 "), "code 402 ");
    }
}
