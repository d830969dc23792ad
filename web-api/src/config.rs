//! Configuration: defaults, then environment variables. A bad value stops start-up with a
//! message naming the variable. Every setting is listed in `.env.example`.

use std::net::SocketAddr;
use std::path::PathBuf;

use anyhow::{Context, bail};
use engine::DatabaseUrl;
use engine::imports::sources::SyncSettings;
use engine::imports::spool::KeptUploads;
use engine::messaging::MessagingSettings;
use engine::messaging::email::Mailer;
use engine::messaging::gateway_hosts::GatewayHosts;
use engine::messaging::secrets::SecretKey;
use jobs::QueueBackend;
use reports::ExportSettings;

#[derive(Debug, Clone)]
pub struct Config {
    pub listen: SocketAddr,
    pub data_dir: PathBuf,
    pub database_url: DatabaseUrl,
    /// PostgreSQL schema to use instead of the connection's default (`public`).
    pub database_schema: Option<String>,
    pub queue: QueueBackend,
    /// Load demo data into an empty database at start-up.
    pub demo: bool,
    /// How many vehicles the start-up demo world has.
    pub demo_scale: u64,
    /// Whether the demo world gets its schedules (the follow-up sweep of each enterprise).
    pub demo_schedules: bool,
    /// The built UI (`ui/dist`); not served when missing.
    pub ui_dir: PathBuf,
    pub session_hours: i64,
    /// The queue's name: deployments (or test runs) sharing one Redis keep apart by name.
    pub queue_name: String,
    /// Jobs a process runs at once.
    pub worker_concurrency: usize,
    /// Tasks a worker fetches per round trip to the queue.
    pub queue_batch: usize,
    /// Seconds without a heartbeat after which a running job counts as dead and runs again.
    pub job_stale_secs: u64,
    /// First retry delay after a transient job failure, in milliseconds; doubles per attempt.
    pub job_retry_base_ms: u64,
    /// How long a stopping process (SIGTERM) lets requests and job runs in hand finish before
    /// it cuts them off; runs still going are handed back to the queue.
    pub drain_secs: u64,
    /// Output logs as JSON lines (for log shippers) instead of text.
    pub log_json: bool,
    /// The address SMS providers and customers' phones reach this installation at, for status
    /// callbacks, webhook signatures and media links (e.g. `https://bayline.example.com`).
    pub public_url: Option<String>,
    /// SMTP server for e-mail and calendar invites; without one mail stays in the outbox.
    pub smtp_url: Option<String>,
    /// The inbound-mail provider's webhook signing key (`BAYLINE_INBOUND_MAIL_KEY`): customers'
    /// e-mails are received at `POST /api/email/inbound` only with it.
    pub inbound_mail_key: Option<String>,
    /// Proxies whose forwarding headers name the client (none: the peer is the client).
    pub trusted_proxies: TrustedProxies,
    /// Host names that serve the generic lead form at the root path (`BAYLINE_LEAD_FORM_HOSTS`,
    /// comma-separated; spec G-S1): a request whose host contains one of them is a visitor.
    pub lead_form_hosts: Vec<String>,
    /// `BAYLINE_METRICS_TOKEN`: the token Prometheus presents to read `GET /metrics` (at least
    /// 32 characters); without it only SUPER_ADMIN sessions read it.
    pub metrics_token: Option<String>,
    /// Gateway API addresses allowed besides the providers' own (`BAYLINE_GATEWAY_HOSTS_ALLOWED`).
    pub gateway_hosts: GatewayHosts,
    /// Where data sources' file-drop directories are (shared by every worker).
    pub file_drop_dir: PathBuf,
    /// Where report exports are written (shared by the API and every worker).
    pub export_dir: PathBuf,
    /// Where uploaded import files wait for their load (`BAYLINE_UPLOAD_DIR`); a worker that
    /// does not share it reads the database's copy instead.
    pub upload_dir: PathBuf,
    /// How long an export stays downloadable.
    pub export_keep_hours: i64,
    /// `BAYLINE_SECRET_KEY`: seals provider secrets at rest. Without it, a key file in the data
    /// directory (made on first use) serves the embedded default.
    pub secret_key: Option<SecretKey>,
    secret_key_cache: std::sync::Arc<std::sync::OnceLock<SecretKey>>,
}

/// The reverse proxies in front of Bayline (`BAYLINE_TRUSTED_PROXIES`): addresses or CIDR
/// ranges. Only a request that came from one of them may name its client in
/// `X-Forwarded-For` / `X-Real-IP`; anyone else could send any address there and so escape the
/// log-in throttle.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TrustedProxies(Vec<(std::net::IpAddr, u8)>);

impl TrustedProxies {
    pub fn parse(text: &str) -> anyhow::Result<Self> {
        let mut ranges = Vec::new();
        for item in text.split(',').map(str::trim).filter(|i| !i.is_empty()) {
            let (address, prefix) = match item.split_once('/') {
                Some((address, prefix)) => (address, Some(prefix)),
                None => (item, None),
            };
            let address: std::net::IpAddr = address
                .parse()
                .with_context(|| format!("{item:?} is not an IP address or CIDR range"))?;
            let bits = if address.is_ipv4() { 32 } else { 128 };
            let prefix = match prefix {
                None => bits,
                Some(p) => p
                    .parse::<u8>()
                    .ok()
                    .filter(|p| *p <= bits)
                    .with_context(|| format!("{item:?} has a bad prefix length"))?,
            };
            ranges.push((address, prefix));
        }
        Ok(Self(ranges))
    }

    pub fn contains(&self, ip: std::net::IpAddr) -> bool {
        use std::net::IpAddr;
        let ip = match ip {
            IpAddr::V6(v6) => v6.to_ipv4_mapped().map(IpAddr::V4).unwrap_or(ip),
            v4 => v4,
        };
        self.0.iter().any(|(range, prefix)| match (range, ip) {
            (IpAddr::V4(range), IpAddr::V4(ip)) => {
                let mask = u32::MAX.checked_shl(32 - u32::from(*prefix)).unwrap_or(0);
                u32::from(*range) & mask == u32::from(ip) & mask
            }
            (IpAddr::V6(range), IpAddr::V6(ip)) => {
                let mask = u128::MAX.checked_shl(128 - u32::from(*prefix)).unwrap_or(0);
                u128::from(*range) & mask == u128::from(ip) & mask
            }
            _ => false,
        })
    }
}

impl Config {
    /// What the job kinds need: the mailer, public URL and secret key, and the file drops.
    pub fn job_settings(&self) -> anyhow::Result<jobs::kinds::KindSettings> {
        Ok(jobs::kinds::KindSettings {
            messaging: self.messaging()?,
            sync: SyncSettings::new(&self.file_drop_dir),
            exports: self.exports(),
            uploads: self.uploads(),
        })
    }

    pub fn uploads(&self) -> KeptUploads {
        KeptUploads::new(&self.upload_dir)
    }

    /// The key provider secrets are sealed with: the environment's, else the data directory's
    /// key file (made the first time). Read once per process.
    pub fn secret_key(&self) -> anyhow::Result<SecretKey> {
        if let Some(key) = self.secret_key_cache.get() {
            return Ok(key.clone());
        }
        let key = match &self.secret_key {
            Some(key) => key.clone(),
            None => SecretKey::from_env_or_file(None, &self.data_dir.join("secret.key"))
                .map_err(|error| anyhow::anyhow!("{error}"))?,
        };
        Ok(self.secret_key_cache.get_or_init(|| key).clone())
    }

    pub fn exports(&self) -> ExportSettings {
        ExportSettings::new(
            &self.export_dir,
            chrono::Duration::hours(self.export_keep_hours),
        )
    }

    /// What message sending needs to know: the public address, the mailer and the secret key.
    pub fn messaging(&self) -> anyhow::Result<MessagingSettings> {
        Ok(MessagingSettings {
            public_url: self.public_url.clone(),
            // Checked when the configuration was read.
            mailer: Mailer::from_url(self.smtp_url.as_deref()).unwrap_or(Mailer::Outbox),
            secret_key: self.secret_key()?,
            gateway_hosts: self.gateway_hosts.clone(),
            inbound_mail_key: self.inbound_mail_key.clone(),
        })
    }
}

pub const DEFAULT_DEMO_SCALE: u64 = 5_000;

impl Config {
    /// Reads the process environment.
    pub fn from_env() -> anyhow::Result<Self> {
        Self::from_lookup(|name| std::env::var(name).ok())
    }

    /// Reads settings through `lookup`, so tests need not touch the process environment.
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> anyhow::Result<Self> {
        let get = |name: &str| {
            lookup(name)
                .map(|v| v.trim().to_owned())
                .filter(|v| !v.is_empty())
        };

        let listen = match get("BAYLINE_LISTEN") {
            Some(v) => v.parse().with_context(|| {
                format!("BAYLINE_LISTEN={v:?} is not an address like 127.0.0.1:8080")
            })?,
            None => SocketAddr::from(([127, 0, 0, 1], 8080)),
        };
        let data_dir = PathBuf::from(get("BAYLINE_DATA_DIR").unwrap_or_else(|| "./data".into()));
        let file_drop_dir = get("BAYLINE_FILE_DROP_DIR")
            .map(PathBuf::from)
            .unwrap_or_else(|| data_dir.join("file-drop"));
        let export_dir = get("BAYLINE_EXPORT_DIR")
            .map(PathBuf::from)
            .unwrap_or_else(|| data_dir.join("exports"));
        let upload_dir = get("BAYLINE_UPLOAD_DIR")
            .map(PathBuf::from)
            .unwrap_or_else(|| data_dir.join("uploads"));
        let export_keep_hours = match get("BAYLINE_EXPORT_KEEP_HOURS") {
            Some(v) => match v.parse::<i64>() {
                Ok(n) if (1..=24 * 90).contains(&n) => n,
                _ => bail!(
                    "BAYLINE_EXPORT_KEEP_HOURS={v:?} must be a number of hours from 1 to 2160"
                ),
            },
            None => 24,
        };
        let database_url = match get("DATABASE_URL") {
            Some(v) => DatabaseUrl::parse(&v)
                .map_err(|e| anyhow::anyhow!("DATABASE_URL is not usable: {e}"))?,
            None => DatabaseUrl::sqlite_file(&data_dir.join("bayline.db")),
        };
        let database_schema = get("DATABASE_SCHEMA");
        let queue = QueueBackend::from_redis_url(get("REDIS_URL").as_deref())
            .map_err(|e| anyhow::anyhow!("REDIS_URL is not usable: {e}"))?;
        let embedded_default =
            database_url.kind() == engine::BackendKind::Sqlite && queue == QueueBackend::Embedded;
        let demo = match get("BAYLINE_DEMO") {
            Some(v) => parse_bool(&v).with_context(|| {
                format!("BAYLINE_DEMO={v:?} must be one of 1, 0, true, false, yes, no")
            })?,
            None => embedded_default,
        };
        let demo_scale = match get("BAYLINE_DEMO_SCALE") {
            Some(v) => match v.parse::<u64>() {
                Ok(n) if n > 0 => n,
                _ => bail!("BAYLINE_DEMO_SCALE={v:?} must be a positive number of vehicles"),
            },
            None => DEFAULT_DEMO_SCALE,
        };
        let demo_schedules = match get("BAYLINE_DEMO_SCHEDULES") {
            Some(v) => parse_bool(&v).with_context(|| {
                format!("BAYLINE_DEMO_SCHEDULES={v:?} must be one of 1, 0, true, false, yes, no")
            })?,
            None => true,
        };
        let ui_dir = PathBuf::from(get("BAYLINE_UI_DIR").unwrap_or_else(|| "./ui/dist".into()));
        let session_hours = match get("BAYLINE_SESSION_HOURS") {
            Some(v) => match v.parse::<i64>() {
                Ok(n) if (1..=24 * 30).contains(&n) => n,
                _ => bail!("BAYLINE_SESSION_HOURS={v:?} must be a number of hours from 1 to 720"),
            },
            None => 12,
        };
        let queue_name = get("BAYLINE_QUEUE_NAME").unwrap_or_else(|| "bayline.jobs".to_owned());
        if !queue_name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "._-:".contains(c))
        {
            bail!("BAYLINE_QUEUE_NAME={queue_name:?} may only use letters, digits and . _ - :");
        }
        let worker_concurrency = match get("BAYLINE_WORKERS") {
            Some(v) => match v.parse::<usize>() {
                Ok(n) if (1..=256).contains(&n) => n,
                _ => {
                    bail!("BAYLINE_WORKERS={v:?} must be a number of concurrent jobs from 1 to 256")
                }
            },
            None => 4,
        };
        let queue_batch = match get("BAYLINE_QUEUE_BATCH") {
            Some(v) => match v.parse::<usize>() {
                Ok(n) if (1..=1000).contains(&n) => n,
                _ => bail!("BAYLINE_QUEUE_BATCH={v:?} must be a number of tasks from 1 to 1000"),
            },
            None => 10,
        };
        let job_stale_secs = match get("BAYLINE_JOB_STALE_SECS") {
            Some(v) => match v.parse::<u64>() {
                Ok(n) if (1..=3600).contains(&n) => n,
                _ => {
                    bail!("BAYLINE_JOB_STALE_SECS={v:?} must be a number of seconds from 1 to 3600")
                }
            },
            None => 30,
        };
        let job_retry_base_ms = match get("BAYLINE_JOB_RETRY_BASE_MS") {
            Some(v) => match v.parse::<u64>() {
                Ok(n) if (1..=600_000).contains(&n) => n,
                _ => bail!(
                    "BAYLINE_JOB_RETRY_BASE_MS={v:?} must be a number of milliseconds from 1 to 600000"
                ),
            },
            None => 2_000,
        };
        let drain_secs = match get("BAYLINE_DRAIN_SECS") {
            Some(v) => match v.parse::<u64>() {
                Ok(n) if n <= 3600 => n,
                _ => bail!("BAYLINE_DRAIN_SECS={v:?} must be a number of seconds from 0 to 3600"),
            },
            // Under the 30 s most service managers wait before SIGKILL.
            None => 25,
        };
        let public_url = match get("BAYLINE_PUBLIC_URL") {
            Some(v) if v.starts_with("http://") || v.starts_with("https://") => {
                Some(v.trim_end_matches('/').to_owned())
            }
            Some(v) => bail!("BAYLINE_PUBLIC_URL={v:?} must start with http:// or https://"),
            None => None,
        };
        // Checked now; the message never echoes it (it is a secret).
        let secret_key = get("BAYLINE_SECRET_KEY")
            .map(|text| SecretKey::from_base64(&text))
            .transpose()
            .map_err(|error| anyhow::anyhow!("{error}"))?;
        let smtp_url = get("BAYLINE_SMTP_URL");
        if let Err(error) = Mailer::from_url(smtp_url.as_deref()) {
            bail!("{error}");
        }
        let inbound_mail_key = get("BAYLINE_INBOUND_MAIL_KEY").filter(|key| !key.trim().is_empty());
        let trusted_proxies = match get("BAYLINE_TRUSTED_PROXIES") {
            Some(v) => TrustedProxies::parse(&v)
                .with_context(|| format!("BAYLINE_TRUSTED_PROXIES={v:?} is not usable"))?,
            None => TrustedProxies::default(),
        };
        let metrics_token = get("BAYLINE_METRICS_TOKEN");
        if metrics_token.as_ref().is_some_and(|t| t.len() < 32) {
            anyhow::bail!("BAYLINE_METRICS_TOKEN must have at least 32 characters");
        }
        let lead_form_hosts = get("BAYLINE_LEAD_FORM_HOSTS")
            .map(|v| parse_lead_form_hosts(&v))
            .transpose()?
            .unwrap_or_default();
        let gateway_hosts = match get("BAYLINE_GATEWAY_HOSTS_ALLOWED") {
            Some(v) => GatewayHosts::parse(&v).map_err(|problem| {
                anyhow::anyhow!("BAYLINE_GATEWAY_HOSTS_ALLOWED is not usable: {problem}")
            })?,
            None => GatewayHosts::default(),
        };
        let log_json = match get("BAYLINE_LOG_JSON") {
            Some(v) => parse_bool(&v).with_context(|| {
                format!("BAYLINE_LOG_JSON={v:?} must be one of 1, 0, true, false, yes, no")
            })?,
            None => false,
        };
        Ok(Self {
            listen,
            file_drop_dir,
            export_dir,
            upload_dir,
            export_keep_hours,
            data_dir,
            database_url,
            database_schema,
            queue,
            demo,
            demo_scale,
            demo_schedules,
            ui_dir,
            session_hours,
            queue_name,
            worker_concurrency,
            queue_batch,
            job_stale_secs,
            job_retry_base_ms,
            drain_secs,
            log_json,
            public_url,
            smtp_url,
            inbound_mail_key,
            trusted_proxies,
            lead_form_hosts,
            metrics_token,
            gateway_hosts,
            secret_key,
            secret_key_cache: Default::default(),
        })
    }
}

/// `BAYLINE_LEAD_FORM_HOSTS`: host names, lower-cased; anything but a plain name is refused.
fn parse_lead_form_hosts(value: &str) -> anyhow::Result<Vec<String>> {
    value
        .split(',')
        .map(|host| host.trim().to_ascii_lowercase())
        .filter(|host| !host.is_empty())
        .map(|host| {
            if host.len() <= 253
                && host
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-'))
            {
                Ok(host)
            } else {
                bail!("BAYLINE_LEAD_FORM_HOSTS: {host:?} is not a host name")
            }
        })
        .collect()
}

fn parse_bool(value: &str) -> anyhow::Result<bool> {
    match value.to_ascii_lowercase().as_str() {
        "1" | "true" | "yes" | "on" => Ok(true),
        "0" | "false" | "no" | "off" => Ok(false),
        _ => bail!("not a boolean"),
    }
}
