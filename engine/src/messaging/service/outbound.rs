//! Sending: staff messages, notes, e-mails and calendar invites (`submit`), the assistant's
//! automated texts and opening texts, workflow tracks, call logs, and undoing a note.

// The service's own types, helpers and imports, shared by its parts.
use super::*;

impl MessagingService {
    /// When an appointment the customer was sent a calendar invite for is cancelled or moved:
    /// withdraws that invite (an iCalendar CANCEL of the same event) and, for a move, invites
    /// the customer to the new time. Answers the messages stored, queued for delivery (the
    /// caller starts their send jobs); none when no invite was sent.
    pub async fn appointment_changed(
        &self,
        appointment_id: i64,
        moved_to: Option<(i64, DateTime<Utc>, String)>,
        now: DateTime<Utc>,
    ) -> Result<Vec<MessageRecord>> {
        let Some(invite) = self.messages.latest_invite(appointment_id).await? else {
            return Ok(Vec::new());
        };
        let subject = invite.subject.clone().unwrap_or_default();
        let copy = |content: String, subject: String| NewMessage {
            enterprise_id: invite.enterprise_id,
            store_id: invite.store_id,
            fsi_id: invite.fsi_id,
            customer_id: invite.customer_id,
            direction: Direction::Send,
            message_type: MessageType::CalendarInvite,
            notification_type: NotificationType::UserInviteCancelled,
            content,
            subject: Some(subject),
            from_address: invite.from_address.clone(),
            from_name: invite.from_name.clone(),
            to_address: invite.to_address.clone(),
            to_name: invite.to_name.clone(),
            status: DeliveryStatus::Queued,
            provider_message_id: None,
            media_urls: Vec::new(),
            url: None,
            sent_by_user_id: None,
            message_sent_by: invite.from_name.clone(),
            user_color_code: None,
            service_type: invite.service_type.clone(),
            appointment_id: Some(appointment_id),
            is_automated: true,
            is_compliance: false,
            scheduled_for: None,
            starts_at: invite.starts_at,
            call_duration_seconds: None,
            response_time_ms: None,
            read_at: None,
        };
        let withdrawal = match &moved_to {
            Some((_, _, when)) => format!("This appointment has moved to {when}."),
            None => "This appointment has been cancelled.".to_owned(),
        };
        let mut stored = vec![
            self.messages
                .insert(&copy(withdrawal, format!("Cancelled: {subject}")), now)
                .await?,
        ];
        if let Some((new_id, starts_at, when)) = moved_to {
            let moved = NewMessage {
                notification_type: NotificationType::UserInvite,
                appointment_id: Some(new_id),
                starts_at: Some(starts_at),
                ..copy(format!("Your appointment is now on {when}."), subject)
            };
            stored.push(self.messages.insert(&moved, now).await?);
        }
        Ok(stored)
    }

    /// Checks a staff message against the send rules and stores it queued (notes are stored
    /// as they are). The caller starts its send job.
    pub async fn submit(
        &self,
        caller: &Caller,
        scope: &Scope,
        request: SendRequest,
        now: DateTime<Utc>,
    ) -> Result<(MessageRecord, Vec<Notice>)> {
        let lead = self.lead_in_scope(scope, request.fsi_id).await?;
        if request.customer_id.is_some_and(|id| id != lead.customer_id) {
            return Err(Error::invalid(
                "The customer id does not belong to this lead",
            ));
        }
        let message_type = sent_message_type(
            request.message_type.as_deref(),
            request.notification_type.as_deref(),
        )?;
        let content = request.content.clone().unwrap_or_default();
        let subject = request
            .subject
            .clone()
            .or_else(|| request.title.clone())
            .unwrap_or_default();
        match message_type {
            MessageType::Email | MessageType::CalendarInvite if subject.trim().is_empty() => {
                return Err(Error::invalid("Please Enter Subject"));
            }
            // A text may be its attachments alone (an MMS without words).
            MessageType::Sms if !request.media_urls.is_empty() => {}
            _ if content.trim().is_empty() => return Err(Error::invalid("Please Enter Message")),
            _ => {}
        }
        let recipient = self.recipient_of(&lead).await?;
        let sender = caller_name(caller);
        let color = None;

        if message_type == MessageType::InternalNotes || message_type == MessageType::Internal {
            caller.require_any(crate::domain::SUPER_ROLES)?;
            let note = NewMessage {
                direction: Direction::Sent,
                message_type: MessageType::InternalNotes,
                notification_type: NotificationType::InternalNotes,
                content: content.trim().to_owned(),
                status: DeliveryStatus::Stored,
                from_name: Some(sender.clone()),
                message_sent_by: Some(sender),
                sent_by_user_id: Some(caller.user_id),
                ..self.base(&lead.store_id, &recipient, Some(lead.id))
            };
            let note = self.messages.insert(&note, now).await?;
            self.messages
                .record_outbound_on_lead(lead.id, &note.content, true, now)
                .await?;
            return Ok((
                note.clone(),
                vec![Notice::MessageCreated {
                    id: note.id,
                    enterprise_id: note.enterprise_id,
                }],
            ));
        }

        // A template applied for a lead without a field's value: never sent as `{{…}}`.
        wording::templates::check_no_placeholders(&content)?;
        let assistant = self
            .store_config
            .assistants(scope, None, Some(lead.store_id), Some("DIV004"))
            .await?
            .into_iter()
            .find(|a| {
                a.agent_phone_number
                    .as_deref()
                    .is_some_and(|p| !p.trim().is_empty())
            })
            .ok_or_else(no_assistant)?;
        let assistant_phone = assistant.agent_phone_number.clone().unwrap_or_default();
        let assistant_name = format!(
            "{} {}",
            assistant.agent_first_name, assistant.agent_last_name
        );
        if request.media_urls.len() > MAX_MEDIA {
            return Err(Error::invalid(format!(
                "A message can carry at most {MAX_MEDIA} media files"
            )));
        }
        // Only files uploaded for this enterprise (`POST /api/uploadFile`) go out from its
        // number: never an outside address, nor another tenant's file.
        for url in &request.media_urls {
            let uploaded = match media_token(url) {
                Some(token) => self.uploads.by_token(token).await?,
                None => None,
            };
            if uploaded.is_none_or(|file| file.enterprise_id != lead.enterprise_id) {
                return Err(Error::invalid(format!(
                    "mediaUrl {url:?} is not a file uploaded here: attach files with POST /api/uploadFile"
                )));
            }
        }
        let response_time_ms = self
            .messages
            .pending_since(lead.id)
            .await?
            .map(|since| (now - since).num_milliseconds().max(0));

        let new = match message_type {
            MessageType::Sms => {
                let to = normalize_phone(
                    request
                        .to
                        .as_deref()
                        .or(recipient.customer_cellular.as_deref())
                        .unwrap_or_default(),
                )?;
                if recipient.block_sms {
                    return Err(opted_out());
                }
                let text = html_to_sms_text(&content);
                if text.is_empty() && request.media_urls.is_empty() {
                    return Err(Error::invalid("Please Enter Message"));
                }
                if text.chars().count() > SMS_MAX_CHARS {
                    return Err(Error::invalid(format!(
                        "A text message can be at most {SMS_MAX_CHARS} characters"
                    )));
                }
                NewMessage {
                    direction: Direction::Send,
                    message_type,
                    notification_type: NotificationType::MessageToCustomer,
                    content: text,
                    from_address: Some(assistant_phone),
                    from_name: Some(sender.clone()),
                    to_address: Some(to),
                    to_name: Some(
                        request
                            .to_name
                            .clone()
                            .unwrap_or_else(|| recipient.customer_name()),
                    ),
                    status: DeliveryStatus::Queued,
                    media_urls: request.media_urls.clone(),
                    sent_by_user_id: Some(caller.user_id),
                    message_sent_by: Some(sender),
                    user_color_code: color,
                    response_time_ms,
                    ..self.base(&lead.store_id, &recipient, Some(lead.id))
                }
            }
            MessageType::Email | MessageType::CalendarInvite => {
                let to = recipient
                    .customer_email
                    .clone()
                    .filter(|e| !e.trim().is_empty())
                    .ok_or_else(|| Error::invalid("This customer has no e-mail address"))?;
                let starts_at = if message_type == MessageType::CalendarInvite {
                    Some(request.start_time.ok_or_else(|| {
                        Error::invalid("startTime is required for a calendar invite")
                    })?)
                } else {
                    None
                };
                NewMessage {
                    direction: Direction::Send,
                    message_type,
                    notification_type: if starts_at.is_some() {
                        NotificationType::UserInvite
                    } else {
                        NotificationType::MessageToCustomer
                    },
                    content: content.clone(),
                    subject: Some(subject.trim().to_owned()),
                    from_address: Some(
                        assistant
                            .email
                            .clone()
                            .unwrap_or_else(|| "service@bayline.local".to_owned()),
                    ),
                    from_name: Some(assistant_name),
                    to_address: Some(to),
                    to_name: Some(recipient.customer_name()),
                    status: DeliveryStatus::Queued,
                    sent_by_user_id: Some(caller.user_id),
                    message_sent_by: Some(sender),
                    appointment_id: request.appointment_id,
                    starts_at,
                    response_time_ms,
                    ..self.base(&lead.store_id, &recipient, Some(lead.id))
                }
            }
            MessageType::Internal | MessageType::InternalNotes => unreachable!("handled above"),
        };
        let message = self.messages.insert(&new, now).await?;
        self.messages
            .record_outbound_on_lead(lead.id, &message.content, false, now)
            .await?;
        if request.is_log_mode_to_be_sent {
            self.messages.validate_latest_log_mode(lead.id, now).await?;
        }
        Ok((
            message.clone(),
            vec![
                Notice::MessageCreated {
                    id: message.id,
                    enterprise_id: message.enterprise_id,
                },
                Notice::LeadCounts {
                    id: lead.id,
                    enterprise_id: lead.enterprise_id,
                },
            ],
        ))
    }

    /// Queues a text the system sends on its own. Outside the recipient's allowed hours it is
    /// scheduled for the next opening instead of going out now.
    pub async fn queue_automated(
        &self,
        scope: &Scope,
        text: AutomatedText,
        now: DateTime<Utc>,
    ) -> Result<MessageRecord> {
        let lead = self.lead_in_scope(scope, text.fsi_id).await?;
        let recipient = self.recipient_of(&lead).await?;
        let assistant = self.texting_assistant(scope, lead.store_id).await?;
        let new = automated_text(
            &lead,
            &recipient,
            assistant.as_ref(),
            text.content,
            text.sender_name,
            now,
        )?;
        let message = self.messages.insert(&new, now).await?;
        if message.scheduled_for.is_none() {
            self.messages
                .record_outbound_on_lead(lead.id, &message.content, false, now)
                .await?;
        }
        Ok(message)
    }

    /// The store's assistant automated texts come from (the first with a number): the one
    /// place that decides whether a store can text at all.
    pub(crate) async fn texting_assistant(
        &self,
        scope: &Scope,
        store_id: i64,
    ) -> Result<Option<AssistantRecord>> {
        Ok(self
            .store_config
            .assistants(scope, None, Some(store_id), Some("DIV004"))
            .await?
            .into_iter()
            .find(|a| {
                a.agent_phone_number
                    .as_deref()
                    .is_some_and(|p| !p.trim().is_empty())
            }))
    }

    /// Queues an e-mail the system sends on its own (a follow-up step) to the lead's customer.
    pub async fn queue_automated_email(
        &self,
        scope: &Scope,
        fsi_id: i64,
        subject: &str,
        html: &str,
        now: DateTime<Utc>,
    ) -> Result<MessageRecord> {
        let lead = self.lead_in_scope(scope, fsi_id).await?;
        let recipient = self.recipient_of(&lead).await?;
        let to = recipient
            .customer_email
            .clone()
            .filter(|e| !e.trim().is_empty())
            .ok_or_else(|| Error::invalid("This customer has no e-mail address"))?;
        if subject.trim().is_empty() {
            return Err(Error::invalid("Please Enter Subject"));
        }
        if html.trim().is_empty() {
            return Err(Error::invalid("Please Enter Message"));
        }
        wording::templates::check_no_placeholders(subject)?;
        wording::templates::check_no_placeholders(html)?;
        let (sender, from_address) = self.email_sender(scope, lead.store_id).await?;
        let new = NewMessage {
            direction: Direction::Send,
            message_type: MessageType::Email,
            notification_type: NotificationType::MessageToCustomer,
            content: html.to_owned(),
            subject: Some(subject.trim().to_owned()),
            from_address: Some(from_address),
            from_name: Some(sender.clone()),
            to_address: Some(to),
            to_name: Some(recipient.customer_name()),
            status: DeliveryStatus::Queued,
            message_sent_by: Some(sender),
            is_automated: true,
            ..self.base(&lead.store_id, &recipient, Some(lead.id))
        };
        let message = self.messages.insert(&new, now).await?;
        self.messages
            .record_outbound_on_lead(lead.id, &message.content, false, now)
            .await?;
        Ok(message)
    }

    /// Who the system's e-mails to a store's customers come from: its service assistant's
    /// name and address.
    async fn email_sender(&self, scope: &Scope, store_id: i64) -> Result<(String, String)> {
        let assistant = self
            .store_config
            .assistants(scope, None, Some(store_id), Some("DIV004"))
            .await?
            .into_iter()
            .next()
            .ok_or_else(no_assistant)?;
        let name = format!(
            "{} {}",
            assistant.agent_first_name, assistant.agent_last_name
        );
        let address = assistant
            .email
            .unwrap_or_else(|| "service@bayline.local".to_owned());
        Ok((name, address))
    }

    /// Queues an e-mail to staff about a lead (a handoff notice): stored on the lead's
    /// conversation with its internal notification type, so it shows where the spec says.
    pub async fn queue_staff_email(
        &self,
        scope: &Scope,
        fsi_id: i64,
        email: StaffEmail<'_>,
        now: DateTime<Utc>,
    ) -> Result<MessageRecord> {
        let lead = self.lead_in_scope(scope, fsi_id).await?;
        let recipient = self.recipient_of(&lead).await?;
        let StaffEmail {
            to_name,
            to_address,
            notification_type,
            subject,
            html,
        } = email;
        let new = NewMessage {
            direction: Direction::Send,
            message_type: MessageType::Email,
            notification_type,
            content: html.to_owned(),
            subject: Some(subject.to_owned()),
            from_address: Some("assistant@bayline.local".to_owned()),
            from_name: Some("Bayline Assistant".to_owned()),
            to_address: Some(to_address.to_owned()),
            to_name: Some(to_name.to_owned()),
            status: DeliveryStatus::Queued,
            message_sent_by: Some("Assistant".to_owned()),
            is_automated: true,
            read_at: Some(now),
            ..self.base(&lead.store_id, &recipient, Some(lead.id))
        };
        self.messages.insert(&new, now).await
    }

    /// Queues the calendar invite of an appointment the assistant booked, when the customer
    /// has an e-mail address.
    pub async fn queue_automated_invite(
        &self,
        scope: &Scope,
        fsi_id: i64,
        appointment_id: i64,
        starts_at: DateTime<Utc>,
        when: &str,
        now: DateTime<Utc>,
    ) -> Result<Option<MessageRecord>> {
        let lead = self.lead_in_scope(scope, fsi_id).await?;
        let recipient = self.recipient_of(&lead).await?;
        let Some(to) = recipient
            .customer_email
            .clone()
            .filter(|e| !e.trim().is_empty())
        else {
            return Ok(None);
        };
        let (sender, from_address) = self.email_sender(scope, lead.store_id).await?;
        let new = NewMessage {
            direction: Direction::Send,
            message_type: MessageType::CalendarInvite,
            notification_type: NotificationType::UserInvite,
            content: format!(
                "Your service appointment at {} is on {when}.",
                recipient.store.store_name
            ),
            subject: Some(crate::appointments::service::DEFAULT_TITLE.to_owned()),
            from_address: Some(from_address),
            from_name: Some(sender.clone()),
            to_address: Some(to),
            to_name: Some(recipient.customer_name()),
            status: DeliveryStatus::Queued,
            message_sent_by: Some(sender),
            appointment_id: Some(appointment_id),
            starts_at: Some(starts_at),
            is_automated: true,
            ..self.base(&lead.store_id, &recipient, Some(lead.id))
        };
        Ok(Some(self.messages.insert(&new, now).await?))
    }

    /// Starts the conversation of a lead with its opening text (an automated text: it keeps
    /// to the customer's allowed hours). Refused when the customer already has another open
    /// conversation or was already contacted about this service, unless `force`.
    pub async fn initiate(
        &self,
        scope: &Scope,
        fsi_id: i64,
        force: bool,
        now: DateTime<Utc>,
    ) -> Result<(MessageRecord, Vec<Notice>)> {
        let lead = self.lead_in_scope(scope, fsi_id).await?;
        if lead.conversation_initiated && !lead.conversation_closed {
            return Err(Error::invalid(
                "The conversation of this lead has already started",
            ));
        }
        if !force {
            let started = self.leads.started_of_customers(&[lead.customer_id]).await?;
            if started.iter().any(|s| s.is_other_open_conversation(&lead)) {
                return Err(Error::invalid(
                    "An other interaction has been already initiated for this customer",
                ));
            }
            if started.iter().any(|s| s.contacted_for_same_service(&lead)) {
                return Err(Error::invalid(format!(
                    "The customer has already been contacted for {}",
                    lead.service_type
                )));
            }
        }
        let content = format!(
            "Hi {}, this is {} from {}. Our records show your {} is due for {}. Would you like to book a visit? Reply STOP to opt out.",
            lead.customer_first_name,
            self.assistant_first_name(scope, lead.store_id).await?,
            lead.store_name,
            vehicle_label(&lead),
            service_label(&lead.service_type),
        );
        self.start_conversation(scope, fsi_id, content, now).await
    }

    /// Queues a lead's opening text (an automated text, so it keeps to the customer's allowed
    /// hours) and marks its conversation started. The caller has applied the start rules:
    /// [`Self::initiate`] for one lead, bulk initiation for many.
    pub async fn start_conversation(
        &self,
        scope: &Scope,
        fsi_id: i64,
        content: String,
        now: DateTime<Utc>,
    ) -> Result<(MessageRecord, Vec<Notice>)> {
        let lead = self.lead_in_scope(scope, fsi_id).await?;
        let recipient = self.recipient_of(&lead).await?;
        let assistant = self.texting_assistant(scope, lead.store_id).await?;
        let opening = Opening {
            lead: &lead,
            recipient: &recipient,
            assistant: assistant.as_ref(),
            content,
        };
        let mut opened = self.open_conversations(vec![opening], now).await?;
        let opened = opened.pop().expect("one opening, one answer")?;
        Ok((
            self.messages.require(opened.message_id).await?,
            opened.notices,
        ))
    }

    /// Starts many conversations at once: each lead's opening text is checked (an opted-out
    /// customer, no assistant, an empty or unfilled text is that lead's error), then every
    /// good one is stored and its lead started in one transaction. The text track's first
    /// step waits from when each text goes out. Answers, per opening, its message id and
    /// notices, or why it was not sent.
    pub async fn open_conversations(
        &self,
        openings: Vec<Opening<'_>>,
        now: DateTime<Utc>,
    ) -> Result<Vec<Result<Opened>>> {
        let mut cadences: HashMap<i64, Vec<wording::cadence::CadenceStep>> = HashMap::new();
        let mut answers = Vec::with_capacity(openings.len());
        let mut rows = Vec::new();
        for opening in openings {
            let new = match automated_text(
                opening.lead,
                opening.recipient,
                opening.assistant,
                opening.content,
                None,
                now,
            ) {
                Ok(new) => new,
                Err(error) => {
                    answers.push(Err(error));
                    continue;
                }
            };
            let store_id = opening.lead.store_id;
            if let std::collections::hash_map::Entry::Vacant(entry) = cadences.entry(store_id) {
                entry.insert(self.follow_ups.cadence(store_id).await?);
            }
            let since = new.scheduled_for.unwrap_or(now);
            let next = NextStep::of(&cadences[&store_id], Some(FollowUpStep::Fu1), since);
            answers.push(Err(Error::Internal("not stored".into())));
            rows.push((answers.len() - 1, new, next));
        }
        let stored: Vec<(NewMessage, NextStep)> = rows
            .iter()
            .map(|(_, new, next)| (new.clone(), *next))
            .collect();
        let ids = self.messages.insert_openings(&stored, now).await?;
        for ((index, new, _), id) in rows.into_iter().zip(ids) {
            let fsi_id = new.fsi_id.unwrap_or_default();
            answers[index] = Ok(Opened {
                message_id: id,
                scheduled_for: new.scheduled_for,
                notices: vec![
                    Notice::MessageCreated {
                        id,
                        enterprise_id: new.enterprise_id,
                    },
                    Notice::LeadCounts {
                        id: fsi_id,
                        enterprise_id: new.enterprise_id,
                    },
                ],
            });
        }
        Ok(answers)
    }

    pub(super) async fn assistant_first_name(
        &self,
        scope: &Scope,
        store_id: i64,
    ) -> Result<String> {
        Ok(self
            .store_config
            .assistants(scope, None, Some(store_id), Some("DIV004"))
            .await?
            .into_iter()
            .next()
            .map(|a| a.agent_first_name)
            .unwrap_or_else(|| "the service team".to_owned()))
    }

    /// Stores a note of a lead's conversation and the notices that announce it and the lead's
    /// new counters.
    async fn store_note(
        &self,
        note: &NewMessage,
        lead_id: i64,
        now: DateTime<Utc>,
    ) -> Result<Vec<Notice>> {
        let note = self.messages.insert(note, now).await?;
        Ok(vec![
            Notice::MessageCreated {
                id: note.id,
                enterprise_id: note.enterprise_id,
            },
            Notice::LeadCounts {
                id: lead_id,
                enterprise_id: note.enterprise_id,
            },
        ])
    }

    /// Notes in a lead's conversation that the customer asked to be texted on a public form
    /// (with what they wrote there), so staff see where the lead came from.
    pub async fn record_web_request(
        &self,
        lead: &LeadRecord,
        form_title: &str,
        message: Option<&str>,
        now: DateTime<Utc>,
    ) -> Result<Vec<Notice>> {
        let recipient = self.recipient_of(lead).await?;
        let mut content = format!("Asked to be texted on the web form \"{form_title}\".");
        if let Some(message) = message {
            content.push_str(&format!(" They wrote: {message}"));
        }
        let note = NewMessage {
            direction: Direction::Sent,
            message_type: MessageType::Internal,
            notification_type: NotificationType::InternalNotification,
            content,
            subject: Some("WEB_FORM".to_owned()),
            status: DeliveryStatus::Stored,
            from_name: Some("Website".to_owned()),
            message_sent_by: Some("Website".to_owned()),
            read_at: None,
            ..self.base(&lead.store_id, &recipient, Some(lead.id))
        };
        self.store_note(&note, lead.id, now).await
    }

    /// Notes in a lead's conversation that staff booked (or moved) its appointment: who, and
    /// what the customer was told, so the thread keeps every booking whoever made it.
    pub async fn record_booking_note(
        &self,
        caller: &Caller,
        lead: &LeadRecord,
        content: String,
        appointment_id: i64,
        now: DateTime<Utc>,
    ) -> Result<Vec<Notice>> {
        let recipient = self.recipient_of(lead).await?;
        let sender = caller_name(caller);
        let note = NewMessage {
            direction: Direction::Sent,
            message_type: MessageType::Internal,
            notification_type: NotificationType::ScheduleAppointment,
            content,
            subject: Some("APPOINTMENT".to_owned()),
            status: DeliveryStatus::Stored,
            from_name: Some(sender.clone()),
            message_sent_by: Some(sender),
            // The system's record of the booking, not a note the staff member wrote: activity
            // reports count their bookings, not this.
            sent_by_user_id: None,
            appointment_id: Some(appointment_id),
            read_at: Some(now),
            ..self.base(&lead.store_id, &recipient, Some(lead.id))
        };
        self.store_note(&note, lead.id, now).await
    }

    /// Records a workflow track on a lead as an internal notification in its conversation,
    /// and applies what the track means: handoffs give the conversation to staff (AI off,
    /// response required), a no-show sets the outcome, follow-ups put the lead on a step.
    pub async fn record_track(
        &self,
        caller: Option<&Caller>,
        scope: &Scope,
        request: TrackRequest<'_>,
        now: DateTime<Utc>,
    ) -> Result<(MessageRecord, Vec<Notice>)> {
        let TrackRequest {
            fsi_id,
            track,
            parameter,
            intent,
        } = request;
        let lead = self.lead_in_scope(scope, fsi_id).await?;
        let recipient = self.recipient_of(&lead).await?;
        let notification = match track {
            WorkflowTrack::CustomerAGmHandoffManualPulseCheck => {
                NotificationType::InternalNotificationGm
            }
            WorkflowTrack::CustomerAMdHandoff => NotificationType::InternalNotificationMd,
            _ => NotificationType::InternalNotification,
        };
        let mut content = format!("Workflow: {track}");
        if let Some(parameter) = parameter {
            content.push_str(&format!(" ({parameter})"));
        }
        if let Some(intent) = intent.map(str::trim).filter(|i| !i.is_empty()) {
            content.push_str(&format!(", intent {intent}"));
        }
        // Staff, or the assistant handing the conversation over.
        let sender = caller.map_or_else(|| "Assistant".to_owned(), caller_name);
        let note = NewMessage {
            direction: Direction::Sent,
            message_type: MessageType::Internal,
            notification_type: notification,
            content,
            subject: Some(track.to_string()),
            status: DeliveryStatus::Stored,
            from_name: Some(sender.clone()),
            message_sent_by: Some(sender),
            sent_by_user_id: caller.map(|c| c.user_id),
            read_at: Some(now),
            ..self.base(&lead.store_id, &recipient, Some(lead.id))
        };
        let note = self.messages.insert(&note, now).await?;
        if track.is_handoff() {
            self.leads
                .set_flag(fsi_id, LeadFlag::AiEnabled, false)
                .await?;
            self.messages
                .set_lead_response_reqd(fsi_id, true, now)
                .await?;
        }
        match track {
            WorkflowTrack::CustomerNoShow => {
                self.leads
                    .set_stage(fsi_id, LeadStage::ShowOrNoShow, Some("NO_SHOW"))
                    .await?
            }
            WorkflowTrack::FollowUpEmail => {
                let cadence = self.follow_ups.cadence(lead.store_id).await?;
                self.follow_ups
                    .set(fsi_id, NextStep::of(&cadence, Some(FollowUpStep::E1), now))
                    .await?
            }
            WorkflowTrack::LongFollowup => {
                self.leads
                    .set_follow_up(fsi_id, "FU3", now + Duration::days(30))
                    .await?
            }
            _ => {}
        }
        Ok((
            note.clone(),
            vec![
                Notice::MessageCreated {
                    id: note.id,
                    enterprise_id: note.enterprise_id,
                },
                Notice::LeadCounts {
                    id: fsi_id,
                    enterprise_id: lead.enterprise_id,
                },
            ],
        ))
    }

    /// Logs a phone call on a lead's conversation as a CALL card: who called whom, when, for
    /// how long, and its recording. Every problem is listed (400) and nothing is stored.
    pub async fn log_call(
        &self,
        caller: &Caller,
        scope: &Scope,
        call: CallLog,
        now: DateTime<Utc>,
    ) -> Result<(MessageRecord, Vec<Notice>)> {
        if !caller.calling_feature {
            return Err(Error::Forbidden(
                "Calling is off for your account: an administrator turns it on in Administration, Users".to_owned(),
            ));
        }
        let mut errors = Vec::new();
        if !(0..=MAX_CALL_SECONDS).contains(&call.duration_seconds) {
            errors.push(format!(
                "durationSeconds must be between 0 and {MAX_CALL_SECONDS}"
            ));
        }
        if call.started_at > now + Duration::minutes(5) {
            errors.push("A call cannot start in the future".to_owned());
        }
        if let Err(Error::Validation { errors: e, .. }) =
            crate::domain::formats::plausible_time("startTime", call.started_at)
        {
            errors.extend(e);
        }
        let recording = call
            .recording_url
            .as_deref()
            .map(str::trim)
            .filter(|url| !url.is_empty());
        if recording.is_some_and(|url| {
            url.len() > 2000
                || url.contains(char::is_whitespace)
                || !["https://", "http://", "/media/"]
                    .iter()
                    .any(|start| url.starts_with(start))
        }) {
            errors.push(
                "recordingUrl must be an http(s) address or a file uploaded with /api/uploadFile"
                    .to_owned(),
            );
        }
        let notes = call
            .notes
            .as_deref()
            .map(str::trim)
            .filter(|notes| !notes.is_empty());
        if notes.is_some_and(|notes| notes.chars().count() > MAX_CALL_NOTES_CHARS) {
            errors.push(format!(
                "notes must have at most {MAX_CALL_NOTES_CHARS} characters"
            ));
        }
        if !errors.is_empty() {
            return Err(Error::invalid_all(errors));
        }
        let lead = self.lead_in_scope(scope, call.fsi_id).await?;
        let recipient = self.recipient_of(&lead).await?;
        let sender = caller_name(caller);
        let customer = (
            recipient.customer_cellular.clone(),
            recipient.customer_name(),
        );
        let store = (
            recipient.store.store_phone.clone(),
            recipient.store.store_name.clone(),
        );
        let ((from_address, from_name), (to_address, to_name)) = if call.inbound {
            (customer, store)
        } else {
            ((store.0, sender.clone()), customer)
        };
        let mut content = call_summary(call.inbound, call.duration_seconds, call.outcome);
        if let Some(notes) = notes {
            content.push('\n');
            content.push_str(notes);
        }
        let new = NewMessage {
            direction: Direction::Sent,
            message_type: MessageType::Internal,
            notification_type: if call.outcome == Some(CallOutcome::VoicemailLeft) {
                NotificationType::VoicemailLeft
            } else {
                NotificationType::Call
            },
            content,
            status: DeliveryStatus::Stored,
            from_address,
            from_name: Some(from_name),
            to_address,
            to_name: Some(to_name),
            url: recording.map(str::to_owned),
            starts_at: Some(call.started_at),
            call_duration_seconds: Some(call.duration_seconds),
            message_sent_by: Some(sender),
            sent_by_user_id: Some(caller.user_id),
            read_at: Some(now),
            ..self.base(&lead.store_id, &recipient, Some(lead.id))
        };
        let message = self.messages.insert(&new, now).await?;
        Ok((
            message.clone(),
            vec![Notice::MessageCreated {
                id: message.id,
                enterprise_id: message.enterprise_id,
            }],
        ))
    }

    /// Withdraws an internal note its author just wrote (the note timer, spec section 5): only
    /// within [`NOTE_UNDO_WINDOW`] of writing it, and only while the customer has not written
    /// since, since a reply may already have been read alongside it. The note is archived, so
    /// it stays on record for SUPER_DATA_ADMIN like any archived message.
    pub async fn withdraw_note(
        &self,
        user_id: i64,
        note: &MessageRecord,
        now: DateTime<Utc>,
    ) -> Result<()> {
        if note.message_type != MessageType::InternalNotes {
            return Err(Error::invalid("Only an internal note can be undone"));
        }
        if note.sent_by_user_id != Some(user_id) {
            return Err(Error::Forbidden(
                "Only the note's author can undo it".to_owned(),
            ));
        }
        if note.archived || now - note.created_at > NOTE_UNDO_WINDOW {
            return Err(Error::invalid("The note can no longer be undone"));
        }
        if let Some(fsi_id) = note.fsi_id
            && self.messages.received_since(fsi_id, note.id).await?
        {
            return Err(Error::invalid(
                "The customer has written since this note; it can no longer be undone",
            ));
        }
        self.messages.archive(note.id, now).await
    }
}

/// The token of one of Bayline's media links (`http(s)://host/media/{token}/{name}`).
fn media_token(url: &str) -> Option<&str> {
    let rest = url
        .strip_prefix("https://")
        .or_else(|| url.strip_prefix("http://"))?;
    let (_, path) = rest.split_once("/media/")?;
    let (token, name) = path.split_once('/')?;
    (!token.is_empty()
        && !name.is_empty()
        && !name.contains('/')
        && token
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_'))
    .then_some(token)
}

#[cfg(test)]
mod media_link_tests {
    use super::media_token;

    #[test]
    fn only_bayline_s_media_links_yield_a_token() {
        assert_eq!(
            media_token("https://bayline.example.com/media/abc123xyz/dent photo.png"),
            Some("abc123xyz")
        );
        assert_eq!(
            media_token("http://127.0.0.1:8080/media/k9/a.pdf"),
            Some("k9")
        );
        for other in [
            "ftp://host/media/abc/a.png",
            "https://host/media/abc",
            "https://host/media//a.png",
            "https://host/media/a%2e/a.png",
            "https://host/media/abc/a/b.png",
            "https://host/files/abc/a.png",
        ] {
            assert_eq!(media_token(other), None, "{other}");
        }
    }
}
