//! Due-service prediction: how far a vehicle drives, when each service milestone falls due
//! (time or mileage, whichever comes first), and what rules a vehicle out. Pure functions over
//! [`VehicleFacts`]; the rules are written down in docs/planners.md.

use chrono::{Datelike, Duration, Months, NaiveDate};

/// US average, 13,500 miles a year (FHWA): used when a vehicle's own history says nothing.
pub const DEFAULT_MILES_PER_DAY: f64 = 37.0;
/// Rates outside this band are taken as bad data (a typo, a swapped odometer), not driving.
pub const MIN_MILES_PER_DAY: f64 = 3.0;
pub const MAX_MILES_PER_DAY: f64 = 250.0;
/// Readings closer together than this say too little about a rate.
const MIN_HISTORY_DAYS: i64 = 30;
/// A service counts for a mileage milestone from this many miles before it (the spec's
/// mileage choices are "1000 below each").
pub const MILESTONE_TOLERANCE_MILES: i32 = 1_000;
/// A visit this close before a time-based milestone counts as that service.
const VISIT_TOLERANCE_DAYS: i64 = 30;

/// Op codes of a state inspection (spec constants).
pub const STATE_INSPECTION_OP_CODES: [&str; 10] = [
    "SI", "SEI", "SIF", "82A", "sifu", "simd", "sio", "sitk", "sitn", "siuf",
];
/// Makes the first-service planner follows (spec constants; "Chev" is how some DMSs write it).
pub const FIRST_SERVICE_MAKES: [&str; 4] = ["GMC", "Buick", "Chev", "Chevrolet"];
/// Models of the Honda service pass (spec constants).
pub const HONDA_SERVICE_PASS_MODELS: [&str; 8] = [
    "Civic",
    "Ridgeline",
    "Odyssey",
    "Pilot",
    "Passport",
    "Hr-V",
    "Cr-V",
    "City",
];

/// One odometer reading: a repair order's mileage, or the vehicle record's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OdometerReading {
    pub on: NaiveDate,
    pub miles: i32,
}

/// A visit to the service lane.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Visit {
    pub on: NaiveDate,
    pub miles: Option<i32>,
    pub closed: bool,
    pub op_codes: Vec<String>,
}

/// The sale that put the vehicle with its current owner.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sale {
    pub on: NaiveDate,
    /// NEW, CPO or USED.
    pub deal_type: String,
}

impl Sale {
    pub fn is_new(&self) -> bool {
        self.deal_type.eq_ignore_ascii_case("NEW")
    }

    pub fn is_cpo(&self) -> bool {
        self.deal_type.eq_ignore_ascii_case("CPO")
    }
}

/// What the planner knows of one vehicle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VehicleFacts {
    pub make: String,
    pub model: String,
    pub year: i32,
    /// When the vehicle went into service (first delivery); falls back to a NEW sale's date.
    pub in_service: Option<NaiveDate>,
    pub sale: Option<Sale>,
    /// The vehicle record's odometer and when it was written.
    pub odometer: Option<OdometerReading>,
    /// Readings staff recorded (virtual mileage records).
    pub readings: Vec<OdometerReading>,
    /// Its repair orders, any order.
    pub visits: Vec<Visit>,
    pub no_longer_owned: bool,
    /// The state whose inspection interval applies (the store's).
    pub state: Option<String>,
}

/// How a miles-per-day figure was reached.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RateBasis {
    /// Two or more consistent readings at least 30 days apart.
    History,
    /// One reading of a vehicle bought new: its miles over the days since delivery.
    SinceDelivery,
    /// Nothing usable: the national average.
    Default,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MileageRate {
    pub miles_per_day: f64,
    pub basis: RateBasis,
    /// The latest trusted reading, from which mileage is projected.
    pub last: Option<OdometerReading>,
}

impl MileageRate {
    /// The odometer projected from the last reading to a day, before or after it (never
    /// below zero).
    pub fn miles_on(&self, day: NaiveDate) -> Option<i32> {
        let last = self.last?;
        let days = (day - last.on).num_days() as f64;
        Some((last.miles + (days * self.miles_per_day).round() as i32).max(0))
    }

    /// The day the odometer reaches `miles` (in the past when it already has).
    pub fn day_reaching(&self, miles: i32) -> Option<NaiveDate> {
        let last = self.last?;
        let days = (f64::from(miles - last.miles) / self.miles_per_day).round() as i64;
        last.on.checked_add_signed(Duration::days(days))
    }
}

/// Every reading the facts hold, oldest first, keeping only a never-decreasing chain: a reading
/// below an earlier one (a typo, a replaced cluster) is dropped, not averaged in.
pub fn consistent_readings(facts: &VehicleFacts) -> Vec<OdometerReading> {
    let mut readings: Vec<OdometerReading> = facts
        .visits
        .iter()
        .filter_map(|v| v.miles.map(|miles| OdometerReading { on: v.on, miles }))
        .chain(facts.odometer)
        .chain(facts.readings.iter().copied())
        .filter(|r| r.miles >= 0)
        .collect();
    readings.sort_by_key(|r| (r.on, r.miles));
    let mut chain: Vec<OdometerReading> = Vec::with_capacity(readings.len());
    for reading in readings {
        match chain.last() {
            Some(last) if reading.miles < last.miles => {}
            Some(last) if reading.on == last.on => {
                // Same day: keep the higher reading.
                if let Some(l) = chain.last_mut() {
                    l.miles = reading.miles;
                }
            }
            _ => chain.push(reading),
        }
    }
    chain
}

/// Miles per day from the vehicle's readings, with the fallbacks of docs/planners.md.
pub fn estimate_rate(facts: &VehicleFacts) -> MileageRate {
    let chain = consistent_readings(facts);
    let last = chain.last().copied();
    let sane = |rate: f64| (MIN_MILES_PER_DAY..=MAX_MILES_PER_DAY).contains(&rate);
    if let (Some(first), Some(last)) = (chain.first(), last) {
        let days = (last.on - first.on).num_days();
        if days >= MIN_HISTORY_DAYS {
            let rate = f64::from(last.miles - first.miles) / days as f64;
            if sane(rate) {
                return MileageRate {
                    miles_per_day: rate,
                    basis: RateBasis::History,
                    last: Some(last),
                };
            }
        }
    }
    if let (Some(last), Some(delivered)) = (last, bought_new_on(facts)) {
        let days = (last.on - delivered).num_days();
        if days >= MIN_HISTORY_DAYS {
            let rate = f64::from(last.miles) / days as f64;
            if sane(rate) {
                return MileageRate {
                    miles_per_day: rate,
                    basis: RateBasis::SinceDelivery,
                    last: Some(last),
                };
            }
        }
    }
    MileageRate {
        miles_per_day: DEFAULT_MILES_PER_DAY,
        basis: RateBasis::Default,
        // Without a reading, a vehicle bought new starts from zero on its delivery day.
        last: last.or_else(|| bought_new_on(facts).map(|on| OdometerReading { on, miles: 0 })),
    }
}

/// The delivery day of a vehicle whose odometer started near zero with this owner.
fn bought_new_on(facts: &VehicleFacts) -> Option<NaiveDate> {
    match &facts.sale {
        Some(sale) if sale.is_new() => Some(facts.in_service.unwrap_or(sale.on)),
        _ => None,
    }
}

/// The planners of spec section 2 ("Predictive planner views") and 7 ("Predictions").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Planner {
    /// 0K: the thank-you after delivery (SALES_THANKS).
    DeliveryFollowUp,
    /// A mileage milestone from delivery, in miles: 500 (0.5K, SALES_TITLE), 5,000 (OIL_CHANGE),
    /// 7,500 (SVC_7500), 10,000 … 130,000 in 5,000 steps.
    Mileage(i32),
    /// 30 days after a sale (CHECK_UP_30D).
    CheckUp30Days,
    /// 90 days after a NEW sale (CHECK_UP).
    CheckUp90Days,
    /// 90 days after a CPO sale (CHECK_UP_CPO).
    CheckUpCpo,
    /// The first oil change after a CPO sale: 5,000 miles or 6 months (OIL_CHANGE_CPO).
    OilChangeCpo,
    /// Past 30 months in service: 5,000 miles or 6 months after the last visit.
    PostThirtyMonths,
    /// The state inspection, a state interval after the last one done here.
    StateInspection,
    /// The first service of a new GM vehicle (FIRST_SERVICE_GMC/BUICK/CHEVROLET).
    FirstService,
    /// Honda service pass: the next 6-month / 5,000-mile service in the two years after a NEW
    /// sale of the pass's models.
    HondaServicePass,
    /// Honda old models (HOM): ten or more model years old, a year since the last visit.
    HondaOldModel,
    /// HOM "new": five to nine model years old, a year since the last visit.
    HondaOldModelNewer,
    /// The day after a repair order closed: the post-visit follow-up (SVC_CLOSED_RO).
    ServiceClosed,
    /// The vehicles of an uploaded customer-vehicle batch, due at once (CV_LEAD_SMT_1).
    CustomerVehicleLead,
}

/// Mileage milestones a planner may follow.
pub fn is_mileage_milestone(miles: i32) -> bool {
    miles == 500 || miles == 7_500 || ((5_000..=130_000).contains(&miles) && miles % 5_000 == 0)
}

impl Planner {
    /// The lead's service type (spec "Service campaign types"); first service depends on the
    /// make.
    pub fn service_type(self, facts: &VehicleFacts) -> String {
        match self {
            Planner::FirstService => {
                let make = if facts.make.eq_ignore_ascii_case("Chev") {
                    "CHEVROLET".to_owned()
                } else {
                    facts.make.to_ascii_uppercase()
                };
                format!("FIRST_SERVICE_{make}")
            }
            other => other.nominal_service_type(),
        }
    }

    /// The service type a planner stands for in audits and definitions (first service: the
    /// family, FIRST_SERVICE).
    pub fn nominal_service_type(self) -> String {
        match self {
            Planner::DeliveryFollowUp => "SALES_THANKS".to_owned(),
            Planner::Mileage(500) => "SALES_TITLE".to_owned(),
            Planner::Mileage(5_000) => "OIL_CHANGE".to_owned(),
            Planner::Mileage(7_500) => "SVC_7500".to_owned(),
            Planner::Mileage(miles) => format!("OIL_CHANGE_{}K", miles / 1_000),
            Planner::CheckUp30Days => "CHECK_UP_30D".to_owned(),
            Planner::CheckUp90Days => "CHECK_UP".to_owned(),
            Planner::CheckUpCpo => "CHECK_UP_CPO".to_owned(),
            Planner::OilChangeCpo => "OIL_CHANGE_CPO".to_owned(),
            Planner::PostThirtyMonths => "OIL_CHANGE_POST_30_MONTHS".to_owned(),
            Planner::StateInspection => "STATE_INSPECTION".to_owned(),
            Planner::FirstService => "FIRST_SERVICE".to_owned(),
            Planner::HondaServicePass => "HONDA_SERVICE_PASS".to_owned(),
            Planner::HondaOldModel | Planner::HondaOldModelNewer => "HONDA_OLD_MODEL".to_owned(),
            Planner::ServiceClosed => "SVC_CLOSED_RO".to_owned(),
            Planner::CustomerVehicleLead => "CV_LEAD_SMT_1".to_owned(),
        }
    }

    /// Every planner but the mileage ones, which are `Mileage(miles)` for each milestone.
    pub const FIXED: [Planner; 14] = [
        Planner::DeliveryFollowUp,
        Planner::CheckUp30Days,
        Planner::CheckUp90Days,
        Planner::CheckUpCpo,
        Planner::OilChangeCpo,
        Planner::PostThirtyMonths,
        Planner::StateInspection,
        Planner::FirstService,
        Planner::HondaServicePass,
        Planner::HondaOldModel,
        Planner::HondaOldModelNewer,
        Planner::ServiceClosed,
        Planner::CustomerVehicleLead,
        Planner::Mileage(500),
    ];

    /// The planner a name (as [`Planner::name`] writes it) stands for.
    pub fn from_name(name: &str) -> Option<Planner> {
        let name = name.trim();
        if let Some(planner) = Planner::FIXED.into_iter().find(|p| p.name() == name) {
            return Some(planner);
        }
        let miles = match name {
            "7500" => 7_500,
            _ => name
                .strip_suffix('K')?
                .parse::<i32>()
                .ok()?
                .checked_mul(1_000)?,
        };
        is_mileage_milestone(miles).then_some(Planner::Mileage(miles))
    }

    /// The planner's name in audits and definitions.
    pub fn name(self) -> String {
        match self {
            Planner::DeliveryFollowUp => "0K".to_owned(),
            Planner::Mileage(500) => "0.5K".to_owned(),
            Planner::Mileage(7_500) => "7500".to_owned(),
            Planner::Mileage(miles) => format!("{}K", miles / 1_000),
            Planner::CheckUp30Days => "30-day".to_owned(),
            Planner::CheckUp90Days => "90-day".to_owned(),
            Planner::CheckUpCpo => "90-day CPO".to_owned(),
            Planner::OilChangeCpo => "5K CPO".to_owned(),
            Planner::PostThirtyMonths => "post-30-months".to_owned(),
            Planner::StateInspection => "state inspection".to_owned(),
            Planner::FirstService => "first service".to_owned(),
            Planner::HondaServicePass => "Honda service pass".to_owned(),
            Planner::HondaOldModel => "HOM".to_owned(),
            Planner::HondaOldModelNewer => "HOM new".to_owned(),
            Planner::ServiceClosed => "service closed".to_owned(),
            Planner::CustomerVehicleLead => "CV leads".to_owned(),
        }
    }
}

/// When a milestone falls due for a vehicle, and why.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Due {
    pub on: NaiveDate,
    /// The time limit decided it (rather than the mileage).
    pub by_time: bool,
    /// The odometer projected to the due day, when known.
    pub estimated_miles: Option<i32>,
    pub rate: MileageRate,
}

/// Why a vehicle is not a candidate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Exclusion {
    /// The planner does not apply (make, model, deal type, age, no sale or history).
    NotApplicable,
    /// The owner no longer has it.
    NoLongerOwned,
    /// Its due day is outside the window.
    NotDue,
    /// The service was done: a visit at or after the milestone.
    AlreadyServiced,
}

/// Months of a mileage milestone: 5,000 miles ↔ 6 months (0.5K: 1 month).
pub fn milestone_months(miles: i32) -> u32 {
    if miles <= 500 {
        1
    } else {
        (f64::from(miles) / 5_000.0 * 6.0).round() as u32
    }
}

fn add_months(day: NaiveDate, months: u32) -> Option<NaiveDate> {
    day.checked_add_months(Months::new(months))
}

/// Months between state inspections; most states inspect yearly (docs/planners.md).
pub fn inspection_interval_months(state: Option<&str>) -> u32 {
    match state.map(str::to_ascii_uppercase).as_deref() {
        Some("DE" | "MO" | "NJ" | "RI") => 24,
        _ => 12,
    }
}

fn closed_visits(facts: &VehicleFacts) -> impl Iterator<Item = &Visit> {
    facts.visits.iter().filter(|v| v.closed)
}

/// Due day of a mileage target from a start day: the earlier of the day the odometer reaches
/// `miles` and `months` after `from`.
fn time_or_mileage(rate: MileageRate, miles: i32, from: NaiveDate, months: u32) -> Option<Due> {
    let by_time = add_months(from, months)?;
    let by_miles = rate.day_reaching(miles);
    let (on, by_time) = match by_miles {
        Some(day) if day < by_time => (day, false),
        _ => (by_time, true),
    };
    Some(Due {
        on,
        by_time,
        estimated_miles: rate.miles_on(on),
        rate,
    })
}

/// When the planner's milestone falls due for the vehicle, or why it never does for it.
pub fn due(planner: Planner, facts: &VehicleFacts) -> Result<Due, Exclusion> {
    let rate = estimate_rate(facts);
    let at = |on: NaiveDate| Due {
        on,
        by_time: true,
        estimated_miles: rate.miles_on(on),
        rate,
    };
    let sale = facts.sale.as_ref();
    let in_service = facts
        .in_service
        .or_else(|| sale.filter(|s| s.is_new()).map(|s| s.on));
    let last_visit = closed_visits(facts).map(|v| v.on).max();
    let is_honda = facts.make.eq_ignore_ascii_case("Honda");
    match planner {
        Planner::DeliveryFollowUp => {
            let sale = sale.ok_or(Exclusion::NotApplicable)?;
            Ok(at(sale.on + Duration::days(1)))
        }
        Planner::Mileage(miles) => {
            let from = in_service.ok_or(Exclusion::NotApplicable)?;
            time_or_mileage(rate, miles, from, milestone_months(miles))
                .ok_or(Exclusion::NotApplicable)
        }
        Planner::CheckUp30Days => Ok(at(
            sale.ok_or(Exclusion::NotApplicable)?.on + Duration::days(30)
        )),
        Planner::CheckUp90Days => match sale {
            Some(s) if s.is_new() => Ok(at(s.on + Duration::days(90))),
            _ => Err(Exclusion::NotApplicable),
        },
        Planner::CheckUpCpo => match sale {
            Some(s) if s.is_cpo() => Ok(at(s.on + Duration::days(90))),
            _ => Err(Exclusion::NotApplicable),
        },
        Planner::OilChangeCpo => match sale {
            Some(s) if s.is_cpo() => {
                let at_sale = rate.miles_on(s.on).ok_or(Exclusion::NotApplicable)?;
                time_or_mileage(rate, at_sale + 5_000, s.on, 6).ok_or(Exclusion::NotApplicable)
            }
            _ => Err(Exclusion::NotApplicable),
        },
        Planner::PostThirtyMonths => {
            let from = in_service.ok_or(Exclusion::NotApplicable)?;
            let thirty_months = add_months(from, 30).ok_or(Exclusion::NotApplicable)?;
            // From the last visit after the 30 months, else from the 30 months themselves.
            let start = last_visit
                .filter(|v| *v >= thirty_months)
                .unwrap_or(thirty_months);
            let start_miles = closed_visits(facts)
                .filter(|v| v.on == start)
                .filter_map(|v| v.miles)
                .max()
                .or_else(|| rate.miles_on(start))
                .ok_or(Exclusion::NotApplicable)?;
            time_or_mileage(rate, start_miles + 5_000, start, 6).ok_or(Exclusion::NotApplicable)
        }
        Planner::StateInspection => {
            let last = closed_visits(facts)
                .filter(|v| {
                    v.op_codes.iter().any(|code| {
                        STATE_INSPECTION_OP_CODES
                            .iter()
                            .any(|si| si.eq_ignore_ascii_case(code))
                    })
                })
                .map(|v| v.on)
                .max()
                .ok_or(Exclusion::NotApplicable)?;
            let months = inspection_interval_months(facts.state.as_deref());
            Ok(at(add_months(last, months).ok_or(Exclusion::NotApplicable)?))
        }
        Planner::FirstService => match sale {
            Some(s)
                if s.is_new()
                    && FIRST_SERVICE_MAKES
                        .iter()
                        .any(|m| m.eq_ignore_ascii_case(&facts.make)) =>
            {
                let from = in_service.unwrap_or(s.on);
                time_or_mileage(rate, 5_000, from, 6).ok_or(Exclusion::NotApplicable)
            }
            _ => Err(Exclusion::NotApplicable),
        },
        Planner::HondaServicePass => match sale {
            Some(s)
                if s.is_new()
                    && is_honda
                    && HONDA_SERVICE_PASS_MODELS
                        .iter()
                        .any(|m| m.eq_ignore_ascii_case(&facts.model)) =>
            {
                // The pass's next 6-month / 5,000-mile service after the last visit (or the
                // sale), inside its two years.
                let start = last_visit.filter(|v| *v >= s.on).unwrap_or(s.on);
                let start_miles = rate.miles_on(start).unwrap_or(0);
                let due = time_or_mileage(rate, start_miles + 5_000, start, 6)
                    .ok_or(Exclusion::NotApplicable)?;
                let pass_ends = add_months(s.on, 24).ok_or(Exclusion::NotApplicable)?;
                if due.on > pass_ends {
                    Err(Exclusion::NotApplicable)
                } else {
                    Ok(due)
                }
            }
            _ => Err(Exclusion::NotApplicable),
        },
        // Its due day is the window's first: see `evaluate`.
        Planner::CustomerVehicleLead => Err(Exclusion::NotApplicable),
        Planner::ServiceClosed => Ok(at(
            last_visit.ok_or(Exclusion::NotApplicable)? + Duration::days(1)
        )),
        Planner::HondaOldModel | Planner::HondaOldModelNewer => {
            if !is_honda {
                return Err(Exclusion::NotApplicable);
            }
            let last = last_visit.ok_or(Exclusion::NotApplicable)?;
            let age = last.year() - facts.year;
            let fits = match planner {
                Planner::HondaOldModel => age >= 10,
                _ => (5..10).contains(&age),
            };
            if !fits {
                return Err(Exclusion::NotApplicable);
            }
            Ok(at(add_months(last, 12).ok_or(Exclusion::NotApplicable)?))
        }
    }
}

/// Whether the milestone's service was already done: for a mileage milestone, a closed visit
/// at or past it (less the tolerance); for a time milestone, a closed visit from 30 days before
/// it on. Planners that count from the last visit (post-30-months, Honda, inspection) are never
/// "done": their due day moves with each visit.
pub fn already_serviced(planner: Planner, facts: &VehicleFacts, due: &Due) -> bool {
    let visited_since = |day: NaiveDate| closed_visits(facts).any(|v| v.on >= day);
    match planner {
        Planner::Mileage(miles) => closed_visits(facts).any(|v| {
            v.miles
                .is_some_and(|m| m >= miles - MILESTONE_TOLERANCE_MILES)
                || (due.by_time && v.on >= due.on - Duration::days(VISIT_TOLERANCE_DAYS))
        }),
        Planner::CheckUp30Days
        | Planner::CheckUp90Days
        | Planner::CheckUpCpo
        | Planner::OilChangeCpo
        | Planner::FirstService => {
            let since = facts
                .sale
                .as_ref()
                .map_or(due.on, |s| s.on + Duration::days(7));
            visited_since(since.max(due.on - Duration::days(VISIT_TOLERANCE_DAYS)))
        }
        Planner::DeliveryFollowUp
        | Planner::PostThirtyMonths
        | Planner::StateInspection
        | Planner::HondaServicePass
        | Planner::HondaOldModel
        | Planner::HondaOldModelNewer
        | Planner::ServiceClosed
        | Planner::CustomerVehicleLead => false,
    }
}

/// The farthest a planner window reaches from the planner date, either way: ten years.
pub const MAX_WINDOW_DAYS: i64 = 3_650;

/// A planner's window in days from the planner date (negative: before it), as requests,
/// definitions and job inputs carry it. The one place its rules live: each bound within
/// [`MAX_WINDOW_DAYS`] either way, and `minDays` not after `maxDays`. Missing bounds are the
/// spec's defaults, 0 and 30.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(try_from = "DayRangeFields", rename_all = "camelCase")]
pub struct DayRange {
    min_days: i64,
    max_days: i64,
}

#[derive(serde::Deserialize)]
#[serde(rename_all = "camelCase")]
struct DayRangeFields {
    min_days: Option<i64>,
    max_days: Option<i64>,
}

impl TryFrom<DayRangeFields> for DayRange {
    type Error = domain::Error;

    fn try_from(fields: DayRangeFields) -> Result<Self, Self::Error> {
        Self::new(fields.min_days, fields.max_days)
    }
}

impl DayRange {
    pub const DEFAULT_MIN_DAYS: i64 = 0;
    pub const DEFAULT_MAX_DAYS: i64 = 30;

    /// Checks the bounds; every problem is listed, naming its field.
    pub fn new(min_days: Option<i64>, max_days: Option<i64>) -> domain::Result<Self> {
        let min_days = min_days.unwrap_or(Self::DEFAULT_MIN_DAYS);
        let max_days = max_days.unwrap_or(Self::DEFAULT_MAX_DAYS);
        let mut problems = Vec::new();
        for (field, days) in [("minDays", min_days), ("maxDays", max_days)] {
            if !(-MAX_WINDOW_DAYS..=MAX_WINDOW_DAYS).contains(&days) {
                problems.push(format!(
                    "{field} must be between -{MAX_WINDOW_DAYS} and {MAX_WINDOW_DAYS} days (within 10 years)"
                ));
            }
        }
        if problems.is_empty() && min_days > max_days {
            problems.push("minDays must not be greater than maxDays".to_owned());
        }
        if problems.is_empty() {
            Ok(Self { min_days, max_days })
        } else {
            Err(domain::Error::invalid_all(problems))
        }
    }

    pub fn min_days(self) -> i64 {
        self.min_days
    }

    pub fn max_days(self) -> i64 {
        self.max_days
    }

    /// The due days this range covers from `planner_date`.
    pub fn window(self, planner_date: NaiveDate) -> domain::Result<Window> {
        Window::new(planner_date, self.min_days, self.max_days)
            .ok_or_else(|| domain::Error::invalid("plannerDate is too far in the future"))
    }
}

impl Default for DayRange {
    fn default() -> Self {
        Self {
            min_days: Self::DEFAULT_MIN_DAYS,
            max_days: Self::DEFAULT_MAX_DAYS,
        }
    }
}

/// The planner window: due days from `planner_date + min_days` to `planner_date + max_days`,
/// both included.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Window {
    pub from: NaiveDate,
    pub to: NaiveDate,
}

impl Window {
    pub fn new(planner_date: NaiveDate, min_days: i64, max_days: i64) -> Option<Self> {
        if min_days > max_days {
            return None;
        }
        Some(Self {
            from: planner_date.checked_add_signed(Duration::days(min_days))?,
            to: planner_date.checked_add_signed(Duration::days(max_days))?,
        })
    }

    pub fn contains(&self, day: NaiveDate) -> bool {
        self.from <= day && day <= self.to
    }
}

/// A planner's verdict on one vehicle.
pub fn evaluate(planner: Planner, facts: &VehicleFacts, window: Window) -> Result<Due, Exclusion> {
    if facts.no_longer_owned {
        return Err(Exclusion::NoLongerOwned);
    }
    if planner == Planner::CustomerVehicleLead {
        // A batch someone uploaded to contact now: due on the window's first day.
        let rate = estimate_rate(facts);
        return Ok(Due {
            on: window.from,
            by_time: true,
            estimated_miles: rate.miles_on(window.from),
            rate,
        });
    }
    let due = due(planner, facts)?;
    if !window.contains(due.on) {
        return Err(Exclusion::NotDue);
    }
    if already_serviced(planner, facts, &due) {
        return Err(Exclusion::AlreadyServiced);
    }
    Ok(due)
}
