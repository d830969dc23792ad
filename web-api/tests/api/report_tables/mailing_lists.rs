//! Mailing lists as the spec keeps them, and a scheduled report that reaches the outbox.

use super::*;

#[tokio::test]
async fn mailing_lists_keep_to_the_spec_and_a_scheduled_report_reaches_the_outbox() {
    let app = spawn_app().await;
    let token = app.token_of("enterprise-admin").await;

    // A list's code starts with LIST- (H-R1); codes are unique in the enterprise.
    let refused = assert_error(
        app.post_json(
            "/mailinglist",
            &token,
            &json!({ "code": "Weekly GMs", "tenantId": 1 }),
        )
        .await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert!(refused.contains("should begin with"), "{refused}");
    let list = app
        .ok_json(
            Method::POST,
            "/mailinglist",
            &token,
            Some(json!({ "code": "LIST-GMS", "tenantId": 1 })),
        )
        .await;
    let list_id = list["mailingListMasterId"].as_i64().unwrap();
    assert_error(
        app.post_json(
            "/mailinglist",
            &token,
            &json!({ "code": "LIST-GMS", "tenantId": 1 }),
        )
        .await,
        StatusCode::CONFLICT,
    )
    .await;
    assert_error(
        app.post_json(
            "/mailinglist/details",
            &token,
            &json!({ "tenantId": 1, "mailingListMasterId": list_id, "email": "not an address" }),
        )
        .await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    for (name, email) in [
        ("Gina Manager", "gm@harbor.example"),
        ("Sam Director", "sd@harbor.example"),
    ] {
        app.ok_json(
            Method::POST,
            "/mailinglist/details",
            &token,
            Some(json!({ "tenantId": 1, "mailingListMasterId": list_id, "name": name, "email": email })),
        )
        .await;
    }
    let details = app
        .ok_json(
            Method::GET,
            &format!("/mailinglist/details?tenantId=1&mailingListMasterId={list_id}"),
            &token,
            None,
        )
        .await;
    assert_eq!(details.as_array().unwrap().len(), 2, "{details}");
    let lists = app
        .ok_json(Method::GET, "/mailinglist?tenantId=1", &token, None)
        .await;
    assert!(
        lists
            .as_array()
            .unwrap()
            .iter()
            .any(|l| l["code"] == "LIST-GMS" && l["recipients"] == 2),
        "{lists}"
    );

    // Another tenant finds nothing; a sales rep may not.
    let summit = app.token_of("summit-admin").await;
    assert_error(
        app.get(
            &format!("/mailinglist/details?tenantId=1&mailingListMasterId={list_id}"),
            Some(&summit),
        )
        .await,
        StatusCode::NOT_FOUND,
    )
    .await;
    let theirs = app
        .get(
            &format!("/mailinglist/details?mailingListMasterId={list_id}"),
            Some(&summit),
        )
        .await;
    assert_error(theirs, StatusCode::NOT_FOUND).await;
    let detail_id = details[0]["mailingListDetailsId"].as_i64().unwrap();
    assert_error(
        app.request(
            Method::DELETE,
            &format!("/mailinglist/details?mailingListDetailsId={detail_id}"),
            &summit,
            None,
        )
        .await,
        StatusCode::NOT_FOUND,
    )
    .await;
    let rep = app.token_of("sales-rep").await;
    assert_error(
        app.get("/mailinglist", Some(&rep)).await,
        StatusCode::FORBIDDEN,
    )
    .await;

    // A schedule e-mails the store-wise report of the day before to the list, every second
    // here; the e-mails wait in the outbox with the spreadsheet attached.
    let created = app
        .post_json(
            "/api/data-sync/scheduler",
            &token,
            &json!({
                "enterpriseId": 1, "storeIdFk": 1, "apiName": "report-mail",
                "jobKind": "reports.mail", "cron": "* * * * * *", "timeZone": "America/Los_Angeles",
                "input": { "report": "store-wise", "period": "DAY", "mailingListId": list_id,
                           "storeIds": [1], "timeZone": "America/Los_Angeles" }
            }),
        )
        .await;
    assert_eq!(created.status(), StatusCode::CREATED);
    let schedule: Value = created.json().await.unwrap();
    let schedule_id = schedule["id"].as_i64().unwrap();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    let run = loop {
        let runs = app
            .ok_json(
                Method::GET,
                "/api/jobs?kind=reports.mail&status=succeeded",
                &token,
                None,
            )
            .await;
        if let Some(run) = runs["content"].as_array().unwrap().first() {
            break run.clone();
        }
        assert!(
            std::time::Instant::now() < deadline,
            "no scheduled report ran"
        );
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    };
    let removed = app
        .request(
            Method::DELETE,
            &format!("/api/data-sync/scheduler/{schedule_id}"),
            &token,
            None,
        )
        .await;
    assert!(removed.status().is_success());
    assert_eq!(run["result"]["sent"], 2, "{run}");
    assert_eq!(run["result"]["mailingList"], "LIST-GMS");
    let outbox = app
        .ok_json(Method::GET, "/api/email/outbox?size=100", &token, None)
        .await;
    let mails: Vec<&Value> = outbox["content"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["subject"].as_str().unwrap().starts_with("Store-wise:"))
        .collect();
    assert!(mails.len() >= 2, "{outbox}");
    let to: Vec<&str> = mails.iter().map(|m| m["to"].as_str().unwrap()).collect();
    assert!(to.contains(&"gm@harbor.example") && to.contains(&"sd@harbor.example"));
    let mail = mails[0];
    assert!(
        Value::is_null(&mail["messageId"]),
        "a report's mail carries no customer message"
    );
    let mime = mail["mime"].as_str().unwrap();
    assert!(mime.contains("Content-Disposition: attachment"), "{mime}");
    assert!(mime.contains(".xlsx"), "{mime}");
    assert!(mime.contains("rows"), "the summary: {mime}");

    // A run for a list without recipients fails and says so; the list's deletion takes them.
    app.request(
        Method::DELETE,
        &format!("/mailinglist?tenantId=1&mailingListMasterId={list_id}"),
        &token,
        None,
    )
    .await;
    let lists = app.ok_json(Method::GET, "/mailinglist", &token, None).await;
    assert_eq!(lists, json!([]));
}
