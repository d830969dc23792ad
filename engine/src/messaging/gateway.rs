//! SMS gateways: Twilio's Messages API (or anything that speaks it) and the built-in simulator.
//! A store uses its own gateway, else its enterprise's, else the simulator.

use std::time::Duration;

use rand::Rng;
use serde::Deserialize;

use super::gateway_hosts::GatewayHosts;
use crate::domain::messages::DeliveryStatus;

/// Twilio's REST API; tests and Twilio-compatible providers point `api_base_url` elsewhere.
pub const TWILIO_API: &str = "https://api.twilio.com";
/// Twilio's Lookup API (a separate host). A configured `api_base_url` serves both.
pub const TWILIO_LOOKUPS_API: &str = "https://lookups.twilio.com";
/// Bandwidth's Messaging API v2.
pub const BANDWIDTH_API: &str = "https://messaging.bandwidth.com";
/// Bandwidth's Numbers API (the dashboard's, XML). A configured `api_base_url` serves both.
pub const BANDWIDTH_NUMBERS_API: &str = "https://dashboard.bandwidth.com";
/// How many numbers a search proposes (H-R3).
pub const PROPOSED_NUMBERS: usize = 10;

/// What kind of line a phone number is, as a carrier lookup tells (stored on the customer).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineType {
    Mobile,
    Landline,
    Voip,
    TollFree,
    Unknown,
}

impl LineType {
    pub fn as_str(self) -> &'static str {
        match self {
            LineType::Mobile => "MOBILE",
            LineType::Landline => "LANDLINE",
            LineType::Voip => "VOIP",
            LineType::TollFree => "TOLL_FREE",
            LineType::Unknown => "UNKNOWN",
        }
    }

    /// Twilio's `line_type_intelligence.type` values.
    fn from_twilio(kind: &str) -> Self {
        match kind {
            "mobile" => LineType::Mobile,
            "landline" => LineType::Landline,
            "fixedVoip" | "nonFixedVoip" | "voip" => LineType::Voip,
            "tollFree" => LineType::TollFree,
            _ => LineType::Unknown,
        }
    }
}

/// What a gateway is asked to deliver.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutboundSms {
    pub from: String,
    pub to: String,
    pub body: String,
    pub media_urls: Vec<String>,
    /// Where the provider reports status changes.
    pub status_callback: Option<String>,
}

/// The provider took the message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Accepted {
    pub sid: String,
    pub status: DeliveryStatus,
}

/// The provider refused the message, or could not be reached.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct GatewayError {
    /// The provider's error code (e.g. 21610), kept on the message.
    pub code: Option<String>,
    pub message: String,
    /// Worth trying again later (network trouble, 429, 5xx); otherwise final.
    pub retryable: bool,
}

pub use crate::store::settings::GatewayConfig;

#[derive(Debug, Clone)]
pub enum Gateway {
    Twilio(TwilioGateway),
    Bandwidth(BandwidthGateway),
    Simulator,
}

/// A number a provider offers for sale.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AvailableNumber {
    pub phone_number: String,
    pub locality: Option<String>,
    pub region: Option<String>,
}

fn gateway_error(message: impl Into<String>) -> GatewayError {
    GatewayError {
        code: None,
        message: message.into(),
        retryable: false,
    }
}

impl Gateway {
    /// The gateway a configuration describes; a base address `hosts` does not allow (see
    /// [`super::gateway_hosts`]) is refused before anything is called.
    pub fn from_config(
        config: &GatewayConfig,
        http: &reqwest::Client,
        hosts: &GatewayHosts,
    ) -> Result<Self, GatewayError> {
        if let Some(base) = &config.api_base_url
            && !config.is_simulator()
        {
            hosts.check(&config.provider, base).map_err(gateway_error)?;
        }
        match config.provider.as_str() {
            GatewayConfig::SIMULATOR => Ok(Gateway::Simulator),
            GatewayConfig::TWILIO => Ok(Gateway::Twilio(TwilioGateway {
                http: http.clone(),
                base_url: config
                    .api_base_url
                    .clone()
                    .unwrap_or_else(|| TWILIO_API.to_owned())
                    .trim_end_matches('/')
                    .to_owned(),
                lookups_url: config
                    .api_base_url
                    .clone()
                    .unwrap_or_else(|| TWILIO_LOOKUPS_API.to_owned())
                    .trim_end_matches('/')
                    .to_owned(),
                account_sid: config.account_sid.clone().ok_or_else(|| GatewayError {
                    code: None,
                    message: "The Twilio gateway has no account SID".to_owned(),
                    retryable: false,
                })?,
                auth_token: config.auth_token.clone(),
            })),
            GatewayConfig::BANDWIDTH => Ok(Gateway::Bandwidth(BandwidthGateway {
                http: http.clone(),
                base_url: config
                    .api_base_url
                    .clone()
                    .unwrap_or_else(|| BANDWIDTH_API.to_owned())
                    .trim_end_matches('/')
                    .to_owned(),
                numbers_url: config
                    .api_base_url
                    .clone()
                    .unwrap_or_else(|| BANDWIDTH_NUMBERS_API.to_owned())
                    .trim_end_matches('/')
                    .to_owned(),
                site_id: config.site_id.clone(),
                location_id: config.location_id.clone(),
                account_id: config
                    .account_sid
                    .clone()
                    .ok_or_else(|| gateway_error("The Bandwidth gateway has no account id"))?,
                username: config
                    .api_username
                    .clone()
                    .ok_or_else(|| gateway_error("The Bandwidth gateway has no API user name"))?,
                password: config.auth_token.clone(),
                application_id: config.application_id.clone().ok_or_else(|| {
                    gateway_error("The Bandwidth gateway has no messaging application id")
                })?,
            })),
            other => Err(gateway_error(format!("Unknown SMS provider {other:?}"))),
        }
    }

    pub async fn send(&self, sms: &OutboundSms) -> Result<Accepted, GatewayError> {
        match self {
            Gateway::Twilio(twilio) => twilio.send(sms).await,
            Gateway::Bandwidth(bandwidth) => bandwidth.send(sms).await,
            Gateway::Simulator => simulate(sms),
        }
    }

    /// Up to [`PROPOSED_NUMBERS`] local US numbers that can text, in an area code if given
    /// (the simulator offers its whole block: it cannot tell which of its numbers Bayline holds).
    pub async fn available_numbers(
        &self,
        area_code: Option<&str>,
    ) -> Result<Vec<AvailableNumber>, GatewayError> {
        match self {
            Gateway::Twilio(twilio) => twilio.available_numbers(area_code).await,
            Gateway::Bandwidth(bandwidth) => bandwidth.available_numbers(area_code).await,
            Gateway::Simulator => Ok(simulated_numbers(area_code)),
        }
    }

    /// Buys a number and points its incoming texts at `sms_url`; answers the provider's id.
    pub async fn buy_number(&self, number: &str, sms_url: &str) -> Result<String, GatewayError> {
        match self {
            Gateway::Twilio(twilio) => twilio.buy_number(number, sms_url).await,
            // The number's texts reach us through the location's messaging application (its
            // callback is Bayline's Bandwidth webhook), not a per-number address.
            Gateway::Bandwidth(bandwidth) => bandwidth.buy_number(number).await,
            Gateway::Simulator => Ok(format!("PN{}", &new_message_sid()[2..])),
        }
    }

    /// The line type of a number (E.164), from the carrier.
    pub async fn line_type(&self, phone: &str) -> Result<LineType, GatewayError> {
        match self {
            Gateway::Twilio(twilio) => twilio.line_type(phone).await,
            // Bandwidth's messaging API has no line-type lookup.
            Gateway::Bandwidth(_) => Ok(LineType::Unknown),
            // Consistent with `simulate`: the number it refuses as "not a mobile number" is a
            // landline; every other number is a mobile.
            Gateway::Simulator => Ok(match phone {
                "+15005550009" => LineType::Landline,
                _ => LineType::Mobile,
            }),
        }
    }
}

/// A client for `POST /2010-04-01/Accounts/{AccountSid}/Messages.json` with Basic auth.
#[derive(Debug, Clone)]
pub struct TwilioGateway {
    http: reqwest::Client,
    base_url: String,
    lookups_url: String,
    account_sid: String,
    auth_token: String,
}

#[derive(Debug, Deserialize)]
struct TwilioMessage {
    sid: String,
    status: String,
}

#[derive(Debug, Deserialize)]
struct TwilioLookup {
    line_type_intelligence: Option<TwilioLineType>,
}

#[derive(Debug, Deserialize)]
struct TwilioLineType {
    #[serde(rename = "type")]
    kind: Option<String>,
}

#[derive(Debug, Deserialize)]
struct TwilioError {
    code: Option<i64>,
}

impl TwilioGateway {
    /// `GET /v2/PhoneNumbers/{number}?Fields=line_type_intelligence`.
    async fn line_type(&self, phone: &str) -> Result<LineType, GatewayError> {
        let url = format!("{}/v2/PhoneNumbers/{phone}", self.lookups_url);
        let response = self
            .http
            .get(&url)
            .query(&[("Fields", "line_type_intelligence")])
            .basic_auth(&self.account_sid, Some(&self.auth_token))
            .timeout(Duration::from_secs(15))
            .send()
            .await
            .map_err(|error| unreachable("The carrier lookup", &error))?;
        let status = response.status();
        let body = response.text().await.unwrap_or_default();
        if !status.is_success() {
            return Err(provider_error(status, &body));
        }
        let lookup: TwilioLookup = serde_json::from_str(&body).map_err(|_| GatewayError {
            code: None,
            message: "The carrier lookup answered something unreadable".to_owned(),
            retryable: false,
        })?;
        Ok(lookup
            .line_type_intelligence
            .and_then(|l| l.kind)
            .map_or(LineType::Unknown, |kind| LineType::from_twilio(&kind)))
    }

    async fn send(&self, sms: &OutboundSms) -> Result<Accepted, GatewayError> {
        let mut form = vec![
            ("To", sms.to.as_str()),
            ("From", sms.from.as_str()),
            ("Body", sms.body.as_str()),
        ];
        if let Some(callback) = &sms.status_callback {
            form.push(("StatusCallback", callback));
        }
        for url in &sms.media_urls {
            form.push(("MediaUrl", url));
        }
        let url = format!(
            "{}/2010-04-01/Accounts/{}/Messages.json",
            self.base_url, self.account_sid
        );
        let body = self.call(self.http.post(&url).form(&form)).await?;
        let message: TwilioMessage = serde_json::from_str(&body)
            .map_err(|_| gateway_error("The SMS provider answered something unreadable"))?;
        Ok(Accepted {
            sid: message.sid,
            status: DeliveryStatus::from_provider(&message.status)
                .unwrap_or(DeliveryStatus::Queued),
        })
    }
}

#[derive(Debug, Deserialize)]
struct TwilioAvailable {
    available_phone_numbers: Vec<TwilioAvailableNumber>,
}

#[derive(Debug, Deserialize)]
struct TwilioAvailableNumber {
    phone_number: String,
    locality: Option<String>,
    region: Option<String>,
}

#[derive(Debug, Deserialize)]
struct TwilioIncoming {
    sid: String,
}

impl TwilioGateway {
    async fn call(&self, request: reqwest::RequestBuilder) -> Result<String, GatewayError> {
        let response = request
            .basic_auth(&self.account_sid, Some(&self.auth_token))
            .timeout(Duration::from_secs(15))
            .send()
            .await
            .map_err(|error| unreachable("The SMS provider", &error))?;
        let status = response.status();
        let body = response.text().await.unwrap_or_default();
        if status.is_success() {
            Ok(body)
        } else {
            Err(provider_error(status, &body))
        }
    }

    /// `GET …/AvailablePhoneNumbers/US/Local.json?SmsEnabled=true&PageSize=10[&AreaCode=]`.
    async fn available_numbers(
        &self,
        area_code: Option<&str>,
    ) -> Result<Vec<AvailableNumber>, GatewayError> {
        let url = format!(
            "{}/2010-04-01/Accounts/{}/AvailablePhoneNumbers/US/Local.json",
            self.base_url, self.account_sid
        );
        let mut query = vec![
            ("SmsEnabled", "true".to_owned()),
            ("PageSize", PROPOSED_NUMBERS.to_string()),
        ];
        if let Some(area) = area_code {
            query.push(("AreaCode", area.to_owned()));
        }
        let body = self.call(self.http.get(&url).query(&query)).await?;
        let found: TwilioAvailable = serde_json::from_str(&body)
            .map_err(|_| gateway_error("The number search answered something unreadable"))?;
        Ok(found
            .available_phone_numbers
            .into_iter()
            .take(PROPOSED_NUMBERS)
            .map(|n| AvailableNumber {
                phone_number: n.phone_number,
                locality: n.locality,
                region: n.region,
            })
            .collect())
    }

    /// `POST …/IncomingPhoneNumbers.json` with `PhoneNumber` and `SmsUrl`.
    async fn buy_number(&self, number: &str, sms_url: &str) -> Result<String, GatewayError> {
        let url = format!(
            "{}/2010-04-01/Accounts/{}/IncomingPhoneNumbers.json",
            self.base_url, self.account_sid
        );
        let body = self
            .call(self.http.post(&url).form(&[
                ("PhoneNumber", number),
                ("SmsUrl", sms_url),
                ("SmsMethod", "POST"),
            ]))
            .await?;
        let bought: TwilioIncoming = serde_json::from_str(&body)
            .map_err(|_| gateway_error("The purchase answered something unreadable"))?;
        Ok(bought.sid)
    }
}

/// A client for Bandwidth's `POST /api/v2/users/{accountId}/messages` with Basic auth.
#[derive(Debug, Clone)]
pub struct BandwidthGateway {
    http: reqwest::Client,
    base_url: String,
    numbers_url: String,
    site_id: Option<String>,
    location_id: Option<String>,
    account_id: String,
    username: String,
    password: String,
    application_id: String,
}

#[derive(Debug, Deserialize)]
struct BandwidthMessage {
    id: String,
}

#[derive(Debug, Deserialize)]
struct BandwidthError {
    #[serde(rename = "type")]
    kind: Option<String>,
}

impl BandwidthGateway {
    async fn send(&self, sms: &OutboundSms) -> Result<Accepted, GatewayError> {
        let url = format!(
            "{}/api/v2/users/{}/messages",
            self.base_url, self.account_id
        );
        let mut body = serde_json::json!({
            "applicationId": self.application_id,
            "to": [sms.to],
            "from": sms.from,
            "text": sms.body,
        });
        if !sms.media_urls.is_empty() {
            body["media"] = serde_json::json!(sms.media_urls);
        }
        let response = self
            .http
            .post(&url)
            .basic_auth(&self.username, Some(&self.password))
            .json(&body)
            .timeout(Duration::from_secs(15))
            .send()
            .await
            .map_err(|error| unreachable("The SMS provider", &error))?;
        let status = response.status();
        let text = response.text().await.unwrap_or_default();
        if status.is_success() {
            let message: BandwidthMessage = serde_json::from_str(&text)
                .map_err(|_| gateway_error("The SMS provider answered something unreadable"))?;
            return Ok(Accepted {
                sid: message.id,
                status: DeliveryStatus::Queued,
            });
        }
        // Bandwidth's error type is a short word (`request-validation`); its description is
        // the remote's own text and is not passed on.
        let kind = serde_json::from_str::<BandwidthError>(&text)
            .ok()
            .and_then(|e| e.kind)
            .filter(|k| {
                k.len() <= 40
                    && k.chars()
                        .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
            });
        Err(GatewayError {
            message: format!(
                "The SMS provider refused the request (HTTP {})",
                status.as_u16()
            ),
            code: kind,
            retryable: status.as_u16() == 429 || status.is_server_error(),
        })
    }
}

impl BandwidthGateway {
    async fn numbers_call(&self, request: reqwest::RequestBuilder) -> Result<String, GatewayError> {
        let response = request
            .basic_auth(&self.username, Some(&self.password))
            .timeout(Duration::from_secs(15))
            .send()
            .await
            .map_err(|error| unreachable("The number provider", &error))?;
        let status = response.status();
        let body = response.text().await.unwrap_or_default();
        if status.is_success() {
            return Ok(body);
        }
        // Bandwidth's numeric error code is kept; its description is the remote's own text.
        let code = xml_values(&body, "Code")
            .into_iter()
            .next()
            .filter(|c| c.len() <= 10 && c.chars().all(|d| d.is_ascii_digit()));
        Err(GatewayError {
            message: format!(
                "The number provider refused the request (HTTP {})",
                status.as_u16()
            ),
            code,
            retryable: status.as_u16() == 429 || status.is_server_error(),
        })
    }

    /// `GET /api/accounts/{id}/availableNumbers?areaCode=&quantity=10&enableTNDetail=true`.
    /// Bandwidth searches by a criterion, so an area code is required.
    async fn available_numbers(
        &self,
        area_code: Option<&str>,
    ) -> Result<Vec<AvailableNumber>, GatewayError> {
        let area = area_code.ok_or_else(|| {
            gateway_error("Give an area code: Bandwidth searches for numbers by area code")
        })?;
        let url = format!(
            "{}/api/accounts/{}/availableNumbers",
            self.numbers_url, self.account_id
        );
        let body = self
            .numbers_call(self.http.get(&url).query(&[
                ("areaCode", area.to_owned()),
                ("quantity", PROPOSED_NUMBERS.to_string()),
                ("enableTNDetail", "true".to_owned()),
            ]))
            .await?;
        Ok(bandwidth_search_result(&body)
            .into_iter()
            .take(PROPOSED_NUMBERS)
            .collect())
    }

    /// `POST /api/accounts/{id}/orders`: an existing-number order into the gateway's
    /// sub-account (and location); answers the order id.
    async fn buy_number(&self, number: &str) -> Result<String, GatewayError> {
        let site = self.site_id.as_deref().ok_or_else(|| {
            gateway_error("Give the Bandwidth gateway its sub-account (site) id to buy numbers")
        })?;
        let national = number.strip_prefix("+1").unwrap_or(number);
        if national.len() != 10 || !national.chars().all(|c| c.is_ascii_digit()) {
            return Err(gateway_error(
                "Bandwidth sells US numbers only (+1 and ten digits)",
            ));
        }
        let peer = self
            .location_id
            .as_deref()
            .map(|id| format!("<PeerId>{id}</PeerId>"))
            .unwrap_or_default();
        // Every value here is digits only (checked when the gateway was saved and above).
        let order = format!(
            "<Order><Name>Bayline {national}</Name><SiteId>{site}</SiteId>{peer}<ExistingTelephoneNumberOrderType><TelephoneNumberList><TelephoneNumber>{national}</TelephoneNumber></TelephoneNumberList></ExistingTelephoneNumberOrderType></Order>"
        );
        let url = format!(
            "{}/api/accounts/{}/orders",
            self.numbers_url, self.account_id
        );
        let body = self
            .numbers_call(
                self.http
                    .post(&url)
                    .header(reqwest::header::CONTENT_TYPE, "application/xml")
                    .body(order),
            )
            .await?;
        xml_values(&body, "id")
            .into_iter()
            .next()
            .ok_or_else(|| gateway_error("The number order answered something unreadable"))
    }
}

/// The text inside every `<tag>…</tag>` of a flat XML answer, entities decoded. Bandwidth's
/// Numbers API answers small, fixed-shape documents; a general XML parser is not needed to
/// read a handful of leaf values.
fn xml_values(xml: &str, tag: &str) -> Vec<String> {
    let open = format!("<{tag}>");
    let close = format!("</{tag}>");
    let mut values = Vec::new();
    let mut rest = xml;
    while let Some(start) = rest.find(&open) {
        let after = &rest[start + open.len()..];
        let Some(end) = after.find(&close) else {
            break;
        };
        values.push(
            after[..end]
                .replace("&lt;", "<")
                .replace("&gt;", ">")
                .replace("&quot;", "\"")
                .replace("&apos;", "'")
                .replace("&amp;", "&"),
        );
        rest = &after[end + close.len()..];
    }
    values
}

/// The numbers of a Bandwidth search result: with details (city, state) when asked for,
/// else the bare list. Numbers come as ten digits and are given back in E.164.
fn bandwidth_search_result(xml: &str) -> Vec<AvailableNumber> {
    let e164 = |digits: &str| {
        let digits = digits.trim();
        (digits.len() == 10 && digits.chars().all(|c| c.is_ascii_digit()))
            .then(|| format!("+1{digits}"))
    };
    let details = xml_values(xml, "TelephoneNumberDetail");
    if !details.is_empty() {
        return details
            .iter()
            .filter_map(|detail| {
                let number = xml_values(detail, "FullNumber").into_iter().next()?;
                Some(AvailableNumber {
                    phone_number: e164(&number)?,
                    locality: xml_values(detail, "City").into_iter().next(),
                    region: xml_values(detail, "State").into_iter().next(),
                })
            })
            .collect();
    }
    xml_values(xml, "TelephoneNumber")
        .iter()
        .filter_map(|number| {
            Some(AvailableNumber {
                phone_number: e164(number)?,
                locality: None,
                region: None,
            })
        })
        .collect()
}

/// The simulator's numbers for sale: the hundred fictional 555-01xx lines in the area code
/// asked for, from a random one on. The demo's stores text from lines of the same block.
fn simulated_numbers(area_code: Option<&str>) -> Vec<AvailableNumber> {
    let area = area_code
        .filter(|a| a.len() == 3 && a.chars().all(|c| c.is_ascii_digit()))
        .unwrap_or("555");
    let mut rng = rand::rng();
    let start = rng.random_range(0..100u32);
    (0..100u32)
        .map(|i| AvailableNumber {
            phone_number: format!("+1{area}55501{:02}", (start + i) % 100),
            locality: Some("Simulated".to_owned()),
            region: None,
        })
        .collect()
}

/// A provider that could not be reached. The cause is logged, never shown: whether a port was
/// closed, refused or silent is nobody's business but the operator's.
fn unreachable(what: &str, error: &reqwest::Error) -> GatewayError {
    tracing::warn!(%error, "{what} could not be reached");
    GatewayError {
        code: None,
        message: format!("{what} could not be reached"),
        retryable: true,
    }
}

/// Twilio's words for the error codes an admin or a sender meets; any other refusal is told by
/// its status and code. The provider's own text is never passed on: a configured address
/// answers what it likes, and it is not ours to show.
fn twilio_words(code: i64) -> Option<&'static str> {
    Some(match code {
        20003 => "Authenticate: the account SID or auth token is wrong",
        21211 => "The 'To' number is not a valid phone number",
        21408 => "Permission to send an SMS has not been enabled for the region of the 'To' number",
        21606 => "The 'From' phone number is not a valid, SMS-capable number of this account",
        21610 => "Attempt to send to unsubscribed recipient",
        21612 => "The 'To' phone number is not reachable from the 'From' number",
        21614 => "The 'To' number is not a valid mobile number",
        _ => return None,
    })
}

/// Twilio's error body (`code`) as a gateway error, in our words.
fn provider_error(status: reqwest::StatusCode, body: &str) -> GatewayError {
    let code = serde_json::from_str::<TwilioError>(body)
        .ok()
        .and_then(|e| e.code);
    let message = match code.and_then(twilio_words) {
        Some(words) => words.to_owned(),
        None => format!(
            "The SMS provider refused the request (HTTP {})",
            status.as_u16()
        ),
    };
    GatewayError {
        code: code.map(|c| c.to_string()),
        message,
        retryable: status.as_u16() == 429 || status.is_server_error(),
    }
}

/// The simulator accepts everything except Twilio's documented test ("magic") numbers, which
/// fail the way Twilio's test credentials make them fail.
fn simulate(sms: &OutboundSms) -> Result<Accepted, GatewayError> {
    let refused = |code: &str, message: &str| GatewayError {
        code: Some(code.to_owned()),
        message: message.to_owned(),
        retryable: false,
    };
    match sms.to.as_str() {
        "+15005550001" => Err(refused(
            "21211",
            "The 'To' number is not a valid phone number.",
        )),
        "+15005550004" => Err(refused(
            "21610",
            "Attempt to send to unsubscribed recipient",
        )),
        "+15005550009" => Err(refused("21614", "The 'To' number is not a mobile number.")),
        _ => Ok(Accepted {
            sid: new_message_sid(),
            status: DeliveryStatus::Queued,
        }),
    }
}

/// A message id in Twilio's shape: `SM` and 32 hex digits.
pub fn new_message_sid() -> String {
    let mut rng = rand::rng();
    let mut sid = String::with_capacity(34);
    sid.push_str("SM");
    for _ in 0..32 {
        sid.push(char::from_digit(rng.random_range(0..16), 16).unwrap_or('0'));
    }
    sid
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sms(to: &str) -> OutboundSms {
        OutboundSms {
            from: "+15555550100".into(),
            to: to.into(),
            body: "Hi".into(),
            media_urls: vec![],
            status_callback: None,
        }
    }

    #[test]
    fn the_simulator_accepts_ordinary_numbers_with_a_twilio_shaped_sid() {
        let accepted = simulate(&sms("+15552013344")).unwrap();
        assert_eq!(accepted.sid.len(), 34);
        assert!(accepted.sid.starts_with("SM"));
        assert_eq!(accepted.status, DeliveryStatus::Queued);
    }

    #[test]
    fn a_bandwidth_search_result_reads_with_or_without_details() {
        let detailed = "<?xml version=\"1.0\"?><SearchResult><ResultCount>2</ResultCount><TelephoneNumberDetailList><TelephoneNumberDetail><City>CARY</City><LATA>426</LATA><State>NC</State><FullNumber>9192301234</FullNumber></TelephoneNumberDetail><TelephoneNumberDetail><City>APEX &amp; CO</City><State>NC</State><FullNumber>9192305678</FullNumber></TelephoneNumberDetail></TelephoneNumberDetailList></SearchResult>";
        let numbers = bandwidth_search_result(detailed);
        assert_eq!(numbers.len(), 2);
        assert_eq!(numbers[0].phone_number, "+19192301234");
        assert_eq!(numbers[0].locality.as_deref(), Some("CARY"));
        assert_eq!(numbers[1].locality.as_deref(), Some("APEX & CO"));
        assert_eq!(numbers[1].region.as_deref(), Some("NC"));
        let bare = "<SearchResult><TelephoneNumberList><TelephoneNumber>9195550100</TelephoneNumber><TelephoneNumber>not-a-number</TelephoneNumber></TelephoneNumberList></SearchResult>";
        let numbers = bandwidth_search_result(bare);
        assert_eq!(numbers.len(), 1);
        assert_eq!(numbers[0].phone_number, "+19195550100");
        assert!(bandwidth_search_result("<Unclosed><TelephoneNumber>9195550100").is_empty());
    }

    #[test]
    fn the_simulator_refuses_twilios_magic_numbers() {
        assert_eq!(
            simulate(&sms("+15005550004")).unwrap_err().code.as_deref(),
            Some("21610")
        );
        assert_eq!(
            simulate(&sms("+15005550001")).unwrap_err().code.as_deref(),
            Some("21211")
        );
    }
}
