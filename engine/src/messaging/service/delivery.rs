//! Delivery: handing a queued message to its store's gateway or the mailer, provider status
//! callbacks, line-type lookups, and the gateways (the simulator's included).

// The service's own types, helpers and imports, shared by its parts.
use super::*;

impl MessagingService {
    /// One delivery attempt of a queued message, through its store's gateway or the mailer.
    pub async fn deliver(&self, message_id: i64, now: DateTime<Utc>) -> Result<Delivery> {
        let message = self.messages.require(message_id).await?;
        if message.status() != DeliveryStatus::Queued {
            return Ok(Delivery::NothingToDo);
        }
        let created = Notice::MessageStatus {
            id: message.id,
            enterprise_id: message.enterprise_id,
        };
        let recipient = match message.customer_id {
            Some(id) => self.recipients.recipient(id).await?,
            None => None,
        };
        let message_type = message.message_type;
        if message_type == MessageType::Sms {
            if let Some(recipient) = &recipient {
                if recipient.block_sms && !message.is_compliance {
                    self.messages
                        .advance_status(
                            message.id,
                            DeliveryStatus::Restricted,
                            Some((UNSUBSCRIBED_RECIPIENT, "The customer opted out of texts")),
                            now,
                        )
                        .await?;
                    return Ok(Delivery::Done(vec![created]));
                }
                if message.is_automated
                    && !message.is_compliance
                    && let Some(until) = allowed_hours_opening(recipient, now)?
                {
                    self.messages.release(message.id, Some(until)).await?;
                    return Ok(Delivery::Deferred { until });
                }
            }
            return self.send_sms(&message, now).await;
        }
        if let Some(recipient) = &recipient
            && recipient.block_email
            && message.notification_type.is_to_customer()
        {
            self.messages
                .advance_status(
                    message.id,
                    DeliveryStatus::Restricted,
                    Some((
                        UNSUBSCRIBED_RECIPIENT,
                        "The customer unsubscribed from e-mail",
                    )),
                    now,
                )
                .await?;
            return Ok(Delivery::Done(vec![created]));
        }
        self.send_email(&message, recipient.as_ref(), now).await
    }

    pub(super) async fn send_sms(
        &self,
        message: &MessageRecord,
        now: DateTime<Utc>,
    ) -> Result<Delivery> {
        let config = self.gateway_config(message.store_id).await?;
        let gateway = Gateway::from_config(&config, &self.http, &self.settings.gateway_hosts);
        let status_callback = self.status_callback_url(message.id, &config);
        let sms = OutboundSms {
            from: message.from_address.clone().unwrap_or_default(),
            to: message.to_address.clone().unwrap_or_default(),
            body: message.content.clone(),
            media_urls: message.media(),
            status_callback: status_callback.clone(),
        };
        let result = match gateway {
            Ok(gateway) => gateway.send(&sms).await,
            Err(error) => Err(error),
        };
        let mut notices = vec![Notice::MessageStatus {
            id: message.id,
            enterprise_id: message.enterprise_id,
        }];
        match result {
            Ok(accepted) => {
                self.messages
                    .mark_accepted(message.id, &accepted.sid, now)
                    .await?;
                self.messages
                    .advance_status(message.id, accepted.status, None, now)
                    .await?;
                if config.is_simulator() {
                    // The simulator reports progress like Twilio does: signed status callbacks
                    // through the same verified path.
                    let url = status_callback.unwrap_or_else(|| self.callback_url(message.id));
                    for status in ["sent", "delivered"] {
                        let params = vec![
                            ("AccountSid".to_owned(), "ACsimulator".to_owned()),
                            ("MessageSid".to_owned(), accepted.sid.clone()),
                            ("MessageStatus".to_owned(), status.to_owned()),
                            ("From".to_owned(), sms.from.clone()),
                            ("To".to_owned(), sms.to.clone()),
                        ];
                        let signature = signature::sign(&config.auth_token, &url, &params);
                        let (_, more) = self
                            .receive_status(
                                &WebhookRequest::new(url.clone(), params, Some(signature)),
                                now,
                            )
                            .await?;
                        notices.extend(more);
                    }
                }
                Ok(Delivery::Done(notices))
            }
            Err(GatewayError {
                retryable: true,
                message: reason,
                ..
            }) => Ok(Delivery::Retry(reason)),
            Err(error) => {
                notices.extend(self.fail(message, &error, now).await?);
                Ok(Delivery::Done(notices))
            }
        }
    }

    /// A provider refused a message for good: keep its code and text; an unsubscribed
    /// recipient (21610) is opted out here too.
    pub(super) async fn fail(
        &self,
        message: &MessageRecord,
        error: &GatewayError,
        now: DateTime<Utc>,
    ) -> Result<Vec<Notice>> {
        let code = error.code.clone().unwrap_or_default();
        let (status, notices) = if code == UNSUBSCRIBED_RECIPIENT {
            (
                DeliveryStatus::Restricted,
                self.opt_out_recipient(message, now).await?,
            )
        } else {
            (DeliveryStatus::Failed, Vec::new())
        };
        self.messages
            .advance_status(message.id, status, Some((&code, &error.message)), now)
            .await?;
        Ok(notices)
    }

    /// The carrier says the recipient unsubscribed: opt them out here too. Done before the
    /// message shows RESTRICTED, so whoever sees that status sees the opt-out.
    pub(super) async fn opt_out_recipient(
        &self,
        message: &MessageRecord,
        now: DateTime<Utc>,
    ) -> Result<Vec<Notice>> {
        let Some(to) = &message.to_address else {
            return Ok(Vec::new());
        };
        self.recipients
            .set_opt_out(
                message.enterprise_id,
                to,
                true,
                "PROVIDER",
                UNSUBSCRIBED_RECIPIENT,
                now,
            )
            .await?;
        Ok(message
            .fsi_id
            .map(|id| Notice::LeadCounts {
                id,
                enterprise_id: message.enterprise_id,
            })
            .into_iter()
            .collect())
    }

    pub(super) async fn send_email(
        &self,
        message: &MessageRecord,
        recipient: Option<&Recipient>,
        now: DateTime<Utc>,
    ) -> Result<Delivery> {
        let cancelled = message.notification_type == NotificationType::UserInviteCancelled;
        let calendar = message.starts_at.map(|starts_at| {
            ics::render(&Invite {
                // One event per appointment, so its cancellation replaces the invite.
                uid: match message.appointment_id {
                    Some(appointment) => format!("appointment-{appointment}@bayline"),
                    None => format!("message-{}@bayline", message.id),
                },
                summary: message.subject.clone().unwrap_or_default(),
                description: crate::messaging::text::html_to_text(&message.content),
                location: recipient.map(|r| r.store.store_name.clone()),
                starts_at,
                duration: Duration::hours(1),
                organizer_name: message.from_name.clone().unwrap_or_default(),
                organizer_email: message.from_address.clone().unwrap_or_default(),
                attendee_name: message.to_name.clone().unwrap_or_default(),
                attendee_email: message.to_address.clone().unwrap_or_default(),
                stamp: now,
                sequence: u32::from(cancelled),
                cancelled,
            })
        });
        let mut html_body = message.content.clone();
        // A customer's e-mail about a lead offers one-click answers, when the installation
        // has a public address for them to reach.
        if let (
            Some(base),
            Some(lead_id),
            MessageType::Email,
            NotificationType::MessageToCustomer,
        ) = (
            self.settings.public_url.as_deref(),
            message.fsi_id,
            message.message_type,
            message.notification_type,
        ) {
            html_body.push_str(&super::super::links::email_answers_html(
                &super::super::links::LinkSigner::new(&self.settings.secret_key),
                base.trim_end_matches('/'),
                lead_id,
                message.to_address.as_deref().unwrap_or_default(),
                message.from_address.as_deref().unwrap_or_default(),
                message.subject.as_deref().unwrap_or_default(),
                now,
            ));
        }
        let mail = Email {
            from_name: message.from_name.clone().unwrap_or_default(),
            from_address: message.from_address.clone().unwrap_or_default(),
            to_name: message.to_name.clone().unwrap_or_default(),
            to_address: message.to_address.clone().unwrap_or_default(),
            subject: message.subject.clone().unwrap_or_default(),
            html_body,
            calendar,
            // A customer's reply threads back to this conversation (`receive_email`).
            message_id: (message.fsi_id.is_some() && message.notification_type.is_to_customer())
                .then(|| {
                    super::super::links::LinkSigner::new(&self.settings.secret_key)
                        .thread_id(message.id)
                }),
        };
        let notice = Notice::MessageStatus {
            id: message.id,
            enterprise_id: message.enterprise_id,
        };
        let built = match email::build(&mail) {
            Ok(built) => built,
            Err(error) => {
                let failure = GatewayError {
                    code: None,
                    message: error.to_string(),
                    retryable: false,
                };
                let mut notices = vec![notice];
                notices.extend(self.fail(message, &failure, now).await?);
                return Ok(Delivery::Done(notices));
            }
        };
        let sent = self.settings.mailer.send(&built).await;
        self.messages
            .record_email(
                message,
                &mail,
                &sent.mime,
                sent.status,
                sent.error.as_deref(),
                now,
            )
            .await?;
        match sent.error {
            None => {
                self.messages
                    .advance_status(message.id, DeliveryStatus::Sent, None, now)
                    .await?;
                self.messages
                    .advance_status(message.id, DeliveryStatus::Delivered, None, now)
                    .await?;
            }
            Some(error) => {
                self.messages
                    .advance_status(
                        message.id,
                        DeliveryStatus::Failed,
                        Some(("SMTP", &error)),
                        now,
                    )
                    .await?;
            }
        }
        Ok(Delivery::Done(vec![notice]))
    }

    /// The line type of a phone number, from the carrier lookup of the store's gateway.
    pub async fn line_type(&self, store_id: i64, phone: &str) -> Result<LineType> {
        let config = self.gateway_config(store_id).await?;
        let gateway = Gateway::from_config(&config, &self.http, &self.settings.gateway_hosts)
            .map_err(|e| Error::Upstream(e.message))?;
        gateway
            .line_type(phone)
            .await
            .map_err(|e| Error::Upstream(e.message))
    }

    /// The gateway settings of a store; the simulator (with this installation's signing key)
    /// when none is configured.
    pub async fn gateway_config(&self, store_id: i64) -> Result<GatewayConfig> {
        match self.store_config.gateway_config(store_id).await? {
            Some(mut config) => {
                config.auth_token = self.settings.secret_key.open(&config.auth_token)?;
                Ok(config)
            }
            None => self.simulator_config().await,
        }
    }

    /// Seals gateway secrets stored before sealing existed (run at start-up; idempotent).
    pub async fn seal_stored_secrets(&self) -> Result<usize> {
        let unsealed = self.store_config.unsealed_secrets().await?;
        for (id, secret) in &unsealed {
            let sealed = self.settings.secret_key.seal(secret)?;
            self.store_config.replace_secret(*id, &sealed).await?;
        }
        Ok(unsealed.len())
    }

    /// The built-in simulator with this installation's signing key.
    pub async fn simulator_config(&self) -> Result<GatewayConfig> {
        let token = self
            .store_config
            .setting_or_insert(SIMULATOR_TOKEN_KEY, random_token)
            .await?;
        Ok(GatewayConfig {
            provider: GatewayConfig::SIMULATOR.to_owned(),
            account_sid: Some("ACsimulator".to_owned()),
            auth_token: token,
            api_base_url: None,
            api_username: None,
            application_id: None,
            site_id: None,
            location_id: None,
        })
    }

    pub(super) fn callback_url(&self, message_id: i64) -> String {
        let base = self
            .settings
            .public_url
            .as_deref()
            .unwrap_or("http://bayline.local")
            .trim_end_matches('/');
        format!("{base}{STATUS_PATH}?messageId={message_id}")
    }

    pub(super) fn status_callback_url(
        &self,
        message_id: i64,
        config: &GatewayConfig,
    ) -> Option<String> {
        (self.settings.public_url.is_some() || config.is_simulator())
            .then(|| self.callback_url(message_id))
    }

    /// A provider's status callback: verified, then applied if it moves the message forward.
    pub async fn receive_status(
        &self,
        request: &WebhookRequest,
        now: DateTime<Utc>,
    ) -> Result<(Option<MessageRecord>, Vec<Notice>)> {
        let by_id = query_param(&request.url, "messageId").and_then(|v| v.parse::<i64>().ok());
        let message = match (
            by_id,
            request.param("MessageSid").or(request.param("SmsSid")),
        ) {
            (Some(id), _) => self.messages.get(id).await?,
            (None, Some(sid)) => self.messages.by_provider_id(sid).await?,
            (None, None) => None,
        };
        let Some(message) = message else {
            return Err(Error::Forbidden(
                "The request could not be verified".to_owned(),
            ));
        };
        let config = self.gateway_config(message.store_id).await?;
        self.verify(request, &config)?;
        let status = request
            .param("MessageStatus")
            .or(request.param("SmsStatus"))
            .ok_or_else(|| Error::invalid("MessageStatus is required"))?;
        let status = DeliveryStatus::from_provider(status)?;
        let code = request.param("ErrorCode").filter(|c| !c.is_empty());
        let text = request
            .param("ErrorMessage")
            .map(str::to_owned)
            .or_else(|| code.map(provider_error_text));
        let status = if code == Some(UNSUBSCRIBED_RECIPIENT) && status.is_failure() {
            DeliveryStatus::Restricted
        } else {
            status
        };
        let error = code.map(|c| (c, text.as_deref().unwrap_or_default()));
        let mut notices = Vec::new();
        let unsubscribed = status == DeliveryStatus::Restricted
            && message.status().may_become(DeliveryStatus::Restricted);
        if unsubscribed {
            notices.extend(self.opt_out_recipient(&message, now).await?);
        }
        let changed = self
            .messages
            .advance_status(message.id, status, error, now)
            .await?;
        if changed {
            notices.push(Notice::MessageStatus {
                id: message.id,
                enterprise_id: message.enterprise_id,
            });
        }
        Ok((self.messages.get(message.id).await?, notices))
    }

    pub(super) fn verify(&self, request: &WebhookRequest, config: &GatewayConfig) -> Result<()> {
        let valid = match (&request.credential, config.provider.as_str()) {
            (WebhookCredential::Basic { username, password }, GatewayConfig::BANDWIDTH) => {
                let expected_user = config.api_username.as_deref().unwrap_or_default();
                // Both compared whole before either answer is used.
                let user = signature::same_secret(username, expected_user);
                let secret = signature::same_secret(password, &config.auth_token);
                !expected_user.is_empty() && !config.auth_token.is_empty() && user & secret
            }
            (WebhookCredential::Signature(s), provider) if provider != GatewayConfig::BANDWIDTH => {
                signature::verify(&config.auth_token, &request.url, &request.params, s)
            }
            _ => false,
        };
        if valid {
            Ok(())
        } else {
            Err(Error::Forbidden(
                "The request signature does not match".to_owned(),
            ))
        }
    }
}
