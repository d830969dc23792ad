//! What a lead offers each dynamic field, and how each value is written.

use std::collections::HashMap;

use chrono::NaiveDate;

use super::customer_date;
use domain::PhoneNumber;

/// The facts about a lead that templates draw on; `None` where the lead has none.
#[derive(Debug, Clone, Default)]
pub struct LeadFacts {
    pub assistant_first_name: Option<String>,
    pub assistant_last_name: Option<String>,
    pub assistant_email: Option<String>,
    pub customer_first_name: Option<String>,
    pub customer_last_name: Option<String>,
    pub customer_email: Option<String>,
    /// As stored (E.164).
    pub customer_cellular: Option<String>,
    /// The store the lead belongs to (the "office" of the lead screens).
    pub store_name: Option<String>,
    pub office_address: Option<String>,
    pub office_city: Option<String>,
    pub office_state: Option<String>,
    pub vin: Option<String>,
    pub make: Option<String>,
    pub model: Option<String>,
    pub year: Option<i32>,
    pub sold_date: Option<NaiveDate>,
    pub estimated_due_date: Option<NaiveDate>,
    pub planned_date: Option<NaiveDate>,
    pub last_service_date: Option<NaiveDate>,
}

/// Field key → the text it fills in; a field without a value is absent.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FieldValues(HashMap<&'static str, String>);

impl FieldValues {
    pub fn get(&self, key: &str) -> Option<&str> {
        self.0.get(key).map(String::as_str)
    }

    fn set(&mut self, key: &'static str, value: Option<String>) {
        if let Some(value) = value.map(|v| v.trim().to_owned())
            && !value.is_empty()
        {
            self.0.insert(key, value);
        }
    }

    /// The values of every field for a lead with these facts.
    pub fn of(facts: &LeadFacts) -> Self {
        let mut values = Self::default();
        let f = facts.clone();
        values.set("assistant_first_name", f.assistant_first_name);
        values.set("assistant_last_name", f.assistant_last_name);
        values.set("assistant_email", f.assistant_email);
        values.set("customer_first_name", f.customer_first_name);
        values.set("customer_last_name", f.customer_last_name);
        values.set("customer_email", f.customer_email);
        values.set(
            "customer_phone",
            f.customer_cellular
                .and_then(|c| PhoneNumber::parse(&c).ok())
                .map(|p| p.display()),
        );
        values.set("office_name", f.store_name);
        let address: Vec<String> = [f.office_address, f.office_city, f.office_state]
            .into_iter()
            .flatten()
            .map(|part| part.trim().to_owned())
            .filter(|part| !part.is_empty())
            .collect();
        values.set("office_address", Some(address.join(", ")));
        values.set("product_vin", f.vin);
        values.set("product_make", f.make);
        values.set("product_year", f.year.map(|y| y.to_string()));
        values.set("product_model", f.model);
        values.set("product_sold_date", f.sold_date.map(customer_date));
        values.set(
            "product_estimated_due_date",
            f.estimated_due_date.map(customer_date),
        );
        values.set(
            "service_last_service_date",
            f.last_service_date.map(customer_date),
        );
        // The month the service is due: the estimate, else the planned contact date.
        values.set(
            "service_month",
            f.estimated_due_date
                .or(f.planned_date)
                .map(|d| d.format("%B").to_string()),
        );
        values
    }
}
