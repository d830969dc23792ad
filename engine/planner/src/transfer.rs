//! `planner.transfer`'s input: what a transfer runs, built and checked here once. The planner
//! routes and schedules build it, the job starter records it, the worker reads it back.

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use super::model::{DayRange, Planner};
use domain::error::{Error, Result};
use domain::formats::plausible_date;
use domain::{JobInput, Role};

/// Roles that may turn planner candidates into leads: the managers of bulk work.
pub const PLANNER_ROLES: &[Role] = domain::MANAGER_ROLES;

/// The most stores one transfer covers (an enterprise's every store, with room to spare).
pub const MAX_TRANSFER_STORES: usize = 1_000;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PlannerTransferInput {
    #[serde(with = "planner_name")]
    pub planner: Planner,
    pub store_ids: Vec<i64>,
    /// None: the day the run starts, in the first store's time zone (scheduled runs).
    #[serde(default)]
    pub planner_date: Option<NaiveDate>,
    #[serde(flatten)]
    pub days: DayRange,
    /// Only this customer's vehicles (`cust_no`).
    #[serde(default)]
    pub customer_number: Option<String>,
    /// Only vehicles sold that day.
    #[serde(default, rename = "soldDate")]
    pub sold_on: Option<NaiveDate>,
    /// Replace this planner's earlier, never-contacted leads for the same vehicle and service.
    #[serde(default)]
    pub hard_run: bool,
    /// Only the vehicles of this customer-vehicle batch (CV leads).
    #[serde(default)]
    pub vehicle_batch: Option<i64>,
}

impl JobInput for PlannerTransferInput {
    const KIND: &'static str = domain::JobKindName::PlannerTransfer.as_str();

    fn check(&self) -> Result<()> {
        let mut problems = Vec::new();
        if self.store_ids.is_empty() || self.store_ids.len() > MAX_TRANSFER_STORES {
            problems.push(format!(
                "storeIds must list 1 to {MAX_TRANSFER_STORES} stores"
            ));
        }
        if self.store_ids.iter().any(|id| *id <= 0) {
            problems.push("storeIds must be positive numbers".to_owned());
        }
        if self
            .customer_number
            .as_ref()
            .is_some_and(|c| c.chars().count() > 50)
        {
            problems.push("customerNumber must have at most 50 characters".to_owned());
        }
        if self.vehicle_batch.is_some_and(|b| b <= 0) {
            problems.push("vehicleBatch must be a positive number".to_owned());
        }
        for (field, date) in [
            ("plannerDate", self.planner_date),
            ("soldDate", self.sold_on),
        ] {
            if let Some(Err(Error::Validation { errors, .. })) =
                date.map(|d| plausible_date(field, d))
            {
                problems.extend(errors);
            }
        }
        if problems.is_empty() {
            Ok(())
        } else {
            Err(Error::invalid_all(problems))
        }
    }

    fn store_ids(&self) -> Vec<i64> {
        self.store_ids.clone()
    }
}

/// A planner travels by its name (5K, 30-day, …), as audits and definitions show it.
mod planner_name {
    use serde::{Deserialize, Deserializer, Serializer, de::Error as _};

    use super::Planner;

    pub fn serialize<S: Serializer>(planner: &Planner, to: S) -> Result<S::Ok, S::Error> {
        to.serialize_str(&planner.name())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(from: D) -> Result<Planner, D::Error> {
        let name = String::deserialize(from)?;
        Planner::from_name(&name).ok_or_else(|| {
            D::Error::custom("planner must name a planner (0K, 0.5K, 5K … 130K, 7500, 30-day, …)")
        })
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn parse(value: serde_json::Value) -> Result<PlannerTransferInput> {
        domain::parse_job_input(&value)
    }

    #[test]
    fn days_default_to_the_spec_window_and_round_trip() {
        let input = parse(json!({"planner": "5K", "storeIds": [3]})).unwrap();
        assert_eq!((input.days.min_days(), input.days.max_days()), (0, 30));
        let again = parse(serde_json::to_value(&input).unwrap()).unwrap();
        assert_eq!(again, input);
    }

    #[test]
    fn days_outside_ten_years_are_refused_naming_the_field() {
        let error = parse(json!({"planner": "5K", "storeIds": [3], "minDays": i64::MIN}))
            .unwrap_err()
            .to_string();
        assert!(error.contains("minDays must be between"), "{error}");
        let error = parse(json!({"planner": "5K", "storeIds": [3], "minDays": 5, "maxDays": 1}))
            .unwrap_err()
            .to_string();
        assert!(error.contains("minDays must not be greater"), "{error}");
    }

    #[test]
    fn stores_dates_and_planner_names_are_checked() {
        assert!(parse(json!({"planner": "5K", "storeIds": []})).is_err());
        assert!(parse(json!({"planner": "2147483647K", "storeIds": [1]})).is_err());
        assert!(
            parse(json!({"planner": "5K", "storeIds": [1], "plannerDate": "9999-01-01"})).is_err()
        );
    }
}
