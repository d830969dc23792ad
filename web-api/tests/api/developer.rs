//! The developer area (issue 20): a store's assistant file is validated line by line, saved
//! with its history, executed against a sample conversation, and what it says is what the
//! assistant really texts; template files are listed, previewed and saved.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::{assert_error, spawn_app};

#[tokio::test]
async fn an_assistant_file_is_checked_line_by_line_and_an_invalid_one_is_never_saved() {
    let app = spawn_app().await;
    let admin = app.token_of("enterprise-admin").await;
    let files = app
        .ok_json(Method::GET, "/aiva/developer/files/aiva", &admin, None)
        .await;
    let first = files[0].clone();
    assert_eq!(first["version"], 0, "no file saved yet: {first}");
    assert!(
        first["fileContent"]
            .as_str()
            .unwrap()
            .contains("reply.booked =")
    );
    let name = first["fileName"].as_str().unwrap().to_owned();

    let broken = "reply.booked = See you {whenn}\nnonsense\nbooking.offers = 12\n";
    let checked = app
        .ok_json(
            Method::POST,
            "/aiva/developer/aiva/validate",
            &admin,
            Some(json!({ "fileContent": broken })),
        )
        .await;
    assert_eq!(checked["valid"], false);
    let lines: Vec<i64> = checked["problems"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["line"].as_i64().unwrap())
        .collect();
    assert_eq!(lines, vec![1, 2, 3], "{checked}");
    let refused = app
        .request(
            Method::PUT,
            "/aiva/developer/file",
            &admin,
            Some(json!({ "fileName": name, "fileContent": broken })),
        )
        .await;
    let refused: Value = refused.json().await.unwrap();
    assert!(
        refused["errors"][0]
            .as_str()
            .unwrap()
            .starts_with("line 1:"),
        "{refused}"
    );
    let still = app
        .ok_json(Method::GET, "/aiva/developer/files/aiva", &admin, None)
        .await;
    assert_eq!(still[0]["version"], 0, "nothing was saved");

    let good = "reply.ask_time = Which day suits you, {firstName}?\n";
    let saved = app
        .ok_json(
            Method::PUT,
            "/aiva/developer/file",
            &admin,
            Some(json!({ "fileName": name, "fileContent": good, "version": 0 })),
        )
        .await;
    assert_eq!(saved["version"], 1);
    // Saving over a newer version than the one opened is refused.
    assert_error(
        app.request(
            Method::PUT,
            "/aiva/developer/file",
            &admin,
            Some(json!({ "fileName": name, "fileContent": good, "version": 0 })),
        )
        .await,
        StatusCode::CONFLICT,
    )
    .await;

    let store_id = first["storeId"].as_i64().unwrap();
    let turns = app
        .ok_json(
            Method::POST,
            "/aiva/developer/execute",
            &admin,
            Some(json!({
                "storeId": store_id,
                "conversation": ["I'd like to book an appointment", "STOP"]
            })),
        )
        .await;
    assert_eq!(turns[0]["action"], "ask-time", "{turns}");
    assert_eq!(turns[0]["reply"], "Which day suits you, Alex?");
    assert_eq!(turns[1]["action"], "opt-out");
    let log = app
        .ok_json(
            Method::POST,
            "/aiva/developer/log",
            &admin,
            Some(json!({ "storeId": store_id })),
        )
        .await;
    assert_eq!(log["versions"][0]["version"], 1);
    assert_eq!(log["runs"].as_array().unwrap().len(), 1);

    // Staff may not; another enterprise does not find the store.
    let rep = app.token_of("sales-rep").await;
    assert_error(
        app.request(Method::GET, "/aiva/developer/files/aiva", &rep, None)
            .await,
        StatusCode::FORBIDDEN,
    )
    .await;
    let summit = app.token_of("summit-admin").await;
    assert_error(
        app.request(
            Method::POST,
            "/aiva/developer/execute",
            &summit,
            Some(json!({ "storeId": store_id, "conversation": ["hi"] })),
        )
        .await,
        StatusCode::NOT_FOUND,
    )
    .await;
}

#[tokio::test]
async fn template_files_are_listed_previewed_and_saved() {
    let app = spawn_app().await;
    let admin = app.token_of("enterprise-admin").await;
    let files = app
        .ok_json(Method::GET, "/aiva/developer/files/tpl", &admin, None)
        .await;
    let file = files
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["fileName"].as_str().unwrap().ends_with(".tpl"))
        .unwrap()
        .clone();
    let lead = app.a_lead_of(1, Some(1)).await;
    let preview = app
        .ok_json(
            Method::POST,
            "/aiva/developer/template/preview",
            &admin,
            Some(json!({ "leadId": lead, "fileContent": "Hi {{customer_first_name}}!" })),
        )
        .await;
    assert!(
        !preview["smsText"].as_str().unwrap().contains("{{"),
        "{preview}"
    );
    let saved = app
        .ok_json(
            Method::PUT,
            "/aiva/developer/file",
            &admin,
            Some(json!({ "fileName": file["fileName"], "fileContent": "Hello from the developer area" })),
        )
        .await;
    assert_eq!(saved["fileContent"], "Hello from the developer area");
}
