//! The due-date rules, pinned with hand-computed cases (docs/planners.md).

use chrono::NaiveDate;

use super::model::*;

fn day(text: &str) -> NaiveDate {
    text.parse().expect("a date")
}

fn vehicle(make: &str, model: &str, year: i32) -> VehicleFacts {
    VehicleFacts {
        make: make.to_owned(),
        model: model.to_owned(),
        year,
        in_service: None,
        sale: None,
        odometer: None,
        readings: Vec::new(),
        visits: Vec::new(),
        no_longer_owned: false,
        state: None,
    }
}

fn sold(mut facts: VehicleFacts, on: &str, deal_type: &str) -> VehicleFacts {
    facts.sale = Some(Sale {
        on: day(on),
        deal_type: deal_type.to_owned(),
    });
    facts
}

fn visit(mut facts: VehicleFacts, on: &str, miles: i32, op_codes: &[&str]) -> VehicleFacts {
    facts.visits.push(Visit {
        on: day(on),
        miles: Some(miles),
        closed: true,
        op_codes: op_codes.iter().map(|c| (*c).to_owned()).collect(),
    });
    facts
}

fn window(from: &str, to: &str) -> Window {
    Window {
        from: day(from),
        to: day(to),
    }
}

#[test]
fn the_rate_comes_from_readings_at_least_30_days_apart() {
    // 5,430 miles in 181 days.
    let facts = visit(
        visit(vehicle("Toyota", "Camry", 2022), "2025-01-01", 10_000, &[]),
        "2025-07-01",
        15_430,
        &[],
    );
    let rate = estimate_rate(&facts);
    assert_eq!(rate.basis, RateBasis::History);
    assert!((rate.miles_per_day - 30.0).abs() < 1e-9);
    assert_eq!(rate.miles_on(day("2025-07-11")), Some(15_730));
}

#[test]
fn an_odometer_going_backwards_is_dropped_not_averaged() {
    let facts = visit(
        visit(
            visit(vehicle("Toyota", "Camry", 2022), "2025-01-01", 10_000, &[]),
            "2025-04-01",
            9_000,
            &[],
        ),
        "2025-07-01",
        15_430,
        &[],
    );
    let chain = consistent_readings(&facts);
    assert_eq!(chain.len(), 2);
    assert!((estimate_rate(&facts).miles_per_day - 30.0).abs() < 1e-9);
}

#[test]
fn one_visit_of_a_car_bought_new_counts_from_delivery_else_the_average() {
    // 3,000 miles in the 60 days since a NEW delivery: 50 a day.
    let new = visit(
        sold(vehicle("Honda", "Civic", 2025), "2025-01-01", "NEW"),
        "2025-03-02",
        3_000,
        &[],
    );
    let rate = estimate_rate(&new);
    assert_eq!(rate.basis, RateBasis::SinceDelivery);
    assert!((rate.miles_per_day - 50.0).abs() < 1e-9);
    // Bought used, the miles before the sale are not this owner's: the national average.
    let used = visit(
        sold(vehicle("Honda", "Civic", 2019), "2025-01-01", "USED"),
        "2025-03-02",
        63_000,
        &[],
    );
    let rate = estimate_rate(&used);
    assert_eq!(rate.basis, RateBasis::Default);
    assert!((rate.miles_per_day - DEFAULT_MILES_PER_DAY).abs() < 1e-9);
    assert_eq!(
        rate.last,
        Some(OdometerReading {
            on: day("2025-03-02"),
            miles: 63_000
        })
    );
}

#[test]
fn an_implausible_rate_falls_back_to_the_average() {
    // 100,000 miles in 60 days is a typo, not driving.
    let facts = visit(
        visit(vehicle("Ford", "F-150", 2021), "2025-01-01", 20_000, &[]),
        "2025-03-02",
        120_000,
        &[],
    );
    assert_eq!(estimate_rate(&facts).basis, RateBasis::Default);
    // Readings too close together say nothing either.
    let close = visit(
        visit(vehicle("Ford", "F-150", 2021), "2025-01-01", 20_000, &[]),
        "2025-01-20",
        20_900,
        &[],
    );
    assert_eq!(estimate_rate(&close).basis, RateBasis::Default);
}

#[test]
fn a_mileage_milestone_is_due_at_the_mileage_when_it_comes_first() {
    // 50 miles a day from 3,000 on 2025-03-02: 10,000 after 140 more days, 2025-07-20; the time
    // limit (12 months from delivery) is 2026-01-01.
    let facts = visit(
        sold(vehicle("Honda", "Civic", 2025), "2025-01-01", "NEW"),
        "2025-03-02",
        3_000,
        &[],
    );
    let due = due(Planner::Mileage(10_000), &facts).unwrap();
    assert_eq!(due.on, day("2025-07-20"));
    assert!(!due.by_time);
    assert_eq!(due.estimated_miles, Some(10_000));
}

#[test]
fn a_mileage_milestone_is_due_at_the_time_limit_when_it_comes_first() {
    // 10 miles a day: 5,000 miles would take until 2026-05-16; six months is 2025-07-01.
    let facts = visit(
        sold(vehicle("Honda", "Civic", 2025), "2025-01-01", "NEW"),
        "2025-07-01",
        1_810,
        &[],
    );
    let due = due(Planner::Mileage(5_000), &facts).unwrap();
    assert_eq!(due.on, day("2025-07-01"));
    assert!(due.by_time);
}

#[test]
fn a_service_at_the_milestone_less_1000_miles_means_it_was_done() {
    let base = visit(
        sold(vehicle("Honda", "Civic", 2025), "2025-01-01", "NEW"),
        "2025-03-02",
        3_000,
        &[],
    );
    let whole_year = window("2025-01-01", "2025-12-31");
    assert!(evaluate(Planner::Mileage(10_000), &base, whole_year).is_ok());
    let at_8500 = visit(base.clone(), "2025-06-20", 8_500, &[]);
    assert!(evaluate(Planner::Mileage(10_000), &at_8500, whole_year).is_ok());
    let at_9200 = visit(base, "2025-06-30", 9_200, &[]);
    assert_eq!(
        evaluate(Planner::Mileage(10_000), &at_9200, whole_year),
        Err(Exclusion::AlreadyServiced)
    );
}

#[test]
fn the_window_runs_from_min_to_max_days_after_the_planner_date() {
    let window = Window::new(day("2025-07-15"), 0, 30).unwrap();
    assert_eq!(window.from, day("2025-07-15"));
    assert_eq!(window.to, day("2025-08-14"));
    assert!(window.contains(day("2025-07-20")));
    assert!(!window.contains(day("2025-08-15")));
    let overdue_too = Window::new(day("2025-07-15"), -10, 0).unwrap();
    assert_eq!(overdue_too.from, day("2025-07-05"));
    assert!(Window::new(day("2025-07-15"), 5, 1).is_none());

    let facts = visit(
        sold(vehicle("Honda", "Civic", 2025), "2025-01-01", "NEW"),
        "2025-03-02",
        3_000,
        &[],
    );
    assert_eq!(
        evaluate(Planner::Mileage(10_000), &facts, window).map(|d| d.on),
        Ok(day("2025-07-20"))
    );
    assert_eq!(
        evaluate(Planner::Mileage(10_000), &facts, overdue_too),
        Err(Exclusion::NotDue)
    );
}

#[test]
fn a_vehicle_no_longer_owned_is_never_a_candidate() {
    let mut facts = sold(vehicle("Honda", "Civic", 2025), "2025-01-01", "NEW");
    facts.no_longer_owned = true;
    assert_eq!(
        evaluate(
            Planner::DeliveryFollowUp,
            &facts,
            window("2025-01-01", "2025-12-31")
        ),
        Err(Exclusion::NoLongerOwned)
    );
}

#[test]
fn check_ups_count_days_from_the_sale_by_deal_type() {
    let new = sold(vehicle("Kia", "Soul", 2025), "2025-03-10", "NEW");
    assert_eq!(
        due(Planner::CheckUp90Days, &new).unwrap().on,
        day("2025-06-08")
    );
    assert_eq!(
        due(Planner::CheckUp30Days, &new).unwrap().on,
        day("2025-04-09")
    );
    assert_eq!(
        due(Planner::CheckUpCpo, &new),
        Err(Exclusion::NotApplicable)
    );
    let cpo = sold(vehicle("Kia", "Soul", 2022), "2025-03-10", "CPO");
    assert_eq!(
        due(Planner::CheckUpCpo, &cpo).unwrap().on,
        day("2025-06-08")
    );
    assert_eq!(
        due(Planner::CheckUp90Days, &cpo),
        Err(Exclusion::NotApplicable)
    );
    assert_eq!(
        due(Planner::DeliveryFollowUp, &cpo).unwrap().on,
        day("2025-03-11")
    );
    // A visit after the sale's first week, within 30 days of the check-up, is the check-up.
    let visited = visit(new, "2025-04-01", 900, &[]);
    assert_eq!(
        evaluate(
            Planner::CheckUp30Days,
            &visited,
            window("2025-04-01", "2025-04-30")
        ),
        Err(Exclusion::AlreadyServiced)
    );
}

#[test]
fn the_cpo_oil_change_counts_5000_miles_from_the_odometer_at_sale() {
    // 30 miles a day; at the sale (2025-04-01, 91 days before the 35,430 reading) the odometer
    // was 35,430 − 91 × 30 = 32,700, so the target is 37,700; six months is 2025-10-01.
    let facts = visit(
        visit(
            sold(vehicle("Toyota", "RAV4", 2021), "2025-04-01", "CPO"),
            "2025-01-01",
            30_000,
            &[],
        ),
        "2025-07-01",
        35_430,
        &[],
    );
    let due = due(Planner::OilChangeCpo, &facts).unwrap();
    // From 35,430 on 07-01 to 37,700: 2,270 / 30 = 75.67 → 76 days: 2025-09-15.
    assert_eq!(due.on, day("2025-09-15"));
    assert!(!due.by_time);
}

#[test]
fn post_30_months_counts_from_the_last_visit_after_30_months() {
    // In service 2022-01-15 (30 months: 2024-07-15). Visits 2024-08-01 at 35,000 and
    // 2025-02-01 at 40,000: 27.17 a day, so 45,000 on 2025-08-04; six months after the last
    // visit, 2025-08-01, comes first.
    let mut facts = visit(
        visit(
            sold(vehicle("Nissan", "Rogue", 2021), "2022-01-15", "NEW"),
            "2024-08-01",
            35_000,
            &[],
        ),
        "2025-02-01",
        40_000,
        &[],
    );
    let due = due(Planner::PostThirtyMonths, &facts).unwrap();
    assert_eq!(due.on, day("2025-08-01"));
    assert!(due.by_time);
    // Younger than 30 months at its last visit: counted from the 30 months.
    facts.in_service = Some(day("2023-01-15"));
    assert_eq!(
        super::model::due(Planner::PostThirtyMonths, &facts)
            .unwrap()
            .on,
        day("2026-01-15")
    );
}

#[test]
fn state_inspections_follow_the_spec_op_codes_and_the_state_interval() {
    let mut facts = visit(
        vehicle("Subaru", "Outback", 2019),
        "2024-09-10",
        70_000,
        &["LOF", "sitk"],
    );
    facts.state = Some("NY".to_owned());
    assert_eq!(
        due(Planner::StateInspection, &facts).unwrap().on,
        day("2025-09-10")
    );
    facts.state = Some("nj".to_owned());
    assert_eq!(
        due(Planner::StateInspection, &facts).unwrap().on,
        day("2026-09-10")
    );
    let never_inspected = visit(
        vehicle("Subaru", "Outback", 2019),
        "2024-09-10",
        70_000,
        &["LOF"],
    );
    assert_eq!(
        due(Planner::StateInspection, &never_inspected),
        Err(Exclusion::NotApplicable)
    );
}

#[test]
fn first_service_is_for_new_gm_makes_only() {
    // No readings: from delivery at 37 a day, 5,000 miles in 135 days (2025-06-16), before six
    // months (2025-08-01).
    let chevy = sold(vehicle("Chev", "Equinox", 2025), "2025-02-01", "NEW");
    let due = due(Planner::FirstService, &chevy).unwrap();
    assert_eq!(due.on, day("2025-06-16"));
    assert_eq!(
        Planner::FirstService.service_type(&chevy),
        "FIRST_SERVICE_CHEVROLET"
    );
    let buick = sold(vehicle("Buick", "Encore", 2025), "2025-02-01", "NEW");
    assert_eq!(
        Planner::FirstService.service_type(&buick),
        "FIRST_SERVICE_BUICK"
    );
    let ford = sold(vehicle("Ford", "Escape", 2025), "2025-02-01", "NEW");
    assert_eq!(
        super::model::due(Planner::FirstService, &ford),
        Err(Exclusion::NotApplicable)
    );
    let used_gmc = sold(vehicle("GMC", "Acadia", 2020), "2025-02-01", "USED");
    assert_eq!(
        super::model::due(Planner::FirstService, &used_gmc),
        Err(Exclusion::NotApplicable)
    );
}

#[test]
fn the_honda_service_pass_covers_its_models_for_two_years() {
    // 2025-01-10 + 135 days at the average rate: 2025-05-25.
    let civic = sold(vehicle("Honda", "Civic", 2025), "2025-01-10", "NEW");
    assert_eq!(
        due(Planner::HondaServicePass, &civic).unwrap().on,
        day("2025-05-25")
    );
    let accord = sold(vehicle("Honda", "Accord", 2025), "2025-01-10", "NEW");
    assert_eq!(
        due(Planner::HondaServicePass, &accord),
        Err(Exclusion::NotApplicable)
    );
    // The next service after a visit past the pass's two years is not covered.
    let late = visit(
        sold(vehicle("Honda", "CR-V", 2023), "2023-01-10", "NEW"),
        "2024-12-01",
        30_000,
        &[],
    );
    assert_eq!(
        due(Planner::HondaServicePass, &late),
        Err(Exclusion::NotApplicable)
    );
}

#[test]
fn honda_old_models_are_a_year_after_the_last_visit_by_age() {
    let old = visit(vehicle("Honda", "Accord", 2012), "2024-05-01", 150_000, &[]);
    assert_eq!(
        due(Planner::HondaOldModel, &old).unwrap().on,
        day("2025-05-01")
    );
    assert_eq!(
        due(Planner::HondaOldModelNewer, &old),
        Err(Exclusion::NotApplicable)
    );
    let newer = visit(vehicle("Honda", "Accord", 2018), "2024-05-01", 60_000, &[]);
    assert!(due(Planner::HondaOldModelNewer, &newer).is_ok());
    let toyota = visit(vehicle("Toyota", "Camry", 2012), "2024-05-01", 150_000, &[]);
    assert_eq!(
        due(Planner::HondaOldModel, &toyota),
        Err(Exclusion::NotApplicable)
    );
}

#[test]
fn milestones_map_to_the_spec_service_types_and_intervals() {
    let any = vehicle("Honda", "Civic", 2025);
    let cases = [
        (500, "SALES_TITLE", 1),
        (5_000, "OIL_CHANGE", 6),
        (7_500, "SVC_7500", 9),
        (10_000, "OIL_CHANGE_10K", 12),
        (25_000, "OIL_CHANGE_25K", 30),
        (130_000, "OIL_CHANGE_130K", 156),
    ];
    for (miles, service, months) in cases {
        assert!(is_mileage_milestone(miles));
        assert_eq!(Planner::Mileage(miles).service_type(&any), service);
        assert_eq!(milestone_months(miles), months);
    }
    for miles in [0, 6_000, 135_000, -5_000] {
        assert!(!is_mileage_milestone(miles));
    }
    assert_eq!(Planner::DeliveryFollowUp.service_type(&any), "SALES_THANKS");
    assert_eq!(Planner::Mileage(500).name(), "0.5K");
    assert_eq!(Planner::Mileage(10_000).name(), "10K");
}

#[test]
fn service_closed_follows_up_the_day_after_the_last_closed_visit() {
    let facts = visit(
        vehicle("Mazda", "CX-5", 2020),
        "2025-05-02",
        41_000,
        &["LOF"],
    );
    assert_eq!(
        due(Planner::ServiceClosed, &facts).unwrap().on,
        day("2025-05-03")
    );
    assert_eq!(
        due(Planner::ServiceClosed, &vehicle("Mazda", "CX-5", 2020)),
        Err(Exclusion::NotApplicable)
    );
}

#[test]
fn customer_vehicle_leads_are_due_on_the_windows_first_day() {
    let facts = vehicle("Mazda", "CX-5", 2020);
    let due = evaluate(
        Planner::CustomerVehicleLead,
        &facts,
        window("2025-05-02", "2025-05-30"),
    )
    .unwrap();
    assert_eq!(due.on, day("2025-05-02"));
    assert_eq!(
        Planner::CustomerVehicleLead.service_type(&facts),
        "CV_LEAD_SMT_1"
    );
    let mut sold_on = facts;
    sold_on.no_longer_owned = true;
    assert_eq!(
        evaluate(
            Planner::CustomerVehicleLead,
            &sold_on,
            window("2025-05-02", "2025-05-30")
        ),
        Err(Exclusion::NoLongerOwned)
    );
}

#[test]
fn every_planner_is_found_by_its_name() {
    for planner in Planner::FIXED {
        assert_eq!(Planner::from_name(&planner.name()), Some(planner));
    }
    for miles in [5_000, 7_500, 10_000, 130_000] {
        let planner = Planner::Mileage(miles);
        assert_eq!(Planner::from_name(&planner.name()), Some(planner));
    }
    assert_eq!(Planner::from_name("0.5K"), Some(Planner::Mileage(500)));
    assert_eq!(Planner::from_name("12K"), None);
    assert_eq!(Planner::from_name("nonsense"), None);
}
