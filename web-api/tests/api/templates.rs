//! Templates: personal and group templates with favourites and their roles, the field
//! catalogue, filling a template for a lead (a missing value is reported and cannot be sent),
//! and the standard templates per division.

use engine::store::schema::{CustomTemplates, Customers};
use reqwest::{Method, StatusCode};
use sea_query::{Expr, ExprTrait, Query};
use serde_json::{Value, json};

use crate::helpers::{TestApp, assert_error, spawn_app};

impl TestApp {
    async fn custom_template_count(&self) -> i64 {
        self.db
            .fetch_scalar(
                &Query::select()
                    .expr(Expr::col(CustomTemplates::Id).count())
                    .from(CustomTemplates::Table)
                    .to_owned(),
            )
            .await
            .unwrap()
    }

    async fn save_template(&self, token: &str, body: Value) -> reqwest::Response {
        self.post_json("/api/customTemplate", token, &body).await
    }
}

fn ids(list: &Value) -> Vec<i64> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|t| t["id"].as_i64().unwrap())
        .collect()
}

#[tokio::test]
async fn personal_and_group_templates_with_favourites_and_who_may_change_them() {
    let app = spawn_app().await;
    let rep = app.token_of("sales-rep").await;
    let manager = app.token_of("office-manager").await;
    let colleague = app.token_of("office-user").await;

    // A personal template: newlines are stored as line breaks and come back for the editor.
    let response = app
        .save_template(
            &rep,
            json!({
                "title": "My 5K note",
                "body": "Hi {{customer_first_name}},\nyour {{product_model}} is due.",
                "serviceType": "OIL_CHANGE",
                "brand": "Toyota",
            }),
        )
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let mine: Value = response.json().await.unwrap();
    assert_eq!(
        mine["body"],
        "Hi {{customer_first_name}},<br>your {{product_model}} is due."
    );
    assert_eq!(
        mine["editorBody"],
        "Hi {{customer_first_name}},\nyour {{product_model}} is due."
    );
    assert_eq!(mine["templateType"], "PERSONAL");
    assert_eq!(mine["editable"], true);
    let mine_id = mine["id"].as_i64().unwrap();

    let personal = app
        .ok_json(
            Method::GET,
            "/api/customTemplate/user/OIL_CHANGE",
            &rep,
            None,
        )
        .await;
    assert!(ids(&personal).contains(&mine_id));
    let group = app
        .ok_json(Method::GET, "/api/customTemplate/1/OIL_CHANGE", &rep, None)
        .await;
    assert!(!ids(&group).contains(&mine_id));
    // Group templates written for every service type are in every type's list.
    assert!(
        group
            .as_array()
            .unwrap()
            .iter()
            .any(|t| t["serviceType"] == "ALL" && t["intent"] == "NLO"),
        "{group}"
    );
    let by_brand = app
        .ok_json(
            Method::GET,
            "/api/customTemplate/search-by-serviceType-brand?serviceType=OIL_CHANGE&brand=ford",
            &rep,
            None,
        )
        .await;
    assert!(
        !ids(&by_brand).contains(&mine_id),
        "a Toyota template for Ford"
    );
    let by_search = app
        .ok_json(
            Method::GET,
            "/api/customTemplate/search-by-serviceType?serviceType=ALL&search=5k%20NOTE",
            &rep,
            None,
        )
        .await;
    assert_eq!(ids(&by_search), [mine_id]);

    // Another user of the enterprise cannot reach it.
    for (method, path) in [
        (Method::DELETE, format!("/api/customTemplate/{mine_id}")),
        (
            Method::PUT,
            format!("/api/customTemplate/add/favorite?templateId={mine_id}"),
        ),
    ] {
        let response = app.request(method, &path, &colleague, None).await;
        assert_error(response, StatusCode::NOT_FOUND).await;
    }
    let colleague_personal = app
        .ok_json(
            Method::GET,
            "/api/customTemplate/user/ALL",
            &colleague,
            None,
        )
        .await;
    assert!(!ids(&colleague_personal).contains(&mine_id));

    // Group templates are the managers' to write.
    let before = app.custom_template_count().await;
    let group_body = json!({
        "title": "Recall notice",
        "body": "There is a recall on your {{product_model}}.",
        "serviceType": "RECALL",
        "templateType": "GROUP",
    });
    let response = app.save_template(&rep, group_body.clone()).await;
    assert_error(response, StatusCode::FORBIDDEN).await;
    assert_eq!(app.custom_template_count().await, before);
    let response = app.save_template(&manager, group_body).await;
    assert_eq!(response.status(), StatusCode::OK);
    let shared: Value = response.json().await.unwrap();
    let shared_id = shared["id"].as_i64().unwrap();
    let seen_by_rep = app
        .ok_json(Method::GET, "/api/customTemplate/1/RECALL", &rep, None)
        .await;
    let seen = seen_by_rep
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["id"] == shared_id)
        .expect("the rep sees the group template");
    assert_eq!(seen["editable"], false);
    let response = app
        .save_template(
            &rep,
            json!({"id": shared_id, "title": "Mine now", "body": "x", "serviceType": "RECALL"}),
        )
        .await;
    assert_error(response, StatusCode::FORBIDDEN).await;
    let response = app
        .request(
            Method::DELETE,
            &format!("/api/customTemplate/{shared_id}"),
            &rep,
            None,
        )
        .await;
    assert_error(response, StatusCode::FORBIDDEN).await;

    // Favourites, twice each way changes nothing more.
    for _ in 0..2 {
        let added = app
            .ok_json(
                Method::PUT,
                &format!("/api/customTemplate/add/favorite?templateId={shared_id}"),
                &rep,
                None,
            )
            .await;
        assert_eq!(added["message"], "Template added to favourites");
    }
    let favorites = app
        .ok_json(
            Method::GET,
            "/api/customTemplate/search-for-favorite",
            &rep,
            None,
        )
        .await;
    assert!(ids(&favorites).contains(&shared_id));
    assert!(!ids(&favorites).contains(&mine_id));
    let manager_favorites = app
        .ok_json(
            Method::GET,
            "/api/customTemplate/search-for-favorite",
            &manager,
            None,
        )
        .await;
    assert!(
        !ids(&manager_favorites).contains(&shared_id),
        "favourites are per user"
    );
    for method in [Method::DELETE, Method::PUT] {
        let removed = app
            .ok_json(
                method,
                &format!("/api/customTemplate/remove/favorite?templateId={shared_id}"),
                &rep,
                None,
            )
            .await;
        assert_eq!(removed["message"], "Template removed from favourites");
    }
    let favorites = app
        .ok_json(
            Method::GET,
            "/api/customTemplate/search-for-favorite",
            &rep,
            None,
        )
        .await;
    assert!(!ids(&favorites).contains(&shared_id));

    // Updating keeps the id; deleting answers the spec's text, and then it is gone.
    let response = app
        .save_template(
            &rep,
            json!({"templateId": mine_id, "title": "Renamed", "body": "Hello", "serviceType": "OIL_CHANGE", "favorite": true}),
        )
        .await;
    let renamed: Value = response.json().await.unwrap();
    assert_eq!(
        (renamed["id"].as_i64(), &renamed["title"]),
        (Some(mine_id), &json!("Renamed"))
    );
    assert_eq!(renamed["favorite"], true);
    let deleted = app
        .ok_json(
            Method::DELETE,
            &format!("/api/customTemplate/{mine_id}"),
            &rep,
            None,
        )
        .await;
    assert_eq!(deleted["message"], "Successfully Deleted");
    let response = app
        .request(
            Method::DELETE,
            &format!("/api/customTemplate/{mine_id}"),
            &rep,
            None,
        )
        .await;
    assert_error(response, StatusCode::NOT_FOUND).await;

    // Another enterprise's list is not found.
    let response = app
        .request(Method::GET, "/api/customTemplate/2/ALL", &rep, None)
        .await;
    assert_error(response, StatusCode::NOT_FOUND).await;
}

#[tokio::test]
async fn a_template_naming_an_unknown_field_or_value_is_refused_and_nothing_is_written() {
    let app = spawn_app().await;
    let rep = app.token_of("sales-rep").await;
    let before = app.custom_template_count().await;
    for (body, expected) in [
        (
            json!({"title": "T", "body": "Hi {{customer_nickname}}", "serviceType": "OIL_CHANGE"}),
            "{{customer_nickname}}",
        ),
        (
            json!({"title": "T", "body": "Hi {{customer_first_name", "serviceType": "OIL_CHANGE"}),
            "closing",
        ),
        (
            json!({"title": "", "body": "Hi", "serviceType": "OIL_CHANGE"}),
            "title is required",
        ),
        (
            json!({"title": "T", "body": "Hi", "serviceType": "OIL_CHANGE_12K"}),
            "OIL_CHANGE_12K",
        ),
        (
            json!({"title": "T", "body": "Hi", "serviceType": "OIL_CHANGE", "intent": "HAPPY"}),
            "HAPPY",
        ),
        (
            json!({"title": "T", "body": "Hi", "serviceType": "OIL_CHANGE", "templateType": "TEAM"}),
            "templateType",
        ),
        (
            json!({"id": 999_999, "title": "T", "body": "Hi", "serviceType": "OIL_CHANGE"}),
            "not found",
        ),
    ] {
        let response = app.save_template(&rep, body.clone()).await;
        let status = response.status();
        let answer: Value = response.json().await.unwrap();
        assert!(status.is_client_error(), "{body}: {status}");
        assert!(
            answer.to_string().contains(expected),
            "{body}: {answer} lacks {expected}"
        );
    }
    assert_eq!(app.custom_template_count().await, before);

    let catalogue = app
        .ok_json(Method::GET, "/api/customTemplate/catalogue", &rep, None)
        .await;
    assert_eq!(
        catalogue["groups"],
        json!(["Assistant", "Customer", "Office", "Product", "Service"])
    );
    assert_eq!(catalogue["fields"].as_array().unwrap().len(), 17);
    assert!(
        catalogue["serviceTypes"]
            .as_array()
            .unwrap()
            .contains(&json!("OIL_CHANGE_25K"))
    );
}

#[tokio::test]
async fn a_template_fills_for_a_lead_and_a_missing_value_is_reported_and_never_sent() {
    let app = spawn_app().await;
    let rep = app.token_of("sales-rep").await;
    let lead = app.textable_lead("+15557654321").await;
    app.db
        .execute(
            &Query::update()
                .table(Customers::Table)
                .value(Customers::FirstName, "Dana <D>")
                .value(Customers::Email, None::<String>)
                .and_where(Expr::col(Customers::Id).eq(lead.customer_id))
                .to_owned(),
        )
        .await
        .unwrap();

    // The editor's live preview.
    let preview = app
        .ok_json(
            Method::POST,
            "/api/customTemplate/apply",
            &rep,
            Some(json!({
                "futureServiceInteractionId": lead.id,
                "body": "Hi {{customer_first_name}},\nwe'll write to {{ customer_email }}. Call {{customer_phone}}.",
            })),
        )
        .await;
    assert_eq!(
        preview["body"],
        "Hi Dana &lt;D&gt;,<br>we'll write to {{customer_email}}. Call (555)-765-4321."
    );
    assert_eq!(
        preview["text"],
        "Hi Dana <D>, we'll write to {{customer_email}}. Call (555)-765-4321."
    );
    assert_eq!(preview["complete"], false);
    assert_eq!(preview["missingFields"][0]["key"], "customer_email");
    assert_eq!(preview["missingFields"].as_array().unwrap().len(), 1);

    // Sending what still holds the field is refused, naming it; nothing is sent.
    let response = app
        .post_json(
            "/api/svc-message-instance/svc-send-message",
            &rep,
            &json!({"jaguarFutureServiceInteractionId": lead.id, "content": preview["text"]}),
        )
        .await;
    let message = assert_error(response, StatusCode::BAD_REQUEST).await;
    assert!(message.contains("{{customer_email}}"), "{message}");
    // With the value typed in, it goes.
    let filled = preview["text"]
        .as_str()
        .unwrap()
        .replace("{{customer_email}}", "dana@example.com");
    app.send_sms(&rep, &lead, &filled).await;

    // A standard template by code, through the populated call.
    let populated = app
        .ok_json(
            Method::GET,
            &format!(
                "/templateCustom/services/populated?companyId=1&officeId=1&templateCode=SVC-OIL_CHANGE&moc=SMS&futureServiceInteractionId={}",
                lead.id
            ),
            &rep,
            None,
        )
        .await;
    assert_eq!(populated["templateCode"], "SVC-OIL_CHANGE");
    let text = populated["text"].as_str().unwrap();
    assert!(text.starts_with("Hi Dana <D>, this is "), "{text}");
    assert!(!text.contains("{{customer_first_name}}"));
    // Through the contact: the customer's latest lead.
    let by_contact = app
        .ok_json(
            Method::GET,
            &format!(
                "/templateCustom/services/populated?companyId=1&templateCode=SVC-OIL_CHANGE&contactId={}",
                lead.customer_id
            ),
            &rep,
            None,
        )
        .await;
    assert!(by_contact["futureServiceInteractionId"].is_i64());

    // A seeded group template applied by id.
    let group = app
        .ok_json(Method::GET, "/api/customTemplate/1/ALL", &rep, None)
        .await;
    let thanks = group
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["intent"] == "CUST-APPR")
        .unwrap();
    let applied = app
        .ok_json(
            Method::GET,
            &format!(
                "/api/customTemplate/apply/{}?futureServiceInteractionId={}",
                thanks["id"], lead.id
            ),
            &rep,
            None,
        )
        .await;
    assert_eq!(applied["text"], "Thank you, Dana <D>! We appreciate you.");

    // Unknown codes, other stores' leads and other enterprises: not found.
    let other_store_lead = app.a_lead_of(1, Some(2)).await;
    for path in [
        format!(
            "/templateCustom/services/populated?companyId=1&templateCode=NOPE&futureServiceInteractionId={}",
            lead.id
        ),
        format!(
            "/templateCustom/services/populated?companyId=1&templateCode=SVC-OIL_CHANGE&futureServiceInteractionId={other_store_lead}"
        ),
        format!(
            "/templateCustom/services/populated?companyId=2&templateCode=SVC-OIL_CHANGE&futureServiceInteractionId={}",
            lead.id
        ),
        format!(
            "/api/customTemplate/apply/{}?futureServiceInteractionId={other_store_lead}",
            thanks["id"]
        ),
    ] {
        let response = app.request(Method::GET, &path, &rep, None).await;
        assert_error(response, StatusCode::NOT_FOUND).await;
    }
    let response = app
        .post_json(
            "/api/customTemplate/apply",
            &rep,
            &json!({"futureServiceInteractionId": lead.id, "body": "{{office_fax}}"}),
        )
        .await;
    let message = assert_error(response, StatusCode::BAD_REQUEST).await;
    assert!(message.contains("{{office_fax}}"), "{message}");
}

#[tokio::test]
async fn standard_templates_list_by_division_and_managers_write_them() {
    let app = spawn_app().await;
    let rep = app.token_of("sales-rep").await;
    let manager = app.token_of("office-manager").await;

    let page = app
        .ok_json(
            Method::GET,
            "/templateCustom?companyId=1&divisionId=DIV004&officeId=1&size=5",
            &rep,
            None,
        )
        .await;
    assert_eq!(page["content"].as_array().unwrap().len(), 5);
    assert!(page["totalElements"].as_u64().unwrap() > 30, "{page}");

    let services = app
        .ok_json(
            Method::GET,
            "/template/services?companyId=1&divisionId=DIV004&officeId=1&source=ALL",
            &rep,
            None,
        )
        .await;
    let sources: Vec<&str> = services
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["source"].as_str().unwrap())
        .collect();
    assert!(sources.contains(&"STANDARD") && sources.contains(&"GROUP"));
    let sales = app
        .ok_json(
            Method::GET,
            "/template/sales?companyId=1&officeId=1&source=ALL",
            &rep,
            None,
        )
        .await;
    assert!(
        sales
            .as_array()
            .unwrap()
            .iter()
            .all(|t| t["source"] == "STANDARD")
    );
    assert!(!sales.as_array().unwrap().is_empty());

    let filtered = app
        .ok_json(
            Method::POST,
            "/dynamicTemplate/templateList",
            &rep,
            Some(json!({"companyId": 1, "serviceType": "STATE_INSPECTION"})),
        )
        .await;
    assert_eq!(filtered["totalElements"], 1);
    assert_eq!(
        filtered["content"][0]["templateCode"],
        "SVC-STATE_INSPECTION"
    );

    let template = json!({
        "templateCode": "SVC-WINTER",
        "title": "Winter check",
        "body": "Hi {{customer_first_name}}, winter is coming for your {{product_model}}.",
        "serviceType": "OIL_CHANGE",
    });
    let path = "/templateCustom?companyId=1&divisionId=DIV004&officeId=1";
    let response = app.post_json(path, &rep, &template).await;
    assert_error(response, StatusCode::FORBIDDEN).await;
    let saved = app
        .ok_json(Method::POST, path, &manager, Some(template.clone()))
        .await;
    assert_eq!(saved["divisionId"], "DIV004");
    let response = app.post_json(path, &manager, &template).await;
    let message = assert_error(response, StatusCode::CONFLICT).await;
    assert!(message.contains("SVC-WINTER"), "{message}");
    let rewritten = app
        .ok_json(
            Method::POST,
            path,
            &manager,
            Some(json!({
                "templateId": saved["id"],
                "templateCode": "SVC-WINTER",
                "title": "Winter check-up",
                "body": "Winter!",
            })),
        )
        .await;
    assert_eq!(rewritten["id"], saved["id"]);
    assert_eq!(rewritten["title"], "Winter check-up");
    for (bad, expected) in [
        (
            "/templateCustom?companyId=1&divisionId=DIV009",
            "divisionId",
        ),
        ("/templateCustom?companyId=1&officeId=999999", "not found"),
    ] {
        let response = app.post_json(bad, &manager, &template).await;
        let status = response.status();
        let body: Value = response.json().await.unwrap();
        assert!(status.is_client_error(), "{bad}: {status}");
        assert!(
            body.to_string()
                .to_lowercase()
                .contains(&expected.to_lowercase()),
            "{body}"
        );
    }
}
