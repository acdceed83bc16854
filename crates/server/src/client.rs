//! Who a request comes from, for the limits that hold per client: its address (read from `X-Forwarded-For` only
//! when the peer is a trusted proxy), an IPv6 address standing for its whole /64 (one host's share), and the
//! rate limiters keyed by that address or by the player's token.

use std::net::{IpAddr, Ipv6Addr, SocketAddr};
use std::sync::Arc;

use axum::extract::ConnectInfo;
use axum::http::{HeaderMap, Request};
use ipnet::IpNet;
use tower_governor::GovernorError;
use tower_governor::key_extractor::KeyExtractor;

/// The proxies whose `X-Forwarded-For` is believed.
#[derive(Clone, Debug, Default)]
pub struct Proxies(Arc<[IpNet]>);

impl Proxies {
    /// Believes `X-Forwarded-For` from peers in these networks.
    pub fn new(nets: Vec<IpNet>) -> Proxies {
        Proxies(nets.into())
    }

    /// Whether `ip` is a trusted proxy.
    pub fn trusts(&self, ip: IpAddr) -> bool {
        self.0.iter().any(|net| net.contains(&canonical(ip)))
    }

    /// The client behind `peer`: the peer itself, unless it is a trusted proxy; then the last address of
    /// `X-Forwarded-For` that is not a trusted proxy (what the nearest untrusted hop said), masked by [`key`].
    ///
    /// ```
    /// use hamle_server::client::Proxies;
    /// let proxies = Proxies::new(vec!["10.0.0.0/8".parse().unwrap()]);
    /// let mut headers = axum::http::HeaderMap::new();
    /// headers.insert("x-forwarded-for", "1.2.3.4, 203.0.113.9, 10.0.0.2".parse().unwrap());
    /// // From the proxy, the nearest address it did not add itself.
    /// assert_eq!(proxies.client("10.0.0.1".parse().unwrap(), &headers), "203.0.113.9".parse::<std::net::IpAddr>().unwrap());
    /// // From anyone else, the header is ignored.
    /// assert_eq!(proxies.client("198.51.100.7".parse().unwrap(), &headers), "198.51.100.7".parse::<std::net::IpAddr>().unwrap());
    /// ```
    pub fn client(&self, peer: IpAddr, headers: &HeaderMap) -> IpAddr {
        if !self.trusts(peer) {
            return key(peer);
        }
        let forwarded = headers
            .get_all("x-forwarded-for")
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','))
            .filter_map(|hop| hop.trim().parse::<IpAddr>().ok())
            .collect::<Vec<_>>();
        let client = forwarded.into_iter().rev().find(|ip| !self.trusts(*ip)).unwrap_or(peer);
        key(client)
    }
}

/// An address as the limits count it: IPv4 as it is (and IPv4 written in IPv6 as IPv4), IPv6 by its /64, the
/// block one host is given.
///
/// ```
/// use hamle_server::client::key;
/// assert_eq!(key("2001:db8:1:2:aaaa::1".parse().unwrap()), "2001:db8:1:2::".parse::<std::net::IpAddr>().unwrap());
/// assert_eq!(key("::ffff:192.0.2.1".parse().unwrap()), "192.0.2.1".parse::<std::net::IpAddr>().unwrap());
/// ```
pub fn key(ip: IpAddr) -> IpAddr {
    match canonical(ip) {
        IpAddr::V6(v6) => {
            let bits = u128::from(v6) & !((1u128 << 64) - 1);
            IpAddr::V6(Ipv6Addr::from(bits))
        }
        v4 => v4,
    }
}

fn canonical(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(IpAddr::V6(v6), IpAddr::V4),
        v4 => v4,
    }
}

/// The peer's address of a request, as the server put it in (see [`crate::serve_until`]).
fn peer<T>(req: &Request<T>) -> Option<IpAddr> {
    req.extensions().get::<ConnectInfo<SocketAddr>>().map(|c| c.0.ip())
}

/// Rate limits per client address.
#[derive(Clone, Debug, Default)]
pub struct ByAddress(pub Proxies);

impl KeyExtractor for ByAddress {
    type Key = IpAddr;

    fn extract<T>(&self, req: &Request<T>) -> Result<IpAddr, GovernorError> {
        let peer = peer(req).ok_or(GovernorError::UnableToExtractKey)?;
        Ok(self.0.client(peer, req.headers()))
    }
}

/// Rate limits per player (the hash of the bearer token), or per address for a request without one.
#[derive(Clone, Debug, Default)]
pub struct ByPlayer(pub Proxies);

impl KeyExtractor for ByPlayer {
    type Key = String;

    fn extract<T>(&self, req: &Request<T>) -> Result<String, GovernorError> {
        if let Some(hash) = bearer(req.headers()) {
            return Ok(hash);
        }
        ByAddress(self.0.clone()).extract(req).map(|ip| ip.to_string())
    }
}

/// The bearer token's hash, if the request carries one: who the player is, for the limits per player and the
/// API alike.
pub(crate) fn bearer(headers: &axum::http::HeaderMap) -> Option<String> {
    headers
        .get(axum::http::header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(crate::fair::sha256_hex)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(text: &str) -> IpAddr {
        text.parse().expect("an address")
    }

    #[test]
    fn the_forwarded_header_counts_only_from_a_trusted_proxy() {
        let proxies = Proxies::new(vec!["127.0.0.0/8".parse().expect("a net"), "fd00::/8".parse().expect("a net")]);
        let mut headers = HeaderMap::new();
        headers.insert("x-forwarded-for", "198.51.100.1".parse().expect("a value"));
        assert_eq!(proxies.client(ip("127.0.0.1"), &headers), ip("198.51.100.1"));
        assert_eq!(proxies.client(ip("::ffff:127.0.0.1"), &headers), ip("198.51.100.1"), "IPv4 written as IPv6");
        assert_eq!(proxies.client(ip("fd00::5"), &headers), ip("198.51.100.1"));
        assert_eq!(proxies.client(ip("192.0.2.4"), &headers), ip("192.0.2.4"), "an untrusted peer's header");
        assert_eq!(Proxies::default().client(ip("127.0.0.1"), &headers), ip("127.0.0.1"), "no proxies trusted");
        // A spoofed first entry does not win: the nearest untrusted hop does.
        headers.insert("x-forwarded-for", "6.6.6.6, 198.51.100.2, 127.0.0.9".parse().expect("a value"));
        assert_eq!(proxies.client(ip("127.0.0.1"), &headers), ip("198.51.100.2"));
        // A header that does not read leaves the proxy's own address.
        headers.insert("x-forwarded-for", "nonsense".parse().expect("a value"));
        assert_eq!(proxies.client(ip("127.0.0.1"), &headers), ip("127.0.0.1"));
    }

    #[test]
    fn an_ipv6_client_is_its_64() {
        assert_eq!(key(ip("2001:db8::1")), key(ip("2001:db8::ffff:1")));
        assert_ne!(key(ip("2001:db8:0:1::1")), key(ip("2001:db8:0:2::1")));
        assert_eq!(key(ip("192.0.2.1")), ip("192.0.2.1"));
        assert_ne!(key(ip("192.0.2.1")), key(ip("192.0.2.2")));
    }
}
