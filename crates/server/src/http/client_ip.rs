//! Who the client is, by address: the TCP peer, or — when the peer is a reverse proxy listed in
//! `QUESTLINE_TRUSTED_PROXIES` — the address the proxy says it forwarded for (`X-Forwarded-For`). From any other
//! peer the header is ignored, since a client can write anything into it. Rate limits and the websocket caps count
//! per client address.

use std::net::IpAddr;
use std::sync::Arc;

use axum::extract::{ConnectInfo, FromRef, FromRequestParts};
use axum::http::HeaderMap;
use axum::http::request::Parts;
use ipnet::IpNet;

use super::socket::Peer;
use crate::error::ApiError;

/// The proxies whose `X-Forwarded-For` is believed.
#[derive(Debug, Clone, Default)]
pub struct TrustedProxies(Arc<[IpNet]>);

impl TrustedProxies {
    pub fn new(proxies: Vec<IpNet>) -> Self {
        Self(proxies.into())
    }

    fn trusts(&self, address: IpAddr) -> bool {
        let address = canonical(address);
        self.0.iter().any(|proxy| proxy.contains(&address))
    }

    /// The client behind `peer`: walking `X-Forwarded-For` from the right (the hop nearest to us), the first
    /// address that is not a trusted proxy. A peer we do not trust is the client itself.
    pub fn client(&self, peer: IpAddr, headers: &HeaderMap) -> IpAddr {
        let mut client = canonical(peer);
        if !self.trusts(client) {
            return client;
        }
        let hops = headers
            .get_all("x-forwarded-for")
            .iter()
            .filter_map(|value| value.to_str().ok())
            .flat_map(|value| value.split(','))
            .map(str::trim)
            .collect::<Vec<_>>();
        for hop in hops.into_iter().rev() {
            // Garbage in the header: the last trusted hop is as far as we can know.
            let Ok(address) = hop.parse::<IpAddr>() else { break };
            client = canonical(address);
            if !self.trusts(client) {
                break;
            }
        }
        client
    }
}

/// IPv4 clients of a dual-stack listener arrive as `::ffff:a.b.c.d`; count them as the IPv4 address they are.
fn canonical(address: IpAddr) -> IpAddr {
    match address {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(address, IpAddr::V4),
        v4 => v4,
    }
}

/// The client's address, for handlers (see the module's notes).
#[derive(Debug, Clone, Copy)]
pub struct ClientAddress(pub IpAddr);

impl<S> FromRequestParts<S> for ClientAddress
where
    S: Send + Sync,
    TrustedProxies: FromRef<S>,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let peer = parts
            .extensions
            .get::<ConnectInfo<Peer>>()
            .map(|ConnectInfo(peer)| peer.addr.ip())
            .ok_or_else(|| ApiError::internal(anyhow::anyhow!("the connection's peer is unknown")))?;
        Ok(Self(TrustedProxies::from_ref(state).client(peer, &parts.headers)))
    }
}

#[cfg(test)]
mod tests {
    use axum::http::HeaderValue;

    use super::*;

    fn headers(forwarded: &[&str]) -> HeaderMap {
        let mut headers = HeaderMap::new();
        for value in forwarded {
            headers.append("x-forwarded-for", HeaderValue::from_str(value).unwrap());
        }
        headers
    }

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn an_untrusted_peer_is_the_client_whatever_it_claims() {
        let proxies = TrustedProxies::new(vec!["10.0.0.0/8".parse().unwrap()]);
        assert_eq!(proxies.client(ip("203.0.113.5"), &headers(&["198.51.100.1"])), ip("203.0.113.5"));
        assert_eq!(TrustedProxies::default().client(ip("127.0.0.1"), &headers(&["198.51.100.1"])), ip("127.0.0.1"));
    }

    #[test]
    fn behind_trusted_proxies_the_nearest_untrusted_hop_is_the_client() {
        let proxies = TrustedProxies::new(vec!["10.0.0.0/8".parse().unwrap(), "127.0.0.1/32".parse().unwrap()]);
        // The client may prepend anything; only what our proxies appended counts.
        let forwarded = headers(&["6.6.6.6, 198.51.100.1", "10.1.2.3"]);
        assert_eq!(proxies.client(ip("127.0.0.1"), &forwarded), ip("198.51.100.1"));
        assert_eq!(proxies.client(ip("10.0.0.1"), &HeaderMap::new()), ip("10.0.0.1"), "no header: the proxy");
        assert_eq!(proxies.client(ip("10.0.0.1"), &headers(&["not-an-address, 10.9.9.9"])), ip("10.9.9.9"));
        assert_eq!(proxies.client(ip("::ffff:10.0.0.1"), &headers(&["198.51.100.1"])), ip("198.51.100.1"));
    }
}
