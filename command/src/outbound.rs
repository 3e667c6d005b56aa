//! Calls the store makes to other services over HTTP(S): one client, made here, for every
//! adapter that needs one (reCAPTCHA's verification now; identity providers' keys next).
//!
//! TLS is rustls on the `ring` provider (no C build), trusting the Mozilla root list that
//! `webpki-roots` carries (the same list the database connection trusts): nothing is read from
//! the host's certificate store, so the store verifies the same way in any container. Requests
//! are bounded in time ([`CONNECT_TIMEOUT`], [`TIMEOUT`]) and never follow a redirect; what
//! an answer's body may weigh is the caller's to bound ([`read_bounded`]).

use std::sync::Arc;
use std::time::Duration;

/// Time to open a connection (TCP and TLS).
pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(3);
/// Time for a whole request, from sending it to the last byte of the answer.
pub const TIMEOUT: Duration = Duration::from_secs(5);

/// The client for outbound calls. Cheap to clone (a handle on one connection pool): make it
/// once per adapter.
pub fn http_client() -> reqwest::Client {
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let roots = rustls::RootCertStore {
        roots: webpki_roots::TLS_SERVER_ROOTS.to_vec(),
    };
    let tls = rustls::ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .expect("the ring provider supports TLS 1.2 and 1.3")
        .with_root_certificates(roots)
        .with_no_client_auth();
    reqwest::Client::builder()
        .tls_backend_preconfigured(tls)
        .connect_timeout(CONNECT_TIMEOUT)
        .timeout(TIMEOUT)
        .redirect(reqwest::redirect::Policy::none())
        .user_agent(concat!("storefront/", env!("CARGO_PKG_VERSION")))
        .build()
        .expect("a client with a rustls configuration of the same version builds")
}

/// An answer's body read up to `limit` bytes; `None` when it is longer (the rest is not read)
/// or the connection failed while reading.
pub async fn read_bounded(mut response: reqwest::Response, limit: usize) -> Option<Vec<u8>> {
    if response
        .content_length()
        .is_some_and(|length| length > limit as u64)
    {
        return None;
    }
    let mut body = Vec::new();
    while let Some(chunk) = response.chunk().await.ok()? {
        if body.len() + chunk.len() > limit {
            return None;
        }
        body.extend_from_slice(&chunk);
    }
    Some(body)
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_client_builds_with_the_ring_provider() {
        // A rustls configuration of another version than reqwest's would fail here.
        let _client = super::http_client();
    }
}
