//! Inbound e-mail (issue 38): a customer's ordinary reply to a staff e-mail, as a Mailgun route
//! posts it, lands in their conversation; forged, old or unsigned posts change nothing; an
//! e-mail that only says UNSUBSCRIBE stops e-mails to them.

use engine::messaging::signature::sign_mailgun;
use engine::store::schema::{Customers, EmailOutbox, MessageInstances as Msg};
use reqwest::StatusCode;
use sea_query::{Expr, ExprTrait, Order, Query};
use serde_json::{Value, json};

use crate::helpers::{TestApp, spawn_app, spawn_app_with};

const KEY: &str = "mailgun-signing-key-for-tests";

/// A staff e-mail to the lead's customer, sent: its Message-ID and the address it came from.
async fn staff_email(app: &TestApp, token: &str, lead_id: i64) -> (String, String) {
    let sent = app
        .post_json(
            "/api/svc-message-instance/svc-send-message",
            token,
            &json!({
                "jaguarFutureServiceInteractionId": lead_id,
                "messageType": "EMAIL",
                "subject": "Your 30K service",
                "content": "<p>Your 30K service is due. When suits you?</p>",
            }),
        )
        .await;
    assert_eq!(sent.status(), StatusCode::OK);
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    loop {
        let found: Option<(String, String)> = app
            .db
            .fetch_optional(
                &Query::select()
                    .columns([EmailOutbox::Mime, EmailOutbox::FromAddress])
                    .from(EmailOutbox::Table)
                    .and_where(Expr::col(EmailOutbox::ToAddress).eq("driver@example.com"))
                    .order_by(EmailOutbox::Id, Order::Desc)
                    .to_owned(),
            )
            .await
            .unwrap();
        if let Some((mime, from)) = found {
            let id = mime
                .lines()
                .find_map(|line| line.strip_prefix("Message-ID: "))
                .expect("a Message-ID header")
                .trim()
                .to_owned();
            return (id, from);
        }
        assert!(std::time::Instant::now() < deadline, "no e-mail");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}

/// Mailgun's post of a customer's e-mail, signed with `key`, `age` seconds old.
fn mailgun_form(key: &str, age: i64, fields: &[(&str, &str)]) -> Vec<(String, String)> {
    let timestamp = (chrono::Utc::now().timestamp() - age).to_string();
    let token = format!("token-{}", rand_suffix());
    let mut form: Vec<(String, String)> = fields
        .iter()
        .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
        .collect();
    form.push(("signature".into(), sign_mailgun(key, &timestamp, &token)));
    form.push(("timestamp".into(), timestamp));
    form.push(("token".into(), token));
    form
}

fn rand_suffix() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos() as u64
}

async fn post_mail(app: &TestApp, form: &[(String, String)]) -> reqwest::Response {
    app.client
        .post(app.url("/api/email/inbound"))
        .form(form)
        .send()
        .await
        .unwrap()
}

async fn received_emails(app: &TestApp, lead_id: i64) -> Vec<String> {
    app.db
        .fetch_all::<(String,)>(
            &Query::select()
                .column(Msg::Content)
                .from(Msg::Table)
                .and_where(Expr::col(Msg::FsiId).eq(lead_id))
                .and_where(Expr::col(Msg::Direction).eq("RECEIVED"))
                .and_where(Expr::col(Msg::MessageType).eq("EMAIL"))
                .order_by(Msg::Id, Order::Asc)
                .to_owned(),
        )
        .await
        .unwrap()
        .into_iter()
        .map(|(content,)| content)
        .collect()
}

#[tokio::test]
async fn a_customer_reply_to_a_staff_e_mail_lands_in_their_conversation_once() {
    let app = spawn_app_with(&[("BAYLINE_INBOUND_MAIL_KEY", KEY)]).await;
    let token = app.token_of("office-manager").await;
    let lead = app.textable_lead("+15557140701").await;
    let (message_id, store_address) = staff_email(&app, &token, lead.id).await;

    let form = mailgun_form(
        KEY,
        5,
        &[
            ("recipient", store_address.as_str()),
            ("sender", "bounces+driver@example.com"),
            ("from", "Dana Driver <Driver@Example.com>"),
            ("subject", "Re: Your 30K service"),
            (
                "body-plain",
                "Thursday morning works.\n\n> Your 30K service is due.",
            ),
            ("stripped-text", "Thursday morning works."),
            ("Message-Id", "<reply-1@mail.example.com>"),
            ("In-Reply-To", message_id.as_str()),
            ("References", message_id.as_str()),
        ],
    );
    let response = post_mail(&app, &form).await;
    assert_eq!(response.status(), StatusCode::OK);
    let stored: Value = response.json().await.unwrap();
    assert_eq!(stored["fsiId"], lead.id);
    let reply = app
        .wait_for_message(&token, lead.id, |m| {
            m["content"] == "Thursday morning works." && m["messageType"] == "EMAIL"
        })
        .await;
    assert_eq!(reply["notificationType"], "MESSAGE_FROM_CUSTOMER");
    assert_eq!(reply["subject"], "Re: Your 30K service");
    let flags = app.lead_json(&token, lead.id).await;
    assert_eq!(flags["responseReqd"], true, "{flags}");

    // Mailgun's retry of the same e-mail is the same message.
    let again = post_mail(&app, &form).await;
    assert_eq!(again.status(), StatusCode::OK);
    let again: Value = again.json().await.unwrap();
    assert_eq!(again["messageId"], stored["messageId"]);
    assert_eq!(received_emails(&app, lead.id).await.len(), 1);
}

#[tokio::test]
async fn unsigned_forged_old_or_unconfigured_posts_change_nothing() {
    let app = spawn_app_with(&[("BAYLINE_INBOUND_MAIL_KEY", KEY)]).await;
    let token = app.token_of("office-manager").await;
    let lead = app.textable_lead("+15557140702").await;
    let (message_id, store_address) = staff_email(&app, &token, lead.id).await;
    let fields = [
        ("recipient", store_address.as_str()),
        ("from", "driver@example.com"),
        ("stripped-text", "Forged words"),
        ("In-Reply-To", message_id.as_str()),
    ];
    let mut unsigned = mailgun_form(KEY, 5, &fields);
    unsigned.retain(|(name, _)| name != "signature");
    for form in [
        mailgun_form("another-key", 5, &fields),
        mailgun_form(KEY, 60 * 60, &fields),
        unsigned,
    ] {
        assert_eq!(post_mail(&app, &form).await.status(), StatusCode::FORBIDDEN);
    }
    // A reference of ours with its tag changed threads nowhere, and from a stranger's address
    // no customer of the store matches: nothing is kept (406, which Mailgun does not retry).
    let tampered = message_id.replacen(".", ".9", 1);
    let stranger = mailgun_form(
        KEY,
        5,
        &[
            ("recipient", store_address.as_str()),
            ("from", "stranger@example.org"),
            ("stripped-text", "Let me in"),
            ("In-Reply-To", tampered.as_str()),
        ],
    );
    assert_eq!(
        post_mail(&app, &stranger).await.status(),
        StatusCode::NOT_ACCEPTABLE
    );
    // The right reference from another address is not the customer's reply either.
    let other_sender = mailgun_form(
        KEY,
        5,
        &[
            ("recipient", "nobody@bayline.local"),
            ("from", "stranger@example.org"),
            ("stripped-text", "Let me in"),
            ("In-Reply-To", message_id.as_str()),
        ],
    );
    assert_eq!(
        post_mail(&app, &other_sender).await.status(),
        StatusCode::NOT_ACCEPTABLE
    );
    assert!(received_emails(&app, lead.id).await.is_empty());

    // Without a signing key configured, inbound e-mail is refused outright.
    let unconfigured = spawn_app().await;
    assert_eq!(
        post_mail(&unconfigured, &mailgun_form(KEY, 5, &fields))
            .await
            .status(),
        StatusCode::FORBIDDEN
    );
}

#[tokio::test]
async fn an_unsubscribe_reply_stops_the_e_mails_to_the_customer() {
    let app = spawn_app_with(&[("BAYLINE_INBOUND_MAIL_KEY", KEY)]).await;
    let token = app.token_of("office-manager").await;
    let lead = app.textable_lead("+15557140703").await;
    let (message_id, store_address) = staff_email(&app, &token, lead.id).await;
    let form = mailgun_form(
        KEY,
        5,
        &[
            ("recipient", store_address.as_str()),
            ("from", "driver@example.com"),
            ("subject", "Re: Your 30K service"),
            ("stripped-text", "Unsubscribe"),
            ("In-Reply-To", message_id.as_str()),
        ],
    );
    assert_eq!(post_mail(&app, &form).await.status(), StatusCode::OK);
    let blocked: bool = app
        .db
        .fetch_scalar(
            &Query::select()
                .column(Customers::BlockEmail)
                .from(Customers::Table)
                .and_where(Expr::col(Customers::Id).eq(lead.customer_id))
                .to_owned(),
        )
        .await
        .unwrap();
    assert!(blocked, "unsubscribed from e-mail");

    // The next staff e-mail is kept in the thread but not sent: restricted, as a text to an
    // opted-out customer is.
    let sent = app
        .post_json(
            "/api/svc-message-instance/svc-send-message",
            &token,
            &json!({
                "jaguarFutureServiceInteractionId": lead.id,
                "messageType": "EMAIL",
                "subject": "One more thing",
                "content": "<p>Still there?</p>",
            }),
        )
        .await;
    assert_eq!(sent.status(), StatusCode::OK);
    app.wait_for_message(&token, lead.id, |m| {
        m["subject"] == "One more thing" && m["messageStatus"] == "RESTRICTED"
    })
    .await;
}
