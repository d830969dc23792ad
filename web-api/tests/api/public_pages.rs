//! The public face (issue 21): brand lead forms with consent, their throttles and honeypot,
//! answers that never tell whether a customer exists, and their administration.

use engine::store::schema::{
    ConsentRecords, Customers, FutureServiceInteractions as Fsi, MessageInstances as Msg,
};
use reqwest::{Method, StatusCode};
use sea_query::{Expr, ExprTrait, Order, Query};
use serde_json::{Value, json};

use crate::helpers::{TestApp, assert_error, spawn_app};

const TOYOTA: &str = "lead-submission-toyota";

impl TestApp {
    pub(crate) async fn public_form(&self, slug: &str) -> Value {
        let response = self
            .client
            .get(self.url(&format!("/api/public/lead-forms/{slug}")))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        response.json().await.unwrap()
    }

    pub(crate) async fn submit_lead(&self, body: &Value) -> reqwest::Response {
        self.client
            .post(self.url("/api/public/lead-submission"))
            .json(body)
            .send()
            .await
            .unwrap()
    }

    async fn consent_count(&self) -> i64 {
        self.db
            .fetch_scalar(
                &Query::select()
                    .expr(Expr::col(ConsentRecords::Id).count())
                    .from(ConsentRecords::Table)
                    .to_owned(),
            )
            .await
            .unwrap()
    }

    /// The customers with this number: (id, store, consent source, blocked).
    async fn customers_with(&self, phone: &str) -> Vec<(i64, i64, Option<String>, bool)> {
        self.db
            .fetch_all(
                &Query::select()
                    .columns([
                        Customers::Id,
                        Customers::StoreId,
                        Customers::ConsentSource,
                        Customers::BlockSms,
                    ])
                    .from(Customers::Table)
                    .and_where(Expr::col(Customers::Cellular).eq(phone))
                    .order_by(Customers::Id, Order::Asc)
                    .to_owned(),
            )
            .await
            .unwrap()
    }

    /// The customer's (one) lead.
    async fn lead_of(&self, customer_id: i64) -> i64 {
        let (id,): (i64,) = self
            .db
            .fetch_optional(
                &Query::select()
                    .column(Fsi::Id)
                    .from(Fsi::Table)
                    .and_where(Expr::col(Fsi::CustomerId).eq(customer_id))
                    .to_owned(),
            )
            .await
            .unwrap()
            .unwrap();
        id
    }

    /// A customer's messages: (type, content).
    async fn messages_of(&self, customer_id: i64) -> Vec<(String, String)> {
        self.db
            .fetch_all(
                &Query::select()
                    .columns([Msg::MessageType, Msg::Content])
                    .from(Msg::Table)
                    .and_where(Expr::col(Msg::CustomerId).eq(customer_id))
                    .order_by(Msg::Id, Order::Asc)
                    .to_owned(),
            )
            .await
            .unwrap()
    }
}

fn submission(form: &Value, first: &str, phone: &str) -> Value {
    json!({
        "form": form["slug"],
        "firstName": first,
        "lastName": "Rivera",
        "customerPhoneNumber": phone,
        "storePhoneNumber": form["storePhoneNumber"],
        "consentText": form["consentText"],
        "message": "The brakes squeak",
        "website": "",
    })
}

#[tokio::test]
async fn a_brand_form_makes_a_lead_keeps_the_consent_and_the_assistant_texts_the_customer() {
    let app = spawn_app().await;
    let form = app.public_form(TOYOTA).await;
    assert_eq!(form["storeName"], "Harbor Toyota", "{form}");
    assert_eq!(form["brand"], "Toyota");
    assert!(
        form["consentText"]
            .as_str()
            .unwrap()
            .contains("not a condition of purchase")
    );
    let missing = app
        .client
        .get(app.url("/api/public/lead-forms/lead-submission-tesla"))
        .send()
        .await
        .unwrap();
    assert_error(missing, StatusCode::NOT_FOUND).await;

    // Every problem at once, in the spec's words; nothing kept.
    let response = app
        .submit_lead(&json!({"form": TOYOTA, "website": ""}))
        .await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    let body: Value = response.json().await.unwrap();
    assert_eq!(
        body["errors"],
        json!([
            "First name is required",
            "Last name is required",
            "Phone is required"
        ])
    );
    for bad in ["+1555201334", "555-CALL-NOW", "+1 555 201 33445"] {
        let refused = app.submit_lead(&submission(&form, "Ana", bad)).await;
        let message = assert_error(refused, StatusCode::BAD_REQUEST).await;
        assert_eq!(message, "Invalid Number", "{bad}");
    }
    assert_eq!(app.consent_count().await, 0);

    let phone = "+15557140001";
    let response = app.submit_lead(&submission(&form, "Ana", phone)).await;
    assert_eq!(response.status(), StatusCode::OK);
    let answer: Value = response.json().await.unwrap();
    assert_eq!(answer["status"], "success");
    assert!(
        answer["message"]
            .as_str()
            .unwrap()
            .contains("(555)-714-0001"),
        "{answer}"
    );
    let customers = app.customers_with(phone).await;
    assert_eq!(customers.len(), 1, "{customers:?}");
    let (customer_id, store_id, source, _) = customers[0].clone();
    assert_eq!(store_id, 1);
    assert_eq!(source.as_deref(), Some("WEB_FORM:lead-submission-toyota"));
    let (text, slug, address): (String, String, Option<String>) = app
        .db
        .fetch_optional(
            &Query::select()
                .columns([
                    ConsentRecords::ConsentText,
                    ConsentRecords::FormSlug,
                    ConsentRecords::Address,
                ])
                .from(ConsentRecords::Table)
                .and_where(Expr::col(ConsentRecords::CustomerId).eq(customer_id))
                .to_owned(),
        )
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        text,
        form["consentText"].as_str().unwrap(),
        "the text shown"
    );
    assert_eq!(slug, TOYOTA);
    assert_eq!(address.as_deref(), Some("127.0.0.1"));
    let (lead_type,): (Option<String>,) = app
        .db
        .fetch_optional(
            &Query::select()
                .column(Fsi::CagLeadType)
                .from(Fsi::Table)
                .and_where(Expr::col(Fsi::CustomerId).eq(customer_id))
                .to_owned(),
        )
        .await
        .unwrap()
        .unwrap();
    assert_eq!(lead_type.as_deref(), Some("WEBSITE"));
    let messages = app.messages_of(customer_id).await;
    assert!(
        messages
            .iter()
            .any(|(kind, text)| kind == "INTERNAL" && text.contains("The brakes squeak")),
        "{messages:?}"
    );
    assert!(
        messages.iter().any(|(kind, text)| kind == "SMS"
            && text.starts_with("Hi Ana, this is")
            && text.contains("Harbor Toyota")),
        "{messages:?}"
    );

    // The same customer again: the same answer, the same customer and lead, a second consent.
    let again = app.submit_lead(&submission(&form, "Ana", phone)).await;
    let again: Value = again.json().await.unwrap();
    assert_eq!(again, answer);
    assert_eq!(app.customers_with(phone).await.len(), 1);
    assert_eq!(app.consent_count().await, 2);
    let greetings = app
        .messages_of(customer_id)
        .await
        .into_iter()
        .filter(|(kind, text)| kind == "SMS" && text.starts_with("Hi Ana, this is"))
        .count();
    assert_eq!(
        greetings, 1,
        "a customer already in conversation is not greeted again"
    );
    let leads: i64 = app
        .db
        .fetch_scalar(
            &Query::select()
                .expr(Expr::col(Fsi::Id).count())
                .from(Fsi::Table)
                .and_where(Expr::col(Fsi::CustomerId).eq(customer_id))
                .to_owned(),
        )
        .await
        .unwrap();
    assert_eq!(leads, 1);
}

#[tokio::test]
async fn robots_stale_forms_opted_out_numbers_and_big_bodies_change_nothing_visible() {
    let app = spawn_app().await;
    let form = app.public_form(TOYOTA).await;

    // The honeypot: thanked like anyone, nothing kept.
    let mut robot = submission(&form, "Bot", "+15557140002");
    robot["website"] = json!("http://spam.example");
    let answer: Value = app.submit_lead(&robot).await.json().await.unwrap();
    assert_eq!(answer["status"], "success");
    assert!(app.customers_with("+15557140002").await.is_empty());
    assert_eq!(app.consent_count().await, 0);

    // A form changed since it was loaded.
    let mut stale = submission(&form, "Ana", "+15557140003");
    stale["consentText"] = json!("I agree to nothing");
    assert_error(app.submit_lead(&stale).await, StatusCode::CONFLICT).await;
    let mut stale = submission(&form, "Ana", "+15557140003");
    stale["storePhoneNumber"] = json!("+15550000000");
    assert_error(app.submit_lead(&stale).await, StatusCode::CONFLICT).await;
    assert_eq!(app.consent_count().await, 0);

    // A customer who texted STOP: the same answer, the consent kept, no text.
    let opted_out = "+15557140004";
    let first: Value = app
        .submit_lead(&submission(&form, "Oli", opted_out))
        .await
        .json()
        .await
        .unwrap();
    let (customer_id, ..) = app.customers_with(opted_out).await[0].clone();
    app.db
        .execute(
            &Query::update()
                .table(Customers::Table)
                .value(Customers::BlockSms, true)
                .and_where(Expr::col(Customers::Id).eq(customer_id))
                .to_owned(),
        )
        .await
        .unwrap();
    let texts_before = app.messages_of(customer_id).await.len();
    let answer: Value = app
        .submit_lead(&submission(&form, "Oli", opted_out))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(answer, first, "nothing tells the two apart");
    let after = app.messages_of(customer_id).await;
    assert!(
        after[texts_before..].iter().all(|(kind, _)| kind != "SMS"),
        "{after:?}"
    );
    assert!(app.customers_with(opted_out).await[0].3, "still opted out");

    // A body over the public limit is refused before it is read.
    let mut big = submission(&form, "Ana", "+15557140005");
    big["message"] = json!("x".repeat(20_000));
    let response = app.submit_lead(&big).await;
    assert_eq!(response.status(), StatusCode::PAYLOAD_TOO_LARGE);
}

#[tokio::test]
async fn a_number_and_an_address_are_throttled_with_a_clear_message() {
    let app = spawn_app().await;
    let form = app.public_form(TOYOTA).await;
    let phone = "+15557140006";
    for _ in 0..3 {
        let response = app.submit_lead(&submission(&form, "Ana", phone)).await;
        assert_eq!(response.status(), StatusCode::OK);
    }
    let message = assert_error(
        app.submit_lead(&submission(&form, "Ana", phone)).await,
        StatusCode::TOO_MANY_REQUESTS,
    )
    .await;
    assert!(message.contains("this phone number"), "{message}");
    assert_eq!(app.consent_count().await, 3);

    // Ten submissions an address per ten minutes, whatever they name.
    for n in 0..6 {
        let response = app
            .submit_lead(&submission(&form, "Ana", &format!("+1555714010{n}")))
            .await;
        assert_eq!(response.status(), StatusCode::OK, "{n}");
    }
    let message = assert_error(
        app.submit_lead(&submission(&form, "Ana", "+15557140199"))
            .await,
        StatusCode::TOO_MANY_REQUESTS,
    )
    .await;
    assert!(message.contains("your address"), "{message}");
    assert!(app.customers_with("+15557140199").await.is_empty());
}

#[tokio::test]
async fn tenant_admins_point_their_forms_at_their_stores_and_the_page_follows() {
    let app = spawn_app().await;
    let admin = app.token_of("enterprise-admin").await;
    let forms = app
        .ok_json(Method::GET, "/api/lead-forms", &admin, None)
        .await;
    assert_eq!(forms.as_array().unwrap().len(), 10, "{forms}");
    let summit = app.token_of("summit-admin").await;
    let theirs = app
        .ok_json(Method::GET, "/api/lead-forms", &summit, None)
        .await;
    assert_eq!(theirs, json!([]));
    let manager = app.token_of("office-manager").await;
    assert_error(
        app.request(Method::GET, "/api/lead-forms", &manager, None)
            .await,
        StatusCode::FORBIDDEN,
    )
    .await;

    let body = |store: i64, consent: &str, color: &str| {
        json!({
            "storeId": store,
            "brand": "Toyota",
            "title": "Toyota service, by text",
            "consentText": consent,
            "accentColor": color,
            "isActive": true,
        })
    };
    let path = format!("/api/lead-forms/{TOYOTA}");
    let refused = app
        .request(Method::PUT, &path, &summit, Some(body(1, "x", "#EB0A1E")))
        .await;
    assert_error(refused, StatusCode::NOT_FOUND).await;
    let response = app
        .request(Method::PUT, &path, &admin, Some(body(1, " ", "red")))
        .await;
    let problems: Value = response.json().await.unwrap();
    assert_eq!(
        problems["errors"].as_array().unwrap().len(),
        2,
        "{problems}"
    );

    let old = app.public_form(TOYOTA).await;
    let consent = "I agree that Harbor Toyota may text me. Reply STOP to opt out. Consent is not a condition of purchase.";
    let saved = app
        .ok_json(
            Method::PUT,
            &path,
            &admin,
            Some(body(2, consent, "#eb0a1e")),
        )
        .await;
    assert_eq!(saved["storeId"], 2);
    assert_eq!(saved["accentColor"], "#EB0A1E");
    let now = app.public_form(TOYOTA).await;
    assert_eq!(now["consentText"], consent);
    assert_ne!(now["storeName"], old["storeName"]);
    // A page opened before the change is asked to reload.
    let stale = app
        .submit_lead(&submission(&old, "Ana", "+15557140201"))
        .await;
    assert_error(stale, StatusCode::CONFLICT).await;

    // Switched off, the form is gone from the internet.
    let mut off = body(2, consent, "#EB0A1E");
    off["isActive"] = json!(false);
    app.ok_json(Method::PUT, &path, &admin, Some(off)).await;
    let gone = app
        .client
        .get(app.url(&format!("/api/public/lead-forms/{TOYOTA}")))
        .send()
        .await
        .unwrap();
    assert_error(gone, StatusCode::NOT_FOUND).await;
}

/// A link's query as (lead, user, token).
fn link_parts(url: &str) -> (i64, i64, String) {
    let query = url.split_once('?').expect("a query").1;
    let get = |name: &str| {
        query
            .split('&')
            .find_map(|pair| pair.strip_prefix(&format!("{name}=")))
            .expect(name)
            .to_owned()
    };
    (
        get("futureServiceInteractionId").parse().unwrap(),
        get("userMasterId").parse().unwrap(),
        get("token"),
    )
}

impl TestApp {
    async fn signed_get(&self, call: &str, lead: i64, user: i64, token: &str) -> reqwest::Response {
        self.client
            .get(self.url(&format!("/servicedealroom/{call}")))
            .query(&[
                ("futureServiceInteractionId", lead.to_string()),
                ("userMasterId", user.to_string()),
                ("token", token.to_owned()),
            ])
            .send()
            .await
            .unwrap()
    }

    async fn signed_send(
        &self,
        lead: i64,
        user: i64,
        token: &str,
        content: &str,
    ) -> reqwest::Response {
        self.client
            .post(self.url("/servicedealroom/send"))
            .query(&[
                ("futureServiceInteractionId", lead.to_string()),
                ("userMasterId", user.to_string()),
                ("token", token.to_owned()),
            ])
            .json(&json!({ "content": content }))
            .send()
            .await
            .unwrap()
    }

    fn link_signer(&self) -> engine::public::links::LinkSigner {
        engine::public::links::LinkSigner::new(&self.messaging_settings().secret_key)
    }
}

#[tokio::test]
async fn a_deal_room_link_opens_one_lead_for_one_user_and_sends_as_them() {
    let app = spawn_app().await;
    let form = app.public_form(TOYOTA).await;
    app.submit_lead(&submission(&form, "Dee", "+15557140301"))
        .await;
    let (customer_id, ..) = app.customers_with("+15557140301").await[0].clone();
    let lead_id = app.lead_of(customer_id).await;
    let manager = app.token_of("office-manager").await;
    let links = app
        .ok_json(
            Method::POST,
            &format!("/api/future-service-interaction/{lead_id}/links"),
            &manager,
            None,
        )
        .await;
    let (lead, user, token) = link_parts(links["dealRoomUrl"].as_str().unwrap());
    assert_eq!(lead, lead_id);
    assert!(
        links["dealRoomUrl"]
            .as_str()
            .unwrap()
            .contains("/dealroom?")
    );

    let shown: Value = app
        .signed_get("future-service-interaction", lead, user, &token)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(shown["customerFirstName"], "Dee", "{shown}");
    assert_eq!(shown["customerPhone"], "(555)-714-0301");
    assert_eq!(shown["canSend"], true);
    assert_eq!(shown["userName"], "office-manager");
    let assistants: Value = app
        .signed_get("assistantList", lead, user, &token)
        .await
        .json()
        .await
        .unwrap();
    assert!(!assistants.as_array().unwrap().is_empty(), "{assistants}");

    // Another lead, another user, a changed or foreign token: nothing.
    let mut changed = token.clone();
    let last = changed.pop().unwrap();
    changed.push(if last == 'A' { 'B' } else { 'A' });
    let (other_token, _) = app.link_signer().sign(
        engine::public::links::LinkKind::DealRoom,
        lead,
        Some(user),
        chrono::Utc::now() - chrono::Duration::days(8),
    );
    for (lead, user, token) in [
        (lead + 1, user, token.clone()),
        (lead, user + 1, token.clone()),
        (lead, user, changed),
        (lead, user, other_token),
    ] {
        for call in [
            "future-service-interaction",
            "conversationHistory",
            "assistantList",
        ] {
            let refused = app.signed_get(call, lead, user, &token).await;
            assert_eq!(refused.status(), StatusCode::FORBIDDEN, "{call}");
        }
        let refused = app.signed_send(lead, user, &token, "hi").await;
        assert_eq!(refused.status(), StatusCode::FORBIDDEN);
    }

    // Sent from the deal room: in staff's conversation, as the link's user.
    let sent: Value = app
        .signed_send(lead, user, &token, "Hi Dee, Tuesday at 9 works.")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(sent["content"], "Hi Dee, Tuesday at 9 works.", "{sent}");
    app.wait_for_message(&manager, lead, |m| m["id"] == sent["id"])
        .await;

    // The customer's landing page: their conversation, no staff notes, no sending.
    let (_, _, landing) = link_parts(links["landingUrl"].as_str().unwrap());
    let theirs: Value = app
        .signed_get("conversationHistory", lead, user, &landing)
        .await
        .json()
        .await
        .unwrap();
    let kinds: Vec<&str> = theirs
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["messageType"].as_str().unwrap())
        .collect();
    assert!(
        kinds.contains(&"SMS") && !kinds.contains(&"INTERNAL"),
        "{kinds:?}"
    );
    let staff: Value = app
        .signed_get("conversationHistory", lead, user, &token)
        .await
        .json()
        .await
        .unwrap();
    assert!(
        staff
            .as_array()
            .unwrap()
            .iter()
            .any(|m| m["messageType"] == "INTERNAL"),
        "staff see where the lead came from"
    );
    let shown: Value = app
        .signed_get("future-service-interaction", lead, user, &landing)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(shown["canSend"], false);
    let refused = app.signed_send(lead, user, &landing, "hi").await;
    assert_eq!(refused.status(), StatusCode::FORBIDDEN);

    // A blocked user's links open nothing.
    let admin = app.token_of("enterprise-admin").await;
    app.ok_json(
        Method::PUT,
        &format!("/api/user/{user}/block"),
        &admin,
        None,
    )
    .await;
    let refused = app
        .signed_get("future-service-interaction", lead, user, &token)
        .await;
    assert_eq!(refused.status(), StatusCode::FORBIDDEN);

    // Another enterprise's staff cannot make links to this lead.
    let summit = app.token_of("summit-admin").await;
    let refused = app
        .request(
            Method::POST,
            &format!("/api/future-service-interaction/{lead_id}/links"),
            &summit,
            None,
        )
        .await;
    assert_error(refused, StatusCode::NOT_FOUND).await;
}

#[tokio::test]
async fn an_e_mail_answer_lands_on_its_lead_as_the_customer_s_reply() {
    let app = spawn_app().await;
    let form = app.public_form(TOYOTA).await;
    app.submit_lead(&submission(&form, "Eve", "+15557140401"))
        .await;
    let (customer_id, ..) = app.customers_with("+15557140401").await[0].clone();
    let lead_id = app.lead_of(customer_id).await;
    let signer = app.link_signer();
    let now = chrono::Utc::now();
    let (token, _) = signer.sign(
        engine::public::links::LinkKind::EmailReply,
        lead_id,
        None,
        now,
    );
    let answer = |token: String, message: &str| {
        app.client
            .get(app.url("/api/email/autoResponse"))
            .query(&[
                ("token", token),
                ("from", "eve@example.com".to_owned()),
                ("to", "service@harbor.example".to_owned()),
                ("subject", "Re: your service".to_owned()),
                ("message", message.to_owned()),
                ("key", "YES".to_owned()),
            ])
            .send()
    };
    let before = app.messages_of(customer_id).await.len();
    let (deal_room, _) = signer.sign(
        engine::public::links::LinkKind::DealRoom,
        lead_id,
        Some(1),
        now,
    );
    for bad in [deal_room, "nonsense".to_owned()] {
        let refused = answer(bad, "Yes").await.unwrap();
        assert_eq!(refused.status(), StatusCode::FORBIDDEN);
    }
    assert_eq!(app.messages_of(customer_id).await.len(), before);

    let response = answer(token, "Yes, please book me for Tuesday")
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["message"], "Thanks for your response!");
    let messages = app.messages_of(customer_id).await;
    assert_eq!(
        messages.last().unwrap(),
        &(
            "EMAIL".to_owned(),
            "Yes, please book me for Tuesday".to_owned()
        )
    );
}

#[tokio::test]
async fn a_customer_answers_a_staff_e_mail_with_one_click() {
    let app =
        crate::helpers::spawn_app_with(&[("BAYLINE_PUBLIC_URL", "https://bayline.example")]).await;
    let token = app.token_of("office-manager").await;
    let lead = app.textable_lead("+15557140501").await;
    let response = app
        .post_json(
            "/api/svc-message-instance/svc-send-message",
            &token,
            &json!({
                "jaguarFutureServiceInteractionId": lead.id,
                "messageType": "EMAIL",
                "subject": "Your 30K service",
                "content": "<p>Your 30K service is due.</p>",
            }),
        )
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    let mime = loop {
        let found: Option<(String,)> = app
            .db
            .fetch_optional(
                &Query::select()
                    .column(engine::store::schema::EmailOutbox::Mime)
                    .from(engine::store::schema::EmailOutbox::Table)
                    .and_where(
                        Expr::col(engine::store::schema::EmailOutbox::ToAddress)
                            .eq("driver@example.com"),
                    )
                    .to_owned(),
            )
            .await
            .unwrap();
        if let Some((mime,)) = found {
            break mime;
        }
        assert!(std::time::Instant::now() < deadline, "no e-mail");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    };
    let text = mime.replace("=\r\n", "").replace("=3D", "=");
    let link_token = text
        .split("email/autoResponse?token=")
        .nth(1)
        .and_then(|rest| rest.split("&amp;").next())
        .expect("an answer link in the e-mail")
        .to_owned();
    assert!(text.contains("https://bayline.example/email/autoResponse"));
    let answered = app
        .client
        .get(app.url("/api/email/autoResponse"))
        .query(&[
            ("token", link_token.as_str()),
            ("message", "Please call me to find a time."),
            ("key", "CALL"),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(answered.status(), StatusCode::OK);
    app.wait_for_message(&token, lead.id, |m| {
        m["content"] == "Please call me to find a time."
            && m["messageType"] == "EMAIL"
            && m["notificationType"] == "DEALROOM_MESSAGE_RESPONSE"
    })
    .await;
}

#[tokio::test]
async fn staff_record_the_vehicle_an_inbound_lead_is_about() {
    let app = spawn_app().await;
    let form = app.public_form(TOYOTA).await;
    app.submit_lead(&submission(&form, "Vic", "+15557140601"))
        .await;
    let (customer_id, ..) = app.customers_with("+15557140601").await[0].clone();
    let lead_vin = |app: &TestApp| {
        let query = Query::select()
            .columns([Fsi::Id, Fsi::Vin])
            .from(Fsi::Table)
            .and_where(Expr::col(Fsi::CustomerId).eq(customer_id))
            .to_owned();
        let db = app.db.clone();
        async move {
            db.fetch_optional::<(i64, Option<String>)>(&query)
                .await
                .unwrap()
                .unwrap()
        }
    };
    let (lead_id, vin) = lead_vin(&app).await;
    assert_eq!(vin, None, "a web lead has no vehicle yet");
    let token = app.token_of("office-manager").await;
    let path = "/api/lisa/inbound/vehicleDetails";
    let body = |vin: &str, make: Option<&str>, odometer: i32| {
        json!({
            "futureServiceInteractionId": lead_id,
            "vin": vin,
            "make": make,
            "model": "Camry",
            "year": 2021,
            "odometer": odometer,
        })
    };

    // Refusals change nothing.
    for (bad, status) in [
        (
            body("NOT-A-VIN", Some("Toyota"), 100),
            StatusCode::BAD_REQUEST,
        ),
        (
            body("4T1B11HK5MU600001", None, 100),
            StatusCode::BAD_REQUEST,
        ),
        (
            body("4T1B11HK5MU600001", Some("Toyota"), -5),
            StatusCode::BAD_REQUEST,
        ),
    ] {
        let refused = app.request(Method::POST, path, &token, Some(bad)).await;
        assert_error(refused, status).await;
    }
    let summit = app.token_of("summit-admin").await;
    let refused = app
        .request(
            Method::POST,
            path,
            &summit,
            Some(body("4T1B11HK5MU600001", Some("Toyota"), 100)),
        )
        .await;
    assert_error(refused, StatusCode::NOT_FOUND).await;
    assert_eq!(lead_vin(&app).await.1, None);

    let added = app
        .ok_json(
            Method::POST,
            path,
            &token,
            Some(body("4t1b11hk5mu600001", Some("Toyota"), 18_250)),
        )
        .await;
    assert_eq!(added["created"], true, "{added}");
    assert_eq!(added["vehicle"]["customerId"], customer_id);
    assert_eq!(lead_vin(&app).await.1.as_deref(), Some("4T1B11HK5MU600001"));
    // Told again with a new reading: the same vehicle, its mileage moved on.
    let again = app
        .ok_json(
            Method::POST,
            path,
            &token,
            Some(body("4T1B11HK5MU600001", None, 19_000)),
        )
        .await;
    assert_eq!(again["created"], false);
    assert_eq!(again["vehicle"]["id"], added["vehicle"]["id"]);
    assert_eq!(again["vehicle"]["odometer"], 19_000);
}

#[tokio::test]
async fn a_link_typed_as_a_name_is_never_texted_from_the_store_s_number() {
    let app = spawn_app().await;
    let form = app.public_form(TOYOTA).await;
    let phone = "+15557140077";
    let phishing = "Your refund of $500 is ready: http://phish.example/r?id=1";
    let response = app.submit_lead(&submission(&form, phishing, phone)).await;
    assert_eq!(response.status(), StatusCode::OK);
    let (customer_id, ..) = app.customers_with(phone).await[0].clone();
    let texts: Vec<String> = app
        .messages_of(customer_id)
        .await
        .into_iter()
        .filter(|(kind, _)| kind == "SMS")
        .map(|(_, text)| text)
        .collect();
    assert_eq!(texts.len(), 1, "{texts:?}");
    assert!(texts[0].starts_with("Hi there, this is"), "{texts:?}");
    assert!(
        !texts[0].contains("phish") && !texts[0].contains("$500"),
        "{texts:?}"
    );
}

/// G-S1: an address that names a lead-submission host serves the generic lead form at its
/// root; any other address the staff log-in. The port is not part of the name.
#[tokio::test]
async fn a_lead_submission_host_serves_the_lead_form_at_its_root() {
    let app = crate::helpers::spawn_app_with(&[(
        "BAYLINE_LEAD_FORM_HOSTS",
        "leads.example-dealer.com, forms.example.org",
    )])
    .await;
    for (host, expected) in [
        ("leads.example-dealer.com", true),
        ("LEADS.example-dealer.com:8443", true),
        ("www.forms.example.org", true),
        ("bayline.example-dealer.com", false),
        ("127.0.0.1:8080", false),
    ] {
        let site: serde_json::Value = app
            .get_with("/api/public/site", None, &[("Host", host)])
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(site["leadFormHost"], expected, "{host}");
    }
}
