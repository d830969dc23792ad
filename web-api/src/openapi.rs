//! The OpenAPI document as served and printed: poem-openapi's, plus the answers that come from
//! the rules around every route ([`crate::app`]'s request rules, the session extractor, body
//! parsing), which poem-openapi cannot see from an operation's signature. A client, the UI's
//! generated types and the schema fuzzer read the statuses the server really answers.

use std::sync::LazyLock;

use serde_json::{Value, json};

use crate::app::api_service;

/// Answers any operation can get, whatever its handler: a NUL in the query (400), a body over
/// the limit (413), a fault of ours (500, the panic guard).
const EVERY_OPERATION: [(&str, &str); 3] = [
    ("400", "The request is malformed or breaks a rule."),
    ("413", "The request body is over the limit."),
    ("500", "A fault of ours."),
];
/// Operations that need a session: none, or an expired one.
const SECURED: (&str, &str) = ("401", "No valid session.");
/// Operations that take a body: one of another content type than the operation reads.
const WITH_BODY: (&str, &str) = (
    "415",
    "The body's content type is not one this operation reads.",
);

/// The document, built once.
pub fn document() -> &'static str {
    static DOCUMENT: LazyLock<String> = LazyLock::new(|| {
        let mut document: Value =
            serde_json::from_str(&api_service().spec()).expect("poem-openapi writes valid JSON");
        add_request_rule_answers(&mut document);
        serde_json::to_string_pretty(&document).expect("a JSON value serialises")
    });
    &DOCUMENT
}

/// Swagger UI over [`document`], made on first use: writing the document takes a noticeable
/// share of start-up otherwise (three passes over some 250 operations).
pub fn swagger_ui_html() -> &'static str {
    static PAGE: LazyLock<String> = LazyLock::new(|| {
        let service = api_service();
        service
            .swagger_ui_html()
            .replace(&service.spec(), document())
    });
    &PAGE
}

fn add_request_rule_answers(document: &mut Value) {
    let Some(paths) = document["paths"].as_object_mut() else {
        return;
    };
    for operation in paths
        .values_mut()
        .filter_map(Value::as_object_mut)
        .flat_map(|operations| operations.values_mut())
    {
        let secured = operation["security"]
            .as_array()
            .is_some_and(|s| !s.is_empty());
        let with_body = operation.get("requestBody").is_some();
        let mut answers: Vec<(&str, &str)> = EVERY_OPERATION.to_vec();
        if secured {
            answers.push(SECURED);
        }
        if with_body {
            answers.push(WITH_BODY);
        }
        let Some(responses) = operation["responses"].as_object_mut() else {
            continue;
        };
        for (status, description) in answers {
            responses
                .entry(status)
                .or_insert_with(|| error_response(description));
        }
    }
}

fn error_response(description: &str) -> Value {
    json!({
        "description": description,
        "content": {
            "application/json; charset=utf-8": {
                "schema": { "$ref": "#/components/schemas/ErrorBody" }
            }
        }
    })
}
