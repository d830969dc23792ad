//! Incoming texts: a provider's (or the simulator's) inbound message, the carriers' keywords
//! and free-text opt-outs with their confirmations, and the assistant's reading of a reply.

// The service's own types, helpers and imports, shared by its parts.
use super::*;
use crate::domain::leads::NO_LONGER_OWN;
use crate::store::customers::MarkTarget;

impl MessagingService {
    /// An incoming text: verified against the receiving store's gateway, stored once (a
    /// provider's retry of the same MessageSid is recognised), attached to the customer's
    /// active lead, and answered when it is STOP, START or HELP.
    pub async fn receive_sms(
        &self,
        request: &WebhookRequest,
        now: DateTime<Utc>,
    ) -> Result<InboundOutcome> {
        let unverifiable = || Error::Forbidden("The request could not be verified".to_owned());
        let to = request
            .param("To")
            .and_then(|to| PhoneNumber::parse(to).ok())
            .ok_or_else(unverifiable)?;
        let store_id = self
            .store_config
            .store_of_number(to.as_e164())
            .await?
            .ok_or_else(unverifiable)?;
        let config = self.gateway_config(store_id).await?;
        self.verify(request, &config)?;

        let sid = request
            .param("MessageSid")
            .or(request.param("SmsSid"))
            .filter(|s| !s.is_empty())
            .ok_or_else(|| Error::invalid("MessageSid is required"))?
            .to_owned();
        let from_raw = request
            .param("From")
            .ok_or_else(|| Error::invalid("From is required"))?;
        let from = PhoneNumber::parse(from_raw)
            .map(|p| p.as_e164().to_owned())
            .unwrap_or_else(|_| from_raw.to_owned());
        let body = request.param("Body").unwrap_or_default().to_owned();
        let media: Vec<String> = (0..request
            .param("NumMedia")
            .and_then(|n| n.parse::<usize>().ok())
            .unwrap_or(0)
            .min(MAX_MEDIA))
            .filter_map(|n| request.param(&format!("MediaUrl{n}")).map(str::to_owned))
            .collect();

        let recipient = self
            .recipients
            .find_recipient_by_phone(store_id, &from)
            .await?;
        let store = match &recipient {
            Some(r) => r.store.clone(),
            None => self
                .store_config
                .store_settings(store_id)
                .await?
                .ok_or_else(unverifiable)?,
        };
        let fsi_id = match &recipient {
            Some(r) => self.recipients.active_lead(r.customer_id, store_id).await?,
            None => None,
        };
        let new = NewMessage {
            enterprise_id: store.enterprise_id,
            store_id,
            fsi_id,
            customer_id: recipient.as_ref().map(|r| r.customer_id),
            direction: Direction::Received,
            message_type: MessageType::Sms,
            notification_type: NotificationType::MessageFromCustomer,
            content: body.clone(),
            subject: None,
            from_address: Some(from.clone()),
            from_name: recipient.as_ref().map(Recipient::customer_name),
            to_address: Some(to.as_e164().to_owned()),
            to_name: Some(store.store_name.clone()),
            status: DeliveryStatus::Received,
            provider_message_id: Some(sid),
            media_urls: media,
            url: None,
            sent_by_user_id: None,
            message_sent_by: None,
            user_color_code: None,
            service_type: None,
            appointment_id: None,
            is_automated: false,
            is_compliance: false,
            scheduled_for: None,
            starts_at: None,
            call_duration_seconds: None,
            response_time_ms: None,
            read_at: None,
        };
        let (message, created) = self.messages.insert_unless_known(&new, now).await?;
        let mut outcome = InboundOutcome {
            message: message.clone(),
            created,
            notices: Vec::new(),
            replies: Vec::new(),
        };
        if !created {
            return Ok(outcome);
        }
        outcome.notices.push(Notice::MessageCreated {
            id: message.id,
            enterprise_id: message.enterprise_id,
        });
        if let Some(fsi_id) = fsi_id {
            self.messages
                .record_inbound_on_lead(fsi_id, &body, now)
                .await?;
            // A reply ends the follow-up cadence: the conversation is under way.
            self.follow_ups.stop(fsi_id, CadenceStop::Replied).await?;
            outcome.notices.push(Notice::LeadCounts {
                id: fsi_id,
                enterprise_id: message.enterprise_id,
            });
        }

        let reply = match ComplianceKeyword::of(&body) {
            Some(keyword @ (ComplianceKeyword::OptOut | ComplianceKeyword::OptIn)) => {
                let opting_out = keyword == ComplianceKeyword::OptOut;
                let changed = self
                    .recipients
                    .set_opt_out(
                        store.enterprise_id,
                        &from,
                        opting_out,
                        "SMS_KEYWORD",
                        body.trim(),
                        now,
                    )
                    .await?;
                let confirmation = if opting_out {
                    OPTED_OUT_CONFIRMATION
                } else {
                    "You have been resubscribed to messages. Reply HELP for help, STOP to unsubscribe."
                };
                (!changed.is_empty()).then(|| format!("{}: {confirmation}", store.store_name))
            }
            Some(ComplianceKeyword::Help) => Some(
                store
                    .help_text
                    .clone()
                    .filter(|t| !t.trim().is_empty())
                    .unwrap_or_else(|| {
                        default_help(&store.store_name, store.store_phone.as_deref())
                    }),
            ),
            None => None,
        };
        if let Some(reply) = reply {
            let reply = self.queue_compliance_reply(&message, reply, now).await?;
            outcome.notices.push(Notice::MessageCreated {
                id: reply.id,
                enterprise_id: reply.enterprise_id,
            });
            outcome.replies.push(reply);
        }
        Ok(outcome)
    }

    /// Opts out the sender of a customer message that asked, in its own words, not to be
    /// texted (`source`: who read it so, `evidence`: the words): the block flag, the
    /// SMS_OPT_OUT mark and one confirmation, as for STOP. `None` when they already were.
    pub(super) async fn opt_out_in_words(
        &self,
        message: &MessageRecord,
        source: &str,
        evidence: &str,
        now: DateTime<Utc>,
    ) -> Result<Option<MessageRecord>> {
        let Some(from) = message.from_address.as_deref() else {
            return Ok(None);
        };
        let changed = self
            .recipients
            .set_opt_out(message.enterprise_id, from, true, source, evidence, now)
            .await?;
        if changed.is_empty() {
            return Ok(None);
        }
        let store_name = message.to_name.clone().unwrap_or_default();
        let reply = self
            .queue_compliance_reply(
                message,
                format!("{store_name}: {OPTED_OUT_CONFIRMATION}"),
                now,
            )
            .await?;
        Ok(Some(reply))
    }

    /// Queues the required answer to a customer's text (opt-out confirmation, help text) on
    /// the conversation the text arrived in.
    pub(super) async fn queue_compliance_reply(
        &self,
        inbound: &MessageRecord,
        content: String,
        now: DateTime<Utc>,
    ) -> Result<MessageRecord> {
        let reply = NewMessage {
            enterprise_id: inbound.enterprise_id,
            store_id: inbound.store_id,
            fsi_id: inbound.fsi_id,
            customer_id: inbound.customer_id,
            direction: Direction::Send,
            message_type: MessageType::Sms,
            notification_type: NotificationType::MessageToCustomer,
            content,
            subject: None,
            from_address: inbound.to_address.clone(),
            from_name: inbound.to_name.clone(),
            to_address: inbound.from_address.clone(),
            to_name: inbound.from_name.clone(),
            status: DeliveryStatus::Queued,
            provider_message_id: None,
            media_urls: Vec::new(),
            url: None,
            sent_by_user_id: None,
            message_sent_by: Some("Compliance".to_owned()),
            user_color_code: None,
            service_type: None,
            appointment_id: None,
            is_automated: false,
            is_compliance: true,
            scheduled_for: None,
            starts_at: None,
            call_duration_seconds: None,
            response_time_ms: None,
            read_at: None,
        };
        self.messages.insert(&reply, now).await
    }

    /// Understands a customer's text and stores what it means. A free-text opt-out ("please
    /// stop texting me") is honoured like the STOP keyword: the block flag, the SMS_OPT_OUT
    /// mark and one confirmation. The lead takes the reply's response insight. Understanding a
    /// text again replaces the stored understanding and changes nothing else.
    pub async fn understand_inbound(
        &self,
        message_id: i64,
        now: DateTime<Utc>,
    ) -> Result<UnderstandOutcome> {
        let message = self.messages.require(message_id).await?;
        if message.direction != Direction::Received {
            return Err(Error::invalid(
                "Only messages from customers are read by the assistant",
            ));
        }
        let first_time = self.understandings.find(message_id).await?.is_none();
        let zone = match self.store_config.store_settings(message.store_id).await? {
            Some(store) => parse_time_zone(&store.office_time_zone).unwrap_or(chrono_tz::UTC),
            None => chrono_tz::UTC,
        };
        // The time the assistant offered or asked back, or the visit booked, which a reply may
        // correct ("actually make it 3") without naming its day (issue 37).
        let standing = match message.fsi_id {
            Some(fsi_id) => self
                .leads
                .standing_time(fsi_id)
                .await?
                .map(|at| at.with_timezone(&zone).naive_local()),
            None => None,
        };
        let understanding = understanding::understand_in_dialogue(
            &message.content,
            message.created_at,
            zone,
            standing,
        );
        let mut outcome = UnderstandOutcome {
            understanding,
            notices: Vec::new(),
            replies: Vec::new(),
            first_reading: first_time,
        };
        // A first reading's effects are applied before the understanding is stored: whoever
        // sees it (staff acting on its intents) sees them done, and no late write of the job
        // undoes what staff did next.
        if first_time {
            let understanding = &outcome.understanding;
            let free_text_opt_out =
                understanding.has(Intent::Stop) && understanding.carrier_keyword.is_none();
            if free_text_opt_out {
                let evidence = understanding
                    .intents
                    .iter()
                    .find(|hit| hit.intent == Intent::Stop)
                    .map_or(message.content.as_str(), |hit| hit.evidence.as_str())
                    .to_owned();
                if let Some(reply) = self
                    .opt_out_in_words(&message, "ASSISTANT", &evidence, now)
                    .await?
                {
                    outcome.notices.push(Notice::MessageCreated {
                        id: reply.id,
                        enterprise_id: reply.enterprise_id,
                    });
                    outcome.replies.push(reply);
                }
            }
            // "sold it", "the car is gone": the vehicle is marked as no longer theirs, whatever
            // else the reply says (an opt-out with it too: issue 37, several intents).
            if let Some(fsi_id) = message.fsi_id
                && outcome.understanding.has(Intent::Nlo)
            {
                let evidence = outcome
                    .understanding
                    .intents
                    .iter()
                    .find(|hit| hit.intent == Intent::Nlo)
                    .map_or(message.content.as_str(), |hit| hit.evidence.as_str())
                    .to_owned();
                self.mark_vehicle_gone(&message, fsi_id, &evidence).await?;
            }
            if let (Some(fsi_id), Some(insight)) =
                (message.fsi_id, outcome.understanding.response_insight)
            {
                self.leads
                    .set_response_insight(fsi_id, Some(insight))
                    .await?;
                outcome.notices.push(Notice::LeadCounts {
                    id: fsi_id,
                    enterprise_id: message.enterprise_id,
                });
            }
        }
        self.understandings
            .save(message_id, &outcome.understanding, now)
            .await?;
        Ok(outcome)
    }

    /// Marks the lead's vehicle NO_LONGER_OWN from the customer's own words (once).
    async fn mark_vehicle_gone(
        &self,
        message: &MessageRecord,
        fsi_id: i64,
        evidence: &str,
    ) -> Result<()> {
        let scope = Scope {
            enterprise_id: message.enterprise_id,
            boc_id: None,
            store_id: None,
        };
        let Some((lead, marks)) = self.leads.get(&scope, fsi_id).await? else {
            return Ok(());
        };
        let Some(vehicle) = lead.vehicle_id else {
            return Ok(());
        };
        let target = MarkTarget::Vehicle(vehicle);
        if marks
            .iter()
            .any(|m| m.target_kind == target.kind() && m.mark_code == NO_LONGER_OWN)
        {
            return Ok(());
        }
        self.customers
            .add_mark(
                message.enterprise_id,
                target,
                NO_LONGER_OWN,
                Some(&format!("The customer wrote: {evidence}")),
                None,
            )
            .await?;
        Ok(())
    }

    /// What the simulator's "customer phone" does when the customer replies: a Twilio-shaped
    /// form, signed with the simulator's key, through the same path as a real provider's.
    pub async fn simulate_reply(
        &self,
        recipient: &Recipient,
        body: &str,
        inbound_url: &str,
        now: DateTime<Utc>,
    ) -> Result<InboundOutcome> {
        let config = self.gateway_config(recipient.store.store_id).await?;
        if !config.is_simulator() {
            return Err(Error::Conflict(
                "This store texts through a real provider; the simulator cannot reply for it"
                    .to_owned(),
            ));
        }
        if body.trim().is_empty() {
            return Err(Error::invalid("Please Enter Message"));
        }
        let from = recipient
            .customer_cellular
            .clone()
            .ok_or_else(|| Error::invalid("This customer has no mobile number"))?;
        let to = recipient
            .store
            .store_phone
            .clone()
            .ok_or_else(|| Error::invalid("This store has no phone number"))?;
        let params = vec![
            ("AccountSid".to_owned(), "ACsimulator".to_owned()),
            (
                "MessageSid".to_owned(),
                crate::messaging::gateway::new_message_sid(),
            ),
            ("From".to_owned(), from),
            ("To".to_owned(), to),
            ("Body".to_owned(), body.to_owned()),
            ("NumMedia".to_owned(), "0".to_owned()),
        ];
        let signature = signature::sign(&config.auth_token, inbound_url, &params);
        self.receive_sms(
            &WebhookRequest::new(inbound_url.to_owned(), params, Some(signature)),
            now,
        )
        .await
    }

    /// A customer's answer through an e-mail's reply link: stored on the lead as their
    /// e-mail and handled as any reply (the lead's counts, the follow-ups stop; the caller
    /// has the assistant read it).
    pub async fn receive_email_reply(
        &self,
        lead: &LeadRecord,
        from: Option<&str>,
        subject: Option<&str>,
        content: &str,
        now: DateTime<Utc>,
    ) -> Result<InboundOutcome> {
        let recipient = self.recipient_of(lead).await?;
        // The address the e-mail went to is the sender; the link's own word only when the
        // customer has none on file (a link can be edited, the record cannot).
        let from = recipient.customer_email.clone().or_else(|| {
            from.map(str::trim)
                .filter(|f| !f.is_empty())
                .map(|f| f.chars().take(320).collect())
        });
        let new = NewMessage {
            direction: Direction::Received,
            message_type: MessageType::Email,
            // The spec's card for an answer given through a link (G-S6).
            notification_type: NotificationType::DealroomMessageResponse,
            content: content.to_owned(),
            subject: subject
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(|s| s.chars().take(200).collect()),
            status: DeliveryStatus::Received,
            from_address: from,
            from_name: Some(recipient.customer_name()),
            to_address: None,
            to_name: Some(recipient.store.store_name.clone()),
            read_at: None,
            ..self.base(&lead.store_id, &recipient, Some(lead.id))
        };
        let message = self.messages.insert(&new, now).await?;
        self.messages
            .record_inbound_on_lead(lead.id, content, now)
            .await?;
        self.follow_ups.stop(lead.id, CadenceStop::Replied).await?;
        Ok(InboundOutcome {
            message: message.clone(),
            created: true,
            notices: vec![
                Notice::MessageCreated {
                    id: message.id,
                    enterprise_id: message.enterprise_id,
                },
                Notice::LeadCounts {
                    id: lead.id,
                    enterprise_id: message.enterprise_id,
                },
            ],
            replies: Vec::new(),
        })
    }
}

impl MessagingService {
    /// A customer's e-mail, forwarded by the inbound-mail provider (the caller checked its
    /// signature). It belongs to the conversation of the e-mail it answers, when its
    /// In-Reply-To or References name one of ours and it comes from the address that e-mail
    /// went to; else to the customer writing from that address to the store whose assistant's
    /// address it was sent to. Stored once (a retry of the same Message-ID is recognised), on
    /// the lead as any reply; one that is only STOP or UNSUBSCRIBE (in its first line or its
    /// subject) unsubscribes the customer from e-mail, START subscribes them again. `None`
    /// when it belongs to no conversation: nothing is stored.
    pub async fn receive_email(
        &self,
        mail: &InboundEmail,
        now: DateTime<Utc>,
    ) -> Result<Option<InboundOutcome>> {
        let sender = mail.sender.trim().to_lowercase();
        if sender.is_empty() || !sender.contains('@') {
            return Err(Error::invalid("sender is required"));
        }
        let Some((lead, recipient)) = self.conversation_of_email(mail, &sender).await? else {
            return Ok(None);
        };
        let text = mail.text.trim();
        let content = if text.is_empty() {
            "(an empty e-mail)".to_owned()
        } else {
            text.chars().take(MAX_EMAIL_CHARS).collect()
        };
        let new = NewMessage {
            direction: Direction::Received,
            message_type: MessageType::Email,
            notification_type: NotificationType::MessageFromCustomer,
            content: content.clone(),
            subject: mail
                .subject
                .as_deref()
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(|s| s.chars().take(200).collect()),
            status: DeliveryStatus::Received,
            provider_message_id: mail
                .message_id
                .as_deref()
                .map(str::trim)
                .filter(|id| !id.is_empty())
                .map(|id| format!("email:{}", id.chars().take(300).collect::<String>())),
            from_address: Some(sender.chars().take(320).collect()),
            from_name: Some(recipient.customer_name()),
            to_address: Some(mail.recipient.trim().chars().take(320).collect()),
            to_name: Some(recipient.store.store_name.clone()),
            read_at: None,
            ..self.base(&lead.store_id, &recipient, Some(lead.id))
        };
        let (message, created) = self.messages.insert_unless_known(&new, now).await?;
        let mut outcome = InboundOutcome {
            message: message.clone(),
            created,
            notices: Vec::new(),
            replies: Vec::new(),
        };
        if !created {
            return Ok(Some(outcome));
        }
        self.messages
            .record_inbound_on_lead(lead.id, &content, now)
            .await?;
        self.follow_ups.stop(lead.id, CadenceStop::Replied).await?;
        let first_line = text.lines().find(|line| !line.trim().is_empty());
        let keyword = [first_line, mail.subject.as_deref()]
            .into_iter()
            .flatten()
            .find_map(|words| match ComplianceKeyword::of(words) {
                Some(ComplianceKeyword::OptOut) => Some(true),
                _ if words.trim().eq_ignore_ascii_case("start") => Some(false),
                _ => None,
            });
        if let Some(opting_out) = keyword {
            self.recipients
                .set_email_opt_out(recipient.customer_id, opting_out, now)
                .await?;
        }
        outcome.notices.extend([
            Notice::MessageCreated {
                id: message.id,
                enterprise_id: message.enterprise_id,
            },
            Notice::LeadCounts {
                id: lead.id,
                enterprise_id: message.enterprise_id,
            },
        ]);
        Ok(Some(outcome))
    }

    /// The lead and customer an inbound e-mail belongs to (see [`Self::receive_email`]).
    async fn conversation_of_email(
        &self,
        mail: &InboundEmail,
        sender: &str,
    ) -> Result<Option<(LeadRecord, Recipient)>> {
        let signer = super::super::links::LinkSigner::new(&self.settings.secret_key);
        if let Some(answered) = signer.thread_of(mail.answers.iter().map(String::as_str))
            && let Some(original) = self.messages.get(answered).await?
            && original.direction != Direction::Received
            && original.notification_type.is_to_customer()
            && original
                .to_address
                .as_deref()
                .is_some_and(|to| to.trim().eq_ignore_ascii_case(sender))
            && let Some(fsi_id) = original.fsi_id
            && let Some(lead) = self.leads.get_unscoped(fsi_id).await?
        {
            let recipient = self.recipient_of(&lead).await?;
            return Ok(Some((lead, recipient)));
        }
        let Some(store_id) = self.store_config.store_of_email(&mail.recipient).await? else {
            return Ok(None);
        };
        let Some(recipient) = self
            .recipients
            .find_recipient_by_email(store_id, sender)
            .await?
        else {
            return Ok(None);
        };
        let Some(fsi_id) = self
            .recipients
            .active_lead(recipient.customer_id, store_id)
            .await?
        else {
            return Ok(None);
        };
        let lead = self.leads.get_unscoped(fsi_id).await?;
        Ok(lead.map(|lead| (lead, recipient)))
    }
}

/// The longest customer e-mail kept (its own words; quoted history is the provider's to strip).
const MAX_EMAIL_CHARS: usize = 20_000;
