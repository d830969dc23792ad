use chrono::NaiveDate;

use super::values::LeadFacts;
use super::*;

fn date(y: i32, m: u32, d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, d).unwrap()
}

fn full_lead() -> LeadFacts {
    LeadFacts {
        assistant_first_name: Some("Lisa".into()),
        assistant_last_name: Some("Grant".into()),
        assistant_email: Some("lisa@store.example".into()),
        customer_first_name: Some("Dana".into()),
        customer_last_name: Some("Ruiz".into()),
        customer_email: Some("dana@example.com".into()),
        customer_cellular: Some("+15552013344".into()),
        store_name: Some("Bayline Toyota".into()),
        office_address: Some("12 Harbor Rd".into()),
        office_city: Some("Tampa".into()),
        office_state: Some("FL".into()),
        vin: Some("1HGCM82633A004352".into()),
        make: Some("Toyota".into()),
        model: Some("Camry".into()),
        year: Some(2024),
        sold_date: Some(date(2024, 5, 2)),
        estimated_due_date: Some(date(2026, 3, 14)),
        planned_date: Some(date(2026, 2, 28)),
        last_service_date: Some(date(2025, 9, 30)),
    }
}

#[test]
fn every_field_fills_from_its_fact() {
    let values = FieldValues::of(&full_lead());
    let expected = [
        ("assistant_first_name", "Lisa"),
        ("assistant_last_name", "Grant"),
        ("assistant_email", "lisa@store.example"),
        ("customer_first_name", "Dana"),
        ("customer_last_name", "Ruiz"),
        ("customer_email", "dana@example.com"),
        ("customer_phone", "(555)-201-3344"),
        ("office_name", "Bayline Toyota"),
        ("office_address", "12 Harbor Rd, Tampa, FL"),
        ("product_vin", "1HGCM82633A004352"),
        ("product_make", "Toyota"),
        ("product_year", "2024"),
        ("product_model", "Camry"),
        ("product_sold_date", "May 2, 2024"),
        ("product_estimated_due_date", "March 14, 2026"),
        ("service_last_service_date", "September 30, 2025"),
        ("service_month", "March"),
    ];
    assert_eq!(expected.len(), FIELDS.len(), "a field without a case here");
    for (key, value) in expected {
        let rendered = render(&format!("[{{{{{key}}}}}]"), &values).unwrap();
        assert_eq!(rendered.body, format!("[{value}]"), "{key}");
        assert!(rendered.missing.is_empty());
    }
    // The month falls back to the planned date.
    let facts = LeadFacts {
        estimated_due_date: None,
        ..full_lead()
    };
    assert_eq!(
        FieldValues::of(&facts).get("service_month"),
        Some("February")
    );
}

#[test]
fn a_missing_value_stays_a_placeholder_and_is_reported() {
    let facts = LeadFacts {
        customer_email: None,
        customer_first_name: Some("  ".into()),
        ..full_lead()
    };
    let rendered = render(
        "Hi {{ customer_first_name }}, we'll write to {{customer_email}} about your {{product_model}}.",
        &FieldValues::of(&facts),
    )
    .unwrap();
    assert_eq!(
        rendered.body,
        "Hi {{customer_first_name}}, we'll write to {{customer_email}} about your Camry."
    );
    let missing: Vec<&str> = rendered.missing.iter().map(|f| f.key).collect();
    assert_eq!(missing, ["customer_first_name", "customer_email"]);
    assert!(check_no_placeholders(&rendered.sms_text).is_err());
    let error = check_no_placeholders(&rendered.body)
        .unwrap_err()
        .to_string();
    assert!(error.contains("{{customer_email}}"), "{error}");
    // Braces a person typed are not fields.
    assert!(check_no_placeholders("See you at {10am}, {{maybe").is_ok());
    assert!(check_no_placeholders("{{not_a_field}}").is_ok());
}

#[test]
fn unknown_fields_and_open_braces_are_refused_by_name() {
    let error = checked_content("Hi", "Hi {{customer_nickname}} and {{day}}").unwrap_err();
    let Error::Validation { errors, .. } = error else {
        panic!("not a validation error");
    };
    assert_eq!(errors.len(), 2);
    assert!(errors[0].contains("{{customer_nickname}}"), "{errors:?}");
    assert!(errors[1].contains("{{day}}"));
    assert!(checked_content("Hi", "Hi {{customer_first_name").is_err());
    assert!(
        checked_content("", "")
            .unwrap_err()
            .to_string()
            .contains("title")
    );
    let long = "x".repeat(MAX_BODY_CHARS + 1);
    assert!(checked_content("Hi", &long).is_err());
    // Single braces are text.
    assert!(checked_content("Hi", "Reply {YES} to book").is_ok());
}

#[test]
fn newlines_become_line_breaks_and_come_back() {
    let (_, stored) =
        checked_content(" Title ", "Hi {{customer_first_name}},\r\nSee you.\n").unwrap();
    assert_eq!(stored, "Hi {{customer_first_name}},<br>See you.");
    assert_eq!(
        editor_body(&stored),
        "Hi {{customer_first_name}},\nSee you."
    );
    assert_eq!(
        editor_body("a<br/>b<BR >c<b>d</b> 1 < 2"),
        "a\nb\nc<b>d</b> 1 < 2"
    );
    let rendered = render(&stored, &FieldValues::of(&full_lead())).unwrap();
    assert_eq!(rendered.sms_text, "Hi Dana, See you.");
}

#[test]
fn values_are_escaped_into_the_body_and_read_back_as_text() {
    let facts = LeadFacts {
        customer_first_name: Some("<b>Jo & Al</b>".into()),
        ..full_lead()
    };
    let rendered = render("Hi {{customer_first_name}}", &FieldValues::of(&facts)).unwrap();
    assert_eq!(rendered.body, "Hi &lt;b&gt;Jo &amp; Al&lt;/b&gt;");
    assert_eq!(rendered.sms_text, "Hi <b>Jo & Al</b>");
}

#[test]
fn service_types_and_intents_are_the_products_own() {
    let types = service_types();
    for t in [
        "SALES_THANKS",
        "SALES_TITLE",
        "OIL_CHANGE",
        "OIL_CHANGE_10K",
        "OIL_CHANGE_130K",
        "SVC_7500",
        "CHECK_UP_30D",
        "RECALL",
        "TOYOTA_ERROR_ALERT",
        "FIRST_SERVICE_GMC",
        "APPOINTMENT_SCHEDULED",
    ] {
        assert!(types.iter().any(|x| x == t), "{t}");
    }
    assert_eq!(
        check_service_type(" FIRST_SERVICE_KIA ").unwrap(),
        "FIRST_SERVICE_KIA"
    );
    assert!(check_service_type("OIL_CHANGE_12K").is_err());
    assert!(check_service_type("FIRST_SERVICE_").is_err());
    assert_eq!(check_intent("SPA-AS").unwrap(), "SPA-AS");
    assert!(check_intent("APPOINTMENT").is_err());
}
