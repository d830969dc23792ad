//! The appointment search and the VMR update staff run on text selected in a conversation.

use chrono::{DateTime, Duration, Utc};
use engine::store::schema::{
    Customers, FutureServiceInteractions as Fsi, ServiceAppointments as Appt,
    ServiceVehicles as Vehicles,
};
use reqwest::{Method, StatusCode};
use sea_query::{Expr, ExprTrait, Order, Query};
use serde_json::{Value, json};

use crate::helpers::{assert_error, spawn_app};

const SEARCH: &str = "/api/service-appointment/search-by-appt-date-and-query";
const VMR: &str = "/api/future-service-interaction/vehicle-mileage";

#[tokio::test]
async fn appointments_are_found_by_name_vin_and_day_inside_the_scope() {
    let app = spawn_app().await;
    let token = app.token_of("enterprise-admin").await;
    // A demo appointment of store 1 and its customer.
    let (id, at, last_name, vin): (i64, DateTime<Utc>, String, String) = app
        .db
        .fetch_optional(
            &Query::select()
                .column((Appt::Table, Appt::Id))
                .column((Appt::Table, Appt::ApptAt))
                .column((Customers::Table, Customers::LastName))
                .column((Vehicles::Table, Vehicles::Vin))
                .from(Appt::Table)
                .inner_join(
                    Customers::Table,
                    Expr::col((Customers::Table, Customers::Id))
                        .equals((Appt::Table, Appt::CustomerId)),
                )
                .inner_join(
                    Vehicles::Table,
                    Expr::col((Vehicles::Table, Vehicles::Id))
                        .equals((Appt::Table, Appt::VehicleId)),
                )
                .and_where(Expr::col((Appt::Table, Appt::StoreId)).eq(1))
                .order_by((Appt::Table, Appt::Id), Order::Asc)
                .limit(1)
                .to_owned(),
        )
        .await
        .unwrap()
        .expect("a demo appointment in store 1");
    let ids = |page: &Value| {
        page["content"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a["id"].as_i64().unwrap())
            .collect::<Vec<_>>()
    };
    let by_name = app
        .ok_json(
            Method::POST,
            SEARCH,
            &token,
            Some(json!({ "query": last_name.to_uppercase() })),
        )
        .await;
    assert!(ids(&by_name).contains(&id), "{by_name}");
    let found = by_name["content"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["id"] == id)
        .unwrap();
    assert!(
        found["customerName"]
            .as_str()
            .unwrap()
            .ends_with(&last_name)
    );
    let by_vin = app
        .ok_json(
            Method::POST,
            SEARCH,
            &token,
            Some(json!({ "query": &vin[9..] })),
        )
        .await;
    assert!(ids(&by_vin).contains(&id));
    let day = at.date_naive();
    let that_day = app
        .ok_json(
            Method::POST,
            SEARCH,
            &token,
            Some(json!({ "startDate": day.to_string(), "endDate": day.format("%d.%m.%Y").to_string(), "storeIds": [1] })),
        )
        .await;
    assert!(ids(&that_day).contains(&id));
    let day_before = (day - Duration::days(1)).to_string();
    let other_day = app
        .ok_json(
            Method::POST,
            SEARCH,
            &token,
            Some(json!({ "startDate": day_before, "endDate": day_before, "query": last_name })),
        )
        .await;
    assert!(!ids(&other_day).contains(&id));

    // Scope: another enterprise finds nothing of it; a store user cannot ask for another store.
    let summit = app.token_of("summit-admin").await;
    let theirs = app
        .ok_json(
            Method::POST,
            SEARCH,
            &summit,
            Some(json!({ "query": last_name })),
        )
        .await;
    assert!(!ids(&theirs).contains(&id));
    let response = app
        .request(
            Method::POST,
            SEARCH,
            &summit,
            Some(json!({ "storeIds": [1] })),
        )
        .await;
    assert_error(response, StatusCode::NOT_FOUND).await;
    let response = app
        .request(
            Method::POST,
            SEARCH,
            &token,
            Some(json!({ "startDate": "2026-02-30" })),
        )
        .await;
    assert_error(response, StatusCode::BAD_REQUEST).await;
}

#[tokio::test]
async fn a_vmr_update_writes_the_leads_vehicle_from_selected_text() {
    let app = spawn_app().await;
    let token = app.token_of("enterprise-admin").await;
    let (lead, vehicle): (i64, i64) = app
        .db
        .fetch_optional(
            &Query::select()
                .columns([Fsi::Id, Fsi::VehicleId])
                .from(Fsi::Table)
                .and_where(Expr::col(Fsi::EnterpriseId).eq(1))
                .and_where(Expr::col(Fsi::VehicleId).is_not_null())
                .order_by(Fsi::Id, Order::Asc)
                .limit(1)
                .to_owned(),
        )
        .await
        .unwrap()
        .unwrap();
    let updated = app
        .ok_json(
            Method::PUT,
            VMR,
            &token,
            Some(json!({ "future_service_interaction_id": lead, "last_mileage": "45,300 miles" })),
        )
        .await;
    assert_eq!(updated["message"], "Successfully Updated");
    assert_eq!(updated["vehicleId"], vehicle);
    assert_eq!(updated["lastMileage"], 45_300);
    let updated = app
        .ok_json(
            Method::PUT,
            VMR,
            &token,
            Some(json!({ "future_service_interaction_id": lead, "minder": "b12", "last_service_date": "01.10.2026" })),
        )
        .await;
    assert_eq!(updated["minder"], "B12");
    assert_eq!(updated["lastServiceDate"], "2026-10-01");
    assert_eq!(updated["lastMileage"], 45_300, "untouched");

    // Text that is not a mileage, or nothing at all, is refused and changes nothing.
    for body in [
        json!({ "future_service_interaction_id": lead, "last_mileage": "tuesday at 9" }),
        json!({ "future_service_interaction_id": lead, "minder": "oil is low" }),
        json!({ "future_service_interaction_id": lead }),
    ] {
        let response = app.request(Method::PUT, VMR, &token, Some(body)).await;
        assert_error(response, StatusCode::BAD_REQUEST).await;
    }
    let odometer: Option<i32> = app
        .db
        .fetch_scalar(
            &Query::select()
                .column(Vehicles::Odometer)
                .from(Vehicles::Table)
                .and_where(Expr::col(Vehicles::Id).eq(vehicle))
                .to_owned(),
        )
        .await
        .unwrap();
    assert_eq!(odometer, Some(45_300));
    let summit = app.token_of("summit-admin").await;
    let response = app
        .request(
            Method::PUT,
            VMR,
            &summit,
            Some(json!({ "future_service_interaction_id": lead, "last_mileage": "1" })),
        )
        .await;
    assert_error(response, StatusCode::NOT_FOUND).await;
    // A lead without a vehicle has nothing to update.
    app.db
        .execute(
            &Query::update()
                .table(Fsi::Table)
                .value(Fsi::VehicleId, None::<i64>)
                .and_where(Expr::col(Fsi::Id).eq(lead))
                .to_owned(),
        )
        .await
        .unwrap();
    let response = app
        .request(
            Method::PUT,
            VMR,
            &token,
            Some(json!({ "future_service_interaction_id": lead, "last_mileage": "45k" })),
        )
        .await;
    assert_eq!(
        assert_error(response, StatusCode::BAD_REQUEST).await,
        "The lead has no vehicle"
    );
}
