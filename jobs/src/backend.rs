//! Bayline's background work. The job engine (queues, job kinds, schedules) lands here; for now
//! this crate describes which queue backend a deployment uses, so health checks can report it.

use std::fmt;
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// Where background jobs are queued.
#[derive(Clone, PartialEq, Eq)]
pub enum QueueBackend {
    /// A persistent queue inside the Bayline process, in its data directory.
    Embedded,
    /// Redis-backed queues shared by many worker processes.
    Redis { url: String },
}

#[derive(Debug, thiserror::Error)]
#[error("REDIS_URL must start with redis:// or rediss://")]
pub struct BadRedisUrl;

impl QueueBackend {
    /// `None` (or an empty value) selects the embedded queue.
    pub fn from_redis_url(url: Option<&str>) -> Result<Self, BadRedisUrl> {
        match url.map(str::trim).filter(|u| !u.is_empty()) {
            None => Ok(Self::Embedded),
            Some(url) if url.starts_with("redis://") || url.starts_with("rediss://") => {
                Ok(Self::Redis {
                    url: url.to_owned(),
                })
            }
            Some(_) => Err(BadRedisUrl),
        }
    }

    /// Checks that the queue can be reached: Redis must answer a PING within two seconds; the
    /// embedded queue lives in this process and is always there.
    pub async fn probe(&self) -> Result<(), String> {
        let Self::Redis { url } = self else {
            return Ok(());
        };
        let address = redis_address(url);
        let exchange = async {
            let mut stream = TcpStream::connect(&address).await?;
            stream.write_all(b"PING\r\n").await?;
            let mut reply = [0u8; 64];
            let read = stream.read(&mut reply).await?;
            Ok::<_, std::io::Error>(String::from_utf8_lossy(&reply[..read]).into_owned())
        };
        match tokio::time::timeout(Duration::from_secs(2), exchange).await {
            Ok(Ok(reply)) if reply.starts_with("+PONG") || reply.starts_with("-NOAUTH") => Ok(()),
            Ok(Ok(reply)) => Err(format!("unexpected reply {:?}", reply.trim())),
            Ok(Err(error)) => Err(format!("cannot reach Redis at {address}: {error}")),
            Err(_) => Err(format!("Redis at {address} did not answer in 2 s")),
        }
    }

    pub fn name(&self) -> &'static str {
        match self {
            Self::Embedded => "embedded",
            Self::Redis { .. } => "redis",
        }
    }
}

impl fmt::Debug for QueueBackend {
    // The URL may carry a password.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// `host:port` of a `redis://[user:password@]host[:port][/db]` URL.
fn redis_address(url: &str) -> String {
    let rest = url.split_once("://").map_or(url, |(_, rest)| rest);
    let authority = rest.split('/').next().unwrap_or(rest);
    let host_port = authority.rsplit_once('@').map_or(authority, |(_, hp)| hp);
    if host_port
        .rsplit_once(':')
        .is_some_and(|(_, port)| port.parse::<u16>().is_ok())
    {
        host_port.to_owned()
    } else {
        format!("{host_port}:6379")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_redis_url_means_the_embedded_queue() {
        assert_eq!(
            QueueBackend::from_redis_url(None).unwrap(),
            QueueBackend::Embedded
        );
        assert_eq!(
            QueueBackend::from_redis_url(Some(" ")).unwrap(),
            QueueBackend::Embedded
        );
    }

    #[test]
    fn redis_urls_are_checked() {
        assert_eq!(
            QueueBackend::from_redis_url(Some("redis://127.0.0.1:6379"))
                .unwrap()
                .name(),
            "redis"
        );
        assert!(QueueBackend::from_redis_url(Some("http://localhost")).is_err());
    }

    #[test]
    fn the_redis_address_comes_from_the_url() {
        assert_eq!(redis_address("redis://127.0.0.1:6380/2"), "127.0.0.1:6380");
        assert_eq!(
            redis_address("redis://:secret@cache.local"),
            "cache.local:6379"
        );
    }
}
