//! Customers, vehicles and marks.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::{TestApp, assert_error, spawn_app};

impl TestApp {
    /// Store 1's dealer.
    async fn boc_of_store_one(&self, token: &str) -> i64 {
        let stores: Value = self
            .get("/api/enterprise/1/store", Some(token))
            .await
            .json()
            .await
            .unwrap();
        stores
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["id"] == 1)
            .and_then(|s| s["bocId"].as_i64().or(s["bocMaster"]["id"].as_i64()))
            .expect("store 1 with its dealer")
    }
}

#[tokio::test]
async fn customers_are_created_validated_and_found() {
    let app = spawn_app().await;
    let token = app.token_of("enterprise-admin").await;
    let boc = app.boc_of_store_one(&token).await;
    let path = format!("/api/boc/{boc}/customer");
    let created = app
        .ok_json(
            Method::POST,
            &path,
            &token,
            Some(json!({ "storeId": 1, "custno": "NEW-001", "firstName": "Rosa", "lastName": "Quintero", "cellular": "(555) 321-0099", "email": "rosa@example.com" })),
        )
        .await;
    assert_eq!(created["cellular"], "+15553210099");
    assert_eq!(created["isOptedOut"], false);

    let response = app
        .request(Method::POST, &path, &token, Some(json!({ "storeId": 1, "custno": "NEW-002", "firstName": " ", "lastName": "", "cellular": "12" })))
        .await;
    let status = response.status();
    let body: Value = response.json().await.unwrap();
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["message"], "First name is required");
    assert_eq!(
        body["errors"],
        json!([
            "First name is required",
            "Last name is required",
            "Invalid Number"
        ])
    );
    let duplicate = app
        .request(
            Method::POST,
            &path,
            &token,
            Some(json!({ "storeId": 1, "custno": "NEW-001", "firstName": "A", "lastName": "B" })),
        )
        .await;
    assert_error(duplicate, StatusCode::CONFLICT).await;
    let summit = app.token_of("summit-admin").await;
    let foreign = app
        .request(
            Method::POST,
            &path,
            &summit,
            Some(json!({ "storeId": 1, "custno": "X", "firstName": "A", "lastName": "B" })),
        )
        .await;
    assert_error(foreign, StatusCode::NOT_FOUND).await;

    let search = format!("/api/boc/{boc}/customer/1/search");
    for text in ["rosa quint", "321-00", "NEW-001"] {
        let page = app
            .ok_json(
                Method::POST,
                &search,
                &token,
                Some(json!({ "searchText": text })),
            )
            .await;
        assert!(
            page["content"]
                .as_array()
                .unwrap()
                .iter()
                .any(|c| c["id"] == created["id"]),
            "{text}: {page}"
        );
    }
    let foreign = app
        .request(Method::POST, &search, &summit, Some(json!({})))
        .await;
    assert_error(foreign, StatusCode::NOT_FOUND).await;
}

#[tokio::test]
async fn opting_out_by_staff_or_mark_matches_the_keywords() {
    let app = spawn_app().await;
    let token = app.token_of("enterprise-admin").await;
    let boc = app.boc_of_store_one(&token).await;
    let customer = app
        .ok_json(
            Method::POST,
            &format!("/api/boc/{boc}/customer"),
            &token,
            Some(json!({ "storeId": 1, "custno": "OPT-1", "firstName": "Ola", "lastName": "Berg", "cellular": "5553210042" })),
        )
        .await;
    let id = customer["id"].as_i64().unwrap();
    let out = app
        .ok_json(
            Method::PUT,
            &format!("/api/boc/2/customer/optout?customerId={id}&optOut=true"),
            &token,
            None,
        )
        .await;
    assert_eq!(out["blockSms"], true);
    let back = app
        .ok_json(
            Method::PUT,
            &format!("/api/boc/2/customer/optout?customerId={id}&optOut=false"),
            &token,
            None,
        )
        .await;
    assert_eq!(back["blockSms"], false);
    assert_eq!(back["consentSource"], "STAFF");

    let mark = app
        .ok_json(
            Method::POST,
            "/api/marks/customer",
            &token,
            Some(json!({ "customerId": id, "intentType": "SMS_OPT_OUT" })),
        )
        .await;
    assert_eq!(mark["intentType"], "SMS_OPT_OUT");
    let verified = app
        .ok_json(
            Method::PUT,
            &format!("/api/boc/2/customer/verified?customerId={id}&verified=true"),
            &token,
            None,
        )
        .await;
    assert_eq!(verified["verified"], true);
    assert_eq!(verified["isOptedOut"], true);
    let deleted = app
        .ok_json(
            Method::DELETE,
            &format!("/api/marks/v2?id={}", mark["id"]),
            &token,
            None,
        )
        .await;
    assert_eq!(deleted["message"], "Successfully Deleted");
    let after = app
        .ok_json(
            Method::PUT,
            &format!("/api/boc/2/customer/verified?customerId={id}&verified=true"),
            &token,
            None,
        )
        .await;
    assert_eq!(
        after["blockSms"], false,
        "removing the opt-out mark opts the customer back in"
    );
}

#[tokio::test]
async fn marks_go_on_vehicles_and_leads_in_scope_only() {
    let app = spawn_app().await;
    let token = app.token_of("office-manager").await;
    let lead = app.a_lead_of(1, Some(1)).await;
    let lead_view: Value = app
        .get(
            &format!("/api/future-service-interaction/{lead}"),
            Some(&token),
        )
        .await
        .json()
        .await
        .unwrap();
    let vehicle = lead_view["serviceVehicle"]["id"].as_i64().unwrap();
    let on_lead = app
        .ok_json(Method::POST, "/api/marks/future-service-interaction", &token, Some(json!({ "futureServiceInteractionId": lead, "intentType": "CONTACT_LATER", "note": "after the holidays" })))
        .await;
    assert_eq!(on_lead["targetKind"], "FUTURE_SERVICE_INTERACTION");
    let on_vehicle = app
        .ok_json(Method::POST, "/api/marks/v2", &token, Some(json!({ "targetKind": "SERVICE_VEHICLE", "targetId": vehicle, "intentType": "NO_LONGER_OWN" })))
        .await;
    assert_eq!(on_vehicle["vehicleId"], vehicle);
    let after: Value = app
        .get(
            &format!("/api/future-service-interaction/{lead}"),
            Some(&token),
        )
        .await
        .json()
        .await
        .unwrap();
    assert!(
        after["futureServiceInteractionMarks"]
            .as_array()
            .unwrap()
            .iter()
            .chain(after["serviceVehicleMarks"].as_array().unwrap())
            .count()
            >= 2,
        "{after}"
    );

    for body in [
        json!({ "targetKind": "SERVICE_VEHICLE", "targetId": vehicle, "intentType": "no longer own" }),
        json!({ "targetKind": "SPACESHIP", "targetId": 1, "intentType": "X_Y" }),
        json!({ "targetKind": "CUSTOMER", "intentType": "X_Y" }),
    ] {
        assert_error(
            app.request(Method::POST, "/api/marks/v2", &token, Some(body))
                .await,
            StatusCode::BAD_REQUEST,
        )
        .await;
    }
    let summit = app.token_of("summit-admin").await;
    let foreign = app
        .request(
            Method::POST,
            "/api/marks/future-service-interaction",
            &summit,
            Some(json!({ "futureServiceInteractionId": lead, "intentType": "X_Y" })),
        )
        .await;
    assert_error(foreign, StatusCode::NOT_FOUND).await;
    let foreign = app
        .request(
            Method::DELETE,
            &format!("/api/marks/v2?id={}", on_lead["id"]),
            &summit,
            None,
        )
        .await;
    assert_error(foreign, StatusCode::NOT_FOUND).await;
}

#[tokio::test]
async fn vehicles_are_listed_and_attached_within_the_enterprise() {
    let app = spawn_app().await;
    let token = app.token_of("enterprise-admin").await;
    let boc = app.boc_of_store_one(&token).await;
    let customer = app
        .ok_json(
            Method::POST,
            &format!("/api/boc/{boc}/customer"),
            &token,
            Some(
                json!({ "storeId": 1, "custno": "VEH-1", "firstName": "Ana", "lastName": "Silva" }),
            ),
        )
        .await;
    let id = customer["id"].as_i64().unwrap();
    let none = app
        .ok_json(
            Method::POST,
            &format!("/api/boc/2/customer/vehicles?customerId={id}"),
            &token,
            None,
        )
        .await;
    assert_eq!(none, json!([]));
    let lead = app.a_lead_of(1, Some(1)).await;
    let lead_view: Value = app
        .get(
            &format!("/api/future-service-interaction/{lead}"),
            Some(&token),
        )
        .await
        .json()
        .await
        .unwrap();
    let vehicle = lead_view["serviceVehicle"]["id"].as_i64().unwrap();
    let attached = app
        .ok_json(
            Method::POST,
            &format!("/api/boc/2/customer/attach-vehicle?customerId={id}&vehicleId={vehicle}"),
            &token,
            None,
        )
        .await;
    assert_eq!(attached[0]["id"], vehicle);
    let summit = app.token_of("summit-admin").await;
    let foreign = app
        .request(
            Method::POST,
            &format!("/api/boc/2/customer/attach-vehicle?customerId={id}&vehicleId={vehicle}"),
            &summit,
            None,
        )
        .await;
    assert_error(foreign, StatusCode::NOT_FOUND).await;
}

#[tokio::test]
async fn line_types_are_looked_up_one_by_one_or_for_a_store_as_a_job() {
    let app = spawn_app().await;
    let token = app.token_of("enterprise-admin").await;
    let boc = app.boc_of_store_one(&token).await;
    let landline = app
        .ok_json(
            Method::POST,
            &format!("/api/boc/{boc}/customer"),
            &token,
            Some(json!({ "storeId": 1, "custno": "LT-LAND", "firstName": "Land", "lastName": "Line", "cellular": "+15005550009" })),
        )
        .await;
    let no_phone = app
        .ok_json(
            Method::POST,
            &format!("/api/boc/{boc}/customer"),
            &token,
            Some(json!({ "storeId": 1, "custno": "LT-NONE", "firstName": "No", "lastName": "Phone" })),
        )
        .await;
    // One customer, through the built-in simulator's carrier lookup.
    let one = |id: &Value| format!("/api/boc/2/customer/updateLineType?customerId={id}");
    let updated = app
        .ok_json(Method::PUT, &one(&landline["id"]), &token, None)
        .await;
    assert_eq!(updated["lineType"], "LANDLINE");
    let response = app
        .request(Method::PUT, &one(&no_phone["id"]), &token, None)
        .await;
    assert_eq!(
        assert_error(response, StatusCode::BAD_REQUEST).await,
        "The customer has no mobile number"
    );
    let other_tenant = app.token_of("summit-admin").await;
    let response = app
        .request(Method::PUT, &one(&landline["id"]), &other_tenant, None)
        .await;
    assert_error(response, StatusCode::NOT_FOUND).await;

    // The whole store, as a job: every customer with a number gets a line type.
    let path = format!("/api/boc/{boc}/customer/1/update/line-type");
    let run = app.ok_json(Method::GET, &path, &token, None).await;
    assert_eq!(run["kind"], "customers.line-types");
    let detail = app
        .wait_until_final(&token, run["id"].as_i64().unwrap())
        .await;
    let run = &detail["run"];
    assert_eq!(run["status"], "succeeded", "{detail}");
    let found = app
        .ok_json(
            Method::POST,
            &format!("/api/boc/{boc}/customer/1/search"),
            &token,
            Some(json!({ "size": 500 })),
        )
        .await;
    let customers = found["content"].as_array().unwrap();
    assert!(customers.len() > 2);
    for customer in customers {
        let expected = match customer["cellular"].as_str() {
            None => Value::Null,
            Some("+15005550009") => json!("LANDLINE"),
            Some(_) => json!("MOBILE"),
        };
        assert_eq!(customer["lineType"], expected, "{customer}");
    }
    assert_eq!(
        run["result"]["updated"],
        json!(
            customers
                .iter()
                .filter(|c| c["cellular"].is_string())
                .count()
        )
    );

    // Dates narrow it; bad dates and other stores are refused.
    let response = app
        .request(
            Method::GET,
            &format!("{path}?start_date=31.02.2026"),
            &token,
            None,
        )
        .await;
    assert_error(response, StatusCode::BAD_REQUEST).await;
    let response = app
        .request(
            Method::GET,
            &format!("{path}?start_date=2026-05-02&end_date=2026-05-01"),
            &token,
            None,
        )
        .await;
    assert_error(response, StatusCode::BAD_REQUEST).await;
    let response = app.request(Method::GET, &path, &other_tenant, None).await;
    assert_error(response, StatusCode::NOT_FOUND).await;
    let response = app
        .request(
            Method::GET,
            &format!("/api/boc/{boc}/customer/999999/update/line-type"),
            &token,
            None,
        )
        .await;
    assert_error(response, StatusCode::NOT_FOUND).await;
    // A store-wide refresh is for managers.
    let rep = app.token_of("sales-rep").await;
    let response = app.request(Method::GET, &path, &rep, None).await;
    assert_error(response, StatusCode::FORBIDDEN).await;
    // Nor can the generic jobs call reach another tenant's store.
    let response = app
        .request(
            Method::POST,
            "/api/jobs",
            &other_tenant,
            Some(json!({ "kind": "customers.line-types", "input": { "storeId": 1 } })),
        )
        .await;
    assert_error(response, StatusCode::NOT_FOUND).await;
}

#[tokio::test]
async fn dms_customers_are_found_by_number_then_phone_or_added() {
    let app = spawn_app().await;
    let token = app.token_of("enterprise-admin").await;
    let boc = app.boc_of_store_one(&token).await;
    let path = format!("/api/boc/{boc}/customer/dms/add-search-customer");
    let added = app
        .ok_json(
            Method::POST,
            &path,
            &token,
            Some(json!({ "storeId": 1, "custno": "DMS-77", "firstName": "Ines", "lastName": "Okafor", "cellular": "555-404-7788" })),
        )
        .await;
    assert_eq!(added["created"], true);
    let id = added["customer"]["id"].as_i64().unwrap();
    assert_eq!(added["customer"]["cellular"], "+15554047788");

    // Known by customer number, or by mobile number alone: found, nothing added.
    for body in [
        json!({ "storeId": 1, "custno": "DMS-77" }),
        json!({ "storeId": 1, "cellular": "(555) 404-7788" }),
        json!({ "storeId": 1, "custno": "UNKNOWN-1", "cellular": "+1 555 404 7788" }),
    ] {
        let found = app.ok_json(Method::POST, &path, &token, Some(body)).await;
        assert_eq!(found["created"], false);
        assert_eq!(found["customer"]["id"], id);
    }

    // Unknown and incomplete: 400 with every problem, nothing added.
    let response = app
        .request(
            Method::POST,
            &path,
            &token,
            Some(json!({ "storeId": 1, "cellular": "555-000-1234" })),
        )
        .await;
    let status = response.status();
    let body: Value = response.json().await.unwrap();
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["errors"],
        json!([
            "First name is required",
            "Last name is required",
            "custno is required"
        ])
    );
    let search = app
        .ok_json(
            Method::POST,
            &format!("/api/boc/{boc}/customer/1/search"),
            &token,
            Some(json!({ "searchText": "000-1234" })),
        )
        .await;
    assert_eq!(search["totalElements"], 0);

    // Another tenant's store is not found, whether the customer is known or not.
    let summit = app.token_of("summit-admin").await;
    let response = app
        .request(
            Method::POST,
            &path,
            &summit,
            Some(json!({ "storeId": 1, "custno": "DMS-77" })),
        )
        .await;
    assert_error(response, StatusCode::NOT_FOUND).await;
}

#[tokio::test]
async fn dms_vehicles_are_found_by_vin_or_added_and_given_to_the_customer() {
    let app = spawn_app().await;
    let token = app.token_of("enterprise-admin").await;
    let boc = app.boc_of_store_one(&token).await;
    let customer = app
        .ok_json(
            Method::POST,
            &format!("/api/boc/{boc}/customer"),
            &token,
            Some(json!({ "storeId": 1, "custno": "DMS-88", "firstName": "Tomas", "lastName": "Berg" })),
        )
        .await["id"]
        .as_i64()
        .unwrap();
    let path = "/api/service-vehicle/dms/add-vehicle";
    let vin = "1HGCM82633A004352";

    for (body, expected) in [
        (
            json!({ "storeId": 1, "vin": "1HGCM82633A00435" }),
            "\"1HGCM82633A00435\" is not a 17-character VIN",
        ),
        (
            json!({ "storeId": 1, "vin": "1HGCM82633AOO4352" }),
            "\"1HGCM82633AOO4352\" is not a 17-character VIN",
        ),
        (
            json!({ "storeId": 1, "vin": vin, "make": "Honda" }),
            "model is required for a vehicle not yet known",
        ),
        (
            json!({ "storeId": 1, "vin": vin, "make": "Honda", "model": "Accord", "year": 1890 }),
            "year 1890 is not a model year",
        ),
    ] {
        let response = app.request(Method::POST, path, &token, Some(body)).await;
        assert_eq!(
            assert_error(response, StatusCode::BAD_REQUEST).await,
            expected
        );
    }

    let added = app
        .ok_json(
            Method::POST,
            path,
            &token,
            Some(json!({ "storeId": 1, "customerId": customer, "vin": vin.to_lowercase(), "make": "Honda", "model": "Accord", "year": 2003, "odometer": 151000 })),
        )
        .await;
    assert_eq!(added["created"], true);
    assert_eq!(added["vehicle"]["vin"], vin);
    assert_eq!(added["vehicle"]["customerId"], customer);

    // Known: found by VIN alone and nothing is added.
    let found = app
        .ok_json(
            Method::POST,
            path,
            &token,
            Some(json!({ "storeId": 1, "vin": vin })),
        )
        .await;
    assert_eq!(found["created"], false);
    assert_eq!(found["vehicle"]["id"], added["vehicle"]["id"]);
    let vehicles = app
        .ok_json(
            Method::POST,
            &format!("/api/boc/{boc}/customer/vehicles?customerId={customer}"),
            &token,
            None,
        )
        .await;
    assert_eq!(vehicles.as_array().unwrap().len(), 1);

    // Another tenant's store or customer is not found.
    let summit = app.token_of("summit-admin").await;
    let response = app
        .request(
            Method::POST,
            path,
            &summit,
            Some(json!({ "storeId": 1, "vin": vin })),
        )
        .await;
    assert_error(response, StatusCode::NOT_FOUND).await;
    let response = app
        .request(
            Method::POST,
            path,
            &token,
            Some(json!({ "storeId": 1, "customerId": 999_999, "vin": vin })),
        )
        .await;
    assert_error(response, StatusCode::NOT_FOUND).await;
}
