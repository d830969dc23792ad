//! Where a gateway's API may be. A tenant admin types a gateway's `apiBaseUrl`, and the server
//! then calls it with the gateway's credentials and shows what it answered: left open, that is
//! a way to make the server call anything it can reach (its own loopback, the private network,
//! a cloud's metadata address). So a base address is accepted, and used, only when it is
//!
//! - the provider's own API over https on the standard port (Twilio: `api.twilio.com`,
//!   `lookups.twilio.com`, any `*.twilio.com`; Bandwidth: `messaging.bandwidth.com`, any
//!   `*.bandwidth.com`), or
//! - named by the operator in `BAYLINE_GATEWAY_HOSTS_ALLOWED`: a comma-separated list of hosts
//!   (`sms.example.com`, `*.example.com`, `127.0.0.1`: any scheme and port) or of base
//!   addresses (`http://127.0.0.1:8089`: that scheme, host and port only). The operator's list
//!   is explicit trust; an IP address in a loopback, private or link-local range is accepted
//!   only when listed as itself (never through a wildcard).
//!
//! [`GatewayHosts::check`] is the one rule; it runs where an address is accepted (saving or
//! validating a gateway) and again where one is used (every call through a stored gateway).

use std::net::IpAddr;

use reqwest::Url;

use super::gateway::GatewayConfig;

/// The operator's extra allowed gateway addresses (`BAYLINE_GATEWAY_HOSTS_ALLOWED`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GatewayHosts {
    allowed: Vec<Allowed>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Allowed {
    /// A host name (or `*.` and a domain, for its subdomains) or an IP address: any scheme, any
    /// port.
    Host(String),
    /// A scheme, host and port exactly.
    Origin {
        scheme: String,
        host: String,
        port: u16,
    },
}

/// The provider's own hosts: the exact names and the domain whose subdomains are theirs.
fn provider_hosts(provider: &str) -> (&'static [&'static str], Option<&'static str>) {
    match provider {
        GatewayConfig::TWILIO => (
            &["api.twilio.com", "lookups.twilio.com"],
            Some("twilio.com"),
        ),
        GatewayConfig::BANDWIDTH => (&["messaging.bandwidth.com"], Some("bandwidth.com")),
        _ => (&[], None),
    }
}

/// The error every refused address gets: what is allowed, never what answered.
fn not_allowed(provider: &str) -> String {
    let own = match provider {
        GatewayConfig::TWILIO => "https://api.twilio.com",
        GatewayConfig::BANDWIDTH => "https://messaging.bandwidth.com",
        _ => "the provider's https address",
    };
    format!(
        "apiBaseUrl must be the provider's own address ({own}) or one the operator allows in BAYLINE_GATEWAY_HOSTS_ALLOWED"
    )
}

/// Loopback, private, link-local, unspecified, shared (CGNAT) and unique-local addresses: the
/// ones only the server's own network reaches.
pub fn is_internal_ip(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => {
            let [a, b, ..] = v4.octets();
            v4.is_loopback()
                || v4.is_private()
                || v4.is_link_local()
                || v4.is_unspecified()
                || v4.is_broadcast()
                || (a == 100 && (64..128).contains(&b))
                || a == 0
        }
        IpAddr::V6(v6) => {
            if let Some(v4) = v6.to_ipv4_mapped() {
                return is_internal_ip(IpAddr::V4(v4));
            }
            let first = v6.segments()[0];
            v6.is_loopback()
                || v6.is_unspecified()
                || (first & 0xfe00) == 0xfc00
                || (first & 0xffc0) == 0xfe80
        }
    }
}

/// The host of a URL as compared: lower case, IPv6 without its brackets.
fn host_of(url: &Url) -> Option<String> {
    let host = url.host_str()?.to_ascii_lowercase();
    Some(
        host.strip_prefix('[')
            .and_then(|h| h.strip_suffix(']'))
            .map(str::to_owned)
            .unwrap_or(host),
    )
}

impl GatewayHosts {
    /// Reads the operator's list; a bad entry is named.
    pub fn parse(text: &str) -> Result<Self, String> {
        let mut allowed = Vec::new();
        for item in text.split(',').map(str::trim).filter(|i| !i.is_empty()) {
            if item.contains("://") {
                let url = Url::parse(item).map_err(|e| format!("{item:?}: {e}"))?;
                let (Some(host), Some(port)) = (host_of(&url), url.port_or_known_default()) else {
                    return Err(format!("{item:?} names no host"));
                };
                if !matches!(url.scheme(), "http" | "https") {
                    return Err(format!("{item:?} must be http or https"));
                }
                allowed.push(Allowed::Origin {
                    scheme: url.scheme().to_owned(),
                    host,
                    port,
                });
            } else {
                let host = item.to_ascii_lowercase();
                let name = host.strip_prefix("*.").unwrap_or(&host);
                let plain = name
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | ':'));
                if name.is_empty()
                    || !plain
                    || (host.starts_with("*.") && name.parse::<IpAddr>().is_ok())
                {
                    return Err(format!("{item:?} is not a host name or address"));
                }
                allowed.push(Allowed::Host(host));
            }
        }
        Ok(Self { allowed })
    }

    /// Whether the operator's list names this address.
    fn lists(&self, url: &Url, host: &str) -> bool {
        let literal_ip = host.parse::<IpAddr>().ok();
        self.allowed.iter().any(|entry| match entry {
            Allowed::Origin {
                scheme,
                host: h,
                port,
            } => scheme == url.scheme() && h == host && Some(*port) == url.port_or_known_default(),
            // An address is listed only as itself; a wildcard covers names, never addresses.
            Allowed::Host(h) => match h.strip_prefix("*.") {
                Some(domain) => literal_ip.is_none() && host.ends_with(&format!(".{domain}")),
                None => {
                    h == host
                        || h.parse::<IpAddr>()
                            .ok()
                            .is_some_and(|ip| Some(ip) == literal_ip)
                }
            },
        })
    }

    /// Checks a gateway's API base address for `provider`; the reason names what is allowed.
    pub fn check(&self, provider: &str, base_url: &str) -> Result<(), String> {
        let malformed = || "apiBaseUrl must be an http(s) address".to_owned();
        if base_url.len() > 300 {
            return Err(malformed());
        }
        let url = Url::parse(base_url).map_err(|_| malformed())?;
        if !matches!(url.scheme(), "http" | "https") {
            return Err(malformed());
        }
        if !url.username().is_empty()
            || url.password().is_some()
            || url.query().is_some()
            || url.fragment().is_some()
        {
            return Err(
                "apiBaseUrl must be a plain address (no user, query or fragment)".to_owned(),
            );
        }
        let host = host_of(&url).ok_or_else(malformed)?;
        if self.lists(&url, &host) {
            return Ok(());
        }
        if host.parse::<IpAddr>().is_ok_and(is_internal_ip)
            || host == "localhost"
            || host.ends_with(".localhost")
        {
            return Err(
                "apiBaseUrl may not point at a loopback, private or link-local address".to_owned(),
            );
        }
        let (exact, domain) = provider_hosts(provider);
        let own = exact.contains(&host.as_str())
            || domain.is_some_and(|d| host.ends_with(&format!(".{d}")));
        if own && url.scheme() == "https" && url.port().is_none_or(|p| p == 443) {
            Ok(())
        } else {
            Err(not_allowed(provider))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TWILIO: &str = GatewayConfig::TWILIO;
    const BANDWIDTH: &str = GatewayConfig::BANDWIDTH;

    #[test]
    fn the_providers_own_https_addresses_are_allowed() {
        let none = GatewayHosts::default();
        for (provider, url) in [
            (TWILIO, "https://api.twilio.com"),
            (TWILIO, "https://api.twilio.com/"),
            (TWILIO, "https://lookups.twilio.com"),
            (TWILIO, "https://API.twilio.com:443"),
            (BANDWIDTH, "https://messaging.bandwidth.com"),
            (BANDWIDTH, "https://voice.bandwidth.com/api"),
        ] {
            assert_eq!(none.check(provider, url), Ok(()), "{url}");
        }
    }

    #[test]
    fn loopback_private_link_local_plain_http_and_strangers_are_refused() {
        let none = GatewayHosts::default();
        for url in [
            "http://127.0.0.1:6379",
            "https://127.0.0.1",
            "http://10.1.2.3",
            "http://192.168.0.10",
            "http://172.16.5.5",
            "http://169.254.169.254/latest/meta-data",
            "http://[::1]:8080",
            "http://[fe80::1]",
            "http://[fd00::1]",
            "http://[::ffff:127.0.0.1]",
            "http://0.0.0.0:80",
            "http://100.64.0.1",
            "http://localhost:8080",
        ] {
            let refused = none.check(TWILIO, url).unwrap_err();
            assert!(refused.contains("loopback"), "{url}: {refused}");
        }
        for (provider, url) in [
            (TWILIO, "http://api.twilio.com"),
            (TWILIO, "https://api.twilio.com:8443"),
            (TWILIO, "https://evil.example"),
            (TWILIO, "https://api.twilio.com.evil.example"),
            (TWILIO, "https://messaging.bandwidth.com"),
            (BANDWIDTH, "https://api.twilio.com"),
            (TWILIO, "https://8.8.8.8"),
        ] {
            let refused = none.check(provider, url).unwrap_err();
            assert!(
                refused.contains("BAYLINE_GATEWAY_HOSTS_ALLOWED"),
                "{url}: {refused}"
            );
        }
        for url in ["ftp://api.twilio.com", "api.twilio.com", "https://"] {
            assert!(none.check(TWILIO, url).is_err(), "{url}");
        }
        for url in [
            "https://user:pw@api.twilio.com",
            "https://api.twilio.com?x=1",
            "https://api.twilio.com#x",
        ] {
            assert!(
                none.check(TWILIO, url).unwrap_err().contains("plain"),
                "{url}"
            );
        }
    }

    #[test]
    fn the_operator_s_list_allows_what_it_names_and_no_more() {
        let hosts =
            GatewayHosts::parse("127.0.0.1, *.sms.example, http://10.0.0.7:8089, ::1").unwrap();
        for url in [
            "http://127.0.0.1:4010",
            "https://127.0.0.1",
            "https://eu.sms.example",
            "http://a.b.sms.example:81",
            "http://10.0.0.7:8089",
            "http://[::1]:9000",
        ] {
            assert_eq!(hosts.check(TWILIO, url), Ok(()), "{url}");
        }
        for url in [
            "http://127.0.0.2",
            "https://sms.example",
            "https://10.0.0.7:8089",
            "http://10.0.0.7:8090",
            "http://192.168.1.1",
        ] {
            assert!(hosts.check(TWILIO, url).is_err(), "{url}");
        }
        // A wildcard covers names, never addresses; nonsense is named.
        assert!(GatewayHosts::parse("*.127.0.0.1").is_err());
        assert!(GatewayHosts::parse("exa mple.com").is_err());
        assert!(GatewayHosts::parse("ftp://x.example").is_err());
        assert_eq!(GatewayHosts::parse(" , ").unwrap(), GatewayHosts::default());
    }
}
