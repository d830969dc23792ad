//! Lead actions: flags, insight, stage and outcome, conversation start, workflow tracks.

use engine::store::schema::{Customers, FutureServiceInteractions as Fsi};
use reqwest::StatusCode;
use sea_query::{Expr, ExprTrait, Query};
use serde_json::{Value, json};

use crate::helpers::{TestApp, assert_error, spawn_app};

const BASE: &str = "/api/future-service-interaction";

impl TestApp {
    /// A lead of store 1 not yet contacted, whose customer has no other conversation.
    async fn fresh_lead(&self) -> (i64, i64) {
        let query = Query::select()
            .columns([(Fsi::Table, Fsi::Id), (Fsi::Table, Fsi::CustomerId)])
            .from(Fsi::Table)
            .inner_join(
                Customers::Table,
                Expr::col((Customers::Table, Customers::Id)).equals((Fsi::Table, Fsi::CustomerId)),
            )
            .and_where(Expr::col((Fsi::Table, Fsi::StoreId)).eq(1))
            .and_where(Expr::col((Customers::Table, Customers::BlockSms)).eq(false))
            .order_by((Fsi::Table, Fsi::Id), sea_query::Order::Desc)
            .limit(1)
            .to_owned();
        let (id, customer): (i64, i64) = self.db.fetch_optional(&query).await.unwrap().unwrap();
        for (column, value) in [
            (Fsi::ConversationInitiated, false),
            (Fsi::ConversationClosed, true),
        ] {
            let update = Query::update()
                .table(Fsi::Table)
                .value(column, value)
                .and_where(Expr::col(Fsi::CustomerId).eq(customer))
                .to_owned();
            self.db.execute(&update).await.unwrap();
        }
        let reset = Query::update()
            .table(Fsi::Table)
            .value(Fsi::ConversationClosed, false)
            .value(Fsi::Archived, false)
            .and_where(Expr::col(Fsi::Id).eq(id))
            .to_owned();
        self.db.execute(&reset).await.unwrap();
        (id, customer)
    }
}

use reqwest::Method;

#[tokio::test]
async fn flags_switch_and_unknown_or_foreign_leads_are_not_found() {
    let app = spawn_app().await;
    let token = app.token_of("office-manager").await;
    let (lead, _) = app.fresh_lead().await;
    let after = app
        .ok_json(
            Method::POST,
            &format!("{BASE}/update-ai-enabled?id={lead}&aiEnabled=false"),
            &token,
            None,
        )
        .await;
    assert_eq!(after["aiEnabled"], false);
    let after = app
        .ok_json(
            Method::POST,
            &format!("{BASE}/update-appointment-set?id={lead}&appointment-set=true"),
            &token,
            None,
        )
        .await;
    assert_eq!(after["appointmentSet"], true);
    let after = app
        .ok_json(
            Method::PUT,
            &format!("{BASE}/conversationClosed?id={lead}&conversationClosed=true"),
            &token,
            None,
        )
        .await;
    assert_eq!(after["conversationClosed"], true);
    assert_eq!(after["convClosed"], true);

    let summit = app.token_of("summit-admin").await;
    let response = app
        .request(
            Method::POST,
            &format!("{BASE}/update-ai-enabled?id={lead}&aiEnabled=true"),
            &summit,
            None,
        )
        .await;
    assert_error(response, StatusCode::NOT_FOUND).await;
    let response = app
        .request(
            Method::POST,
            &format!("{BASE}/update-ai-enabled?id=999999&aiEnabled=true"),
            &token,
            None,
        )
        .await;
    assert_error(response, StatusCode::NOT_FOUND).await;
    let response = app
        .request(
            Method::POST,
            &format!("{BASE}/update-ai-enabled?id={lead}&aiEnabled=maybe"),
            &token,
            None,
        )
        .await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    assert_eq!(
        app.lead_json(&token, lead).await["aiEnabled"],
        false,
        "nothing changed"
    );
}

#[tokio::test]
async fn insights_and_outcomes_must_be_from_the_spec_lists() {
    let app = spawn_app().await;
    let token = app.token_of("office-manager").await;
    let (lead, _) = app.fresh_lead().await;
    let after = app
        .ok_json(
            Method::PUT,
            &format!("{BASE}/responseInsight?id={lead}&responseInsight=CONTACT_LATER"),
            &token,
            None,
        )
        .await;
    assert_eq!(after["responseInsight"], "CONTACT_LATER");
    let response = app
        .request(
            Method::PUT,
            &format!("{BASE}/responseInsight?id={lead}&responseInsight=HUNGRY"),
            &token,
            None,
        )
        .await;
    assert_error(response, StatusCode::BAD_REQUEST).await;
    assert_eq!(
        app.lead_json(&token, lead).await["responseInsight"],
        "CONTACT_LATER"
    );

    let stage = format!("{BASE}/{lead}/stage");
    let after = app
        .ok_json(
            Method::PUT,
            &stage,
            &token,
            Some(json!({ "stage": "RESPONDED", "outcome": "INVALID_CONTACT_INFO" })),
        )
        .await;
    assert_eq!(
        (after["status"].as_str(), after["outcome"].as_str()),
        (Some("RESPONDED"), Some("INVALID_CONTACT_INFO"))
    );
    for body in [
        json!({ "stage": "ENGAGED", "outcome": "INVALID_CONTACT_INFO" }),
        json!({ "stage": "SHOW_OR_NO_SHOW", "outcome": "CAR_BOUGHT" }),
        json!({ "stage": "INITIATED", "outcome": "SHOW" }),
        json!({ "stage": "DAYDREAMING" }),
    ] {
        let message = assert_error(
            app.request(Method::PUT, &stage, &token, Some(body.clone()))
                .await,
            StatusCode::BAD_REQUEST,
        )
        .await;
        assert!(!message.is_empty(), "{body}");
    }
    let unchanged = app.lead_json(&token, lead).await;
    assert_eq!(unchanged["status"], "RESPONDED");
    assert_eq!(unchanged["outcome"], "INVALID_CONTACT_INFO");
}

#[tokio::test]
async fn starting_a_conversation_sends_the_opening_text_once() {
    let app = spawn_app().await;
    let token = app.token_of("office-manager").await;
    let (lead, _) = app.fresh_lead().await;
    let started = app
        .ok_json(
            Method::GET,
            &format!("/api/service-workflow/initiate?future-service-interaction-id={lead}"),
            &token,
            None,
        )
        .await;
    assert_eq!(started["message"], "Successfully Started");
    assert_eq!(started["messageInstance"]["isAutomated"], true);
    assert!(
        started["messageInstance"]["content"]
            .as_str()
            .unwrap()
            .contains("Reply STOP")
    );
    let after = app.lead_json(&token, lead).await;
    assert_eq!(after["conversationInitiated"], true);
    assert_eq!(after["status"], "INITIATED");

    let again = app
        .request(
            Method::GET,
            &format!("/api/service-workflow/initiate?future-service-interaction-id={lead}"),
            &token,
            None,
        )
        .await;
    assert_error(again, StatusCode::BAD_REQUEST).await;
}

#[tokio::test]
async fn a_second_conversation_for_the_same_customer_is_refused_unless_forced() {
    let app = spawn_app().await;
    let token = app.token_of("office-manager").await;
    let (lead, customer) = app.fresh_lead().await;
    // Another lead of the same customer, with its conversation under way.
    let other = Query::select()
        .column(Fsi::Id)
        .from(Fsi::Table)
        .and_where(Expr::col(Fsi::StoreId).eq(1))
        .and_where(Expr::col(Fsi::Id).ne(lead))
        .limit(1)
        .to_owned();
    let (other,): (i64,) = app.db.fetch_optional(&other).await.unwrap().unwrap();
    let attach = Query::update()
        .table(Fsi::Table)
        .value(Fsi::CustomerId, customer)
        .value(Fsi::ConversationInitiated, true)
        .value(Fsi::ConversationClosed, false)
        .value(Fsi::Archived, false)
        .value(Fsi::ServiceType, "SOMETHING_ELSE")
        .and_where(Expr::col(Fsi::Id).eq(other))
        .to_owned();
    app.db.execute(&attach).await.unwrap();
    let path = format!("/api/service-workflow/initiate?future-service-interaction-id={lead}");
    let message = assert_error(
        app.request(Method::GET, &path, &token, None).await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert_eq!(
        message,
        "An other interaction has been already initiated for this customer"
    );

    // Closed, but the customer was contacted about the same service for the same vehicle.
    let service: Value = app.lead_json(&token, lead).await;
    let same_service = Query::update()
        .table(Fsi::Table)
        .value(Fsi::ConversationClosed, true)
        .value(Fsi::ServiceType, service["serviceType"].as_str().unwrap())
        .value(Fsi::VehicleId, service["serviceVehicle"]["id"].as_i64())
        .and_where(Expr::col(Fsi::Id).eq(other))
        .to_owned();
    app.db.execute(&same_service).await.unwrap();
    let message = assert_error(
        app.request(Method::GET, &path, &token, None).await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert!(
        message.starts_with("The customer has already been contacted for"),
        "{message}"
    );

    let forced = app
        .ok_json(Method::GET, &format!("{path}&force=true"), &token, None)
        .await;
    assert_eq!(forced["message"], "Successfully Started");
}

#[tokio::test]
async fn workflow_tracks_are_recorded_with_their_parameters() {
    let app = spawn_app().await;
    let token = app.token_of("office-manager").await;
    let (lead, _) = app.fresh_lead().await;
    let note = app
        .ok_json(
            Method::POST,
            &format!("{BASE}/workflow/track?id={lead}&track=INB_WF_ASK_CUSTOMER_FOR_APPOINTMENT_SCHEDULE&parameter=CUSTOMER_SAY_NO"),
            &token,
            None,
        )
        .await;
    assert_eq!(note["notificationType"], "INTERNAL_NOTIFICATION");
    assert!(
        note["content"]
            .as_str()
            .unwrap()
            .contains("CUSTOMER_SAY_NO")
    );
    for path in [
        format!(
            "{BASE}/workflow/track?id={lead}&track=INB_WF_ASK_CUSTOMER_FOR_APPOINTMENT_SCHEDULE&parameter=CUSTOMER_SAY_YES"
        ),
        format!("{BASE}/workflow/track?id={lead}&track=EXTERNAL_A_HANDOFF&parameter=DETECTED_AUTO"),
        format!("{BASE}/workflow/track?id={lead}&track=MAKE_COFFEE"),
        format!("{BASE}/workflow/track?track=CUSTOMER_A_HANDOFF"),
        format!(
            "{BASE}/workflow/inbound-appointment?future-service-interaction-id={lead}&parameter=MAYBE"
        ),
    ] {
        assert_error(
            app.request(Method::POST, &path, &token, None).await,
            StatusCode::BAD_REQUEST,
        )
        .await;
    }

    // A GM handoff hands the conversation to staff and puts the lead on the GM handoff list.
    app.ok_json(
        Method::POST,
        &format!("{BASE}/workflow/track?future-service-interaction-id={lead}&track=CUSTOMER_A_GM_HANDOFF_MANUAL_PULSE_CHECK"),
        &token,
        None,
    )
    .await;
    let after = app.lead_json(&token, lead).await;
    assert_eq!(after["aiEnabled"], false);
    assert_eq!(after["responseReqd"], true);
    let handoffs: Value = app
        .ok_json(
            Method::POST,
            &format!("{BASE}/gmhandoff?size=500"),
            &token,
            Some(json!({})),
        )
        .await;
    assert!(
        handoffs["content"]
            .as_array()
            .unwrap()
            .iter()
            .any(|l| l["id"] == lead)
    );

    app.ok_json(
        Method::POST,
        &format!("{BASE}/workflow/noShow?future-service-interaction-id={lead}"),
        &token,
        None,
    )
    .await;
    let after = app.lead_json(&token, lead).await;
    assert_eq!(
        (after["status"].as_str(), after["outcome"].as_str()),
        (Some("SHOW_OR_NO_SHOW"), Some("NO_SHOW"))
    );
    let filed = app.ok_json(
        Method::POST,
        &format!("{BASE}/workflow/inbound-appointment?future-service-interaction-id={lead}&parameter=DT_DETECTED"),
        &token,
        None,
    )
    .await;
    assert!(
        filed["content"].as_str().unwrap().contains("DT_DETECTED"),
        "{filed}"
    );

    // The customer said yes: a live handoff to staff, not only a note.
    let (said_yes, _) = app.fresh_lead().await;
    let note = app.ok_json(
        Method::POST,
        &format!("{BASE}/workflow/inbound-appointment?future-service-interaction-id={said_yes}&parameter=CUSTOMER_SAY_YES"),
        &token,
        None,
    )
    .await;
    assert!(
        note["content"]
            .as_str()
            .unwrap()
            .contains("CUSTOMER_SAY_YES"),
        "{note}"
    );
    let after = app.lead_json(&token, said_yes).await;
    assert_eq!(after["aiEnabled"], false, "{after}");
    assert_eq!(after["responseReqd"], true, "{after}");
}

#[tokio::test]
async fn the_leads_related_views_answer_within_scope() {
    let app = spawn_app().await;
    let token = app.token_of("office-manager").await;
    let (lead, _) = app.fresh_lead().await;
    let metadata = app
        .ok_json(
            Method::GET,
            &format!("{BASE}/metadata?future-service-interaction-id={lead}"),
            &token,
            None,
        )
        .await;
    assert_eq!(metadata["id"], lead);
    assert_eq!(metadata["storeId"], 1);
    let link = app
        .ok_json(
            Method::GET,
            &format!("{BASE}/conversation-link?future-service-interaction-id={lead}"),
            &token,
            None,
        )
        .await;
    assert!(link["url"].as_str().unwrap().ends_with(&format!(
        "/leadmanager?future_service_interaction_id={lead}"
    )));
    let others = app
        .ok_json(
            Method::GET,
            &format!("{BASE}/otherInteraction?future-service-interaction-id={lead}"),
            &token,
            None,
        )
        .await;
    assert!(others.as_array().unwrap().iter().all(|l| l["id"] != lead));
    let page = app
        .ok_json(
            Method::GET,
            &format!("{BASE}/fsi-meta-data/{lead}?page=0&size=5"),
            &token,
            None,
        )
        .await;
    assert_eq!(page["size"], 5);
    let summit = app.token_of("summit-admin").await;
    for path in [
        format!("{BASE}/metadata?future-service-interaction-id={lead}"),
        format!("{BASE}/fsi-meta-data/{lead}"),
        format!("{BASE}/otherInteraction?future-service-interaction-id={lead}"),
    ] {
        assert_error(
            app.request(Method::GET, &path, &summit, None).await,
            StatusCode::NOT_FOUND,
        )
        .await;
    }
}
