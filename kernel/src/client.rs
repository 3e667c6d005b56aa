//! The address a request comes from: the connection's peer, or, when that peer is one of the
//! proxies the operator trusts (`TRUSTED_PROXIES`: the Compose nginx, the Kubernetes ingress),
//! the address that proxy appended last to `X-Forwarded-For`. A client can write any
//! `X-Forwarded-For` it likes; only the entry a trusted proxy added is believed.

use std::convert::Infallible;
use std::net::{IpAddr, SocketAddr};
use std::sync::OnceLock;

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;
use axum::http::HeaderMap;

/// A network: an address and how many leading bits must match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Network {
    address: IpAddr,
    prefix: u8,
}

impl Network {
    /// `10.0.0.0/8`, `::1`, `192.168.1.7` (a single address).
    pub fn parse(text: &str) -> Option<Network> {
        let (address, prefix) = match text.trim().split_once('/') {
            Some((a, p)) => (a.parse::<IpAddr>().ok()?, Some(p.parse::<u8>().ok()?)),
            None => (text.trim().parse::<IpAddr>().ok()?, None),
        };
        let bits = if address.is_ipv4() { 32 } else { 128 };
        let prefix = prefix.unwrap_or(bits);
        (prefix <= bits).then_some(Network { address, prefix })
    }

    pub fn contains(&self, ip: IpAddr) -> bool {
        let (net, ip, bits) = match (self.address, ip) {
            (IpAddr::V4(n), IpAddr::V4(i)) => (u32::from(n) as u128, u32::from(i) as u128, 32),
            (IpAddr::V6(n), IpAddr::V6(i)) => (u128::from(n), u128::from(i), 128),
            (IpAddr::V4(n), IpAddr::V6(i)) => match i.to_ipv4_mapped() {
                Some(i) => (u32::from(n) as u128, u32::from(i) as u128, 32),
                None => return false,
            },
            (IpAddr::V6(_), IpAddr::V4(_)) => return false,
        };
        let shift = bits - u32::from(self.prefix);
        shift >= bits || (net >> shift) == (ip >> shift)
    }
}

/// Parses `TRUSTED_PROXIES` (comma-separated networks); the text of a bad entry on error.
pub fn parse_networks(list: &str) -> Result<Vec<Network>, String> {
    list.split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| Network::parse(s).ok_or_else(|| s.to_string()))
        .collect()
}

static TRUSTED: OnceLock<Vec<Network>> = OnceLock::new();

/// Sets the proxies whose `X-Forwarded-For` is believed (once, at start; none by default).
pub fn trust_proxies(networks: Vec<Network>) -> bool {
    TRUSTED.set(networks).is_ok()
}

/// The client's address, given the peer and the headers, under `trusted` proxies.
pub fn address_of(
    peer: Option<IpAddr>,
    headers: &HeaderMap,
    trusted: &[Network],
) -> Option<IpAddr> {
    let peer = peer?;
    if !trusted.iter().any(|n| n.contains(peer)) {
        return Some(peer);
    }
    // The last entry is the one the trusted proxy added (the others came from the client).
    let forwarded = headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .last()
        .and_then(|v| v.trim().parse::<IpAddr>().ok());
    Some(forwarded.unwrap_or(peer))
}

/// The address a request comes from (none for a request that came through no listener, as in
/// tests that call the router directly).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClientAddress(pub Option<IpAddr>);

impl<S: Send + Sync> FromRequestParts<S> for ClientAddress {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        // The listener's `ConnectInfo` (or a test's `MockConnectInfo`).
        let peer = ConnectInfo::<SocketAddr>::from_request_parts(parts, &())
            .await
            .ok()
            .map(|c| c.0.ip());
        let trusted = TRUSTED.get().map(Vec::as_slice).unwrap_or(&[]);
        Ok(ClientAddress(address_of(peer, &parts.headers, trusted)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(xff: &[&str]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for v in xff {
            h.append("x-forwarded-for", v.parse().unwrap());
        }
        h
    }

    #[test]
    fn networks_match_by_prefix() {
        let net = Network::parse("10.0.0.0/8").unwrap();
        assert!(net.contains("10.1.2.3".parse().unwrap()));
        assert!(!net.contains("11.0.0.1".parse().unwrap()));
        assert!(net.contains("::ffff:10.0.0.9".parse().unwrap()));
        assert!(Network::parse("::1")
            .unwrap()
            .contains("::1".parse().unwrap()));
        assert!(Network::parse("0.0.0.0/0")
            .unwrap()
            .contains("8.8.8.8".parse().unwrap()));
        assert_eq!(Network::parse("10.0.0.0/33"), None);
        assert_eq!(
            parse_networks("10.0.0.0/8, nonsense"),
            Err("nonsense".to_string())
        );
        assert_eq!(parse_networks("").unwrap(), vec![]);
    }

    #[test]
    fn only_a_trusted_proxy_is_believed_and_only_for_the_entry_it_added() {
        let peer: IpAddr = "10.0.0.2".parse().unwrap();
        let trusted = parse_networks("10.0.0.0/8").unwrap();
        let spoofed = headers(&["1.1.1.1, 203.0.113.9"]);
        assert_eq!(
            address_of(Some(peer), &spoofed, &trusted),
            Some("203.0.113.9".parse().unwrap())
        );
        assert_eq!(
            address_of(Some(peer), &headers(&["1.1.1.1", "203.0.113.9"]), &trusted),
            Some("203.0.113.9".parse().unwrap())
        );
        // Straight from the internet: the header is the client's own words.
        let outsider: IpAddr = "198.51.100.1".parse().unwrap();
        assert_eq!(
            address_of(Some(outsider), &spoofed, &trusted),
            Some(outsider)
        );
        assert_eq!(
            address_of(Some(peer), &headers(&["junk"]), &trusted),
            Some(peer)
        );
        assert_eq!(address_of(None, &spoofed, &trusted), None);
    }
}
