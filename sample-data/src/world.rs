//! The per-vehicle part of the demo world (customers, vehicles, sales, repair orders,
//! appointments, leads and their conversations), generated and written one batch at a time.

use super::*;

/// Lead stages with their share of generated leads.
pub(super) const LEAD_STAGES: &[(&str, u32)] = &[
    ("NOT_STARTED", 13),
    ("INITIATED", 35),
    ("RESPONDED", 15),
    ("CONTACTED", 8),
    ("ENGAGED", 12),
    ("APPOINTMENT_SET", 10),
    ("SHOW_OR_NO_SHOW", 5),
    ("CAR_BOUGHT_OR_NOTBOUGHT", 2),
];

pub(super) const OPEN_RO_STATUSES: &[&str] = &[
    "UNASSIGNED",
    "PREASSIGNED",
    "ASSIGNED",
    "HOLD",
    "COMPLETE",
    "BOOKED",
];

/// The per-vehicle part of the world, buffered one batch at a time.
pub(super) struct World {
    now: DateTime<Utc>,
    today: NaiveDate,
    stores: Vec<StoreInfo>,
    /// Cumulative store weights per enterprise, for picking a store.
    next: NextIds,
    customers: Rows<Customers>,
    vehicles: Rows<ServiceVehicles>,
    sales: Rows<Sales>,
    repair_orders: Rows<RepairOrders>,
    lines: Rows<RepairOrderLines>,
    appointments: Rows<ServiceAppointments>,
    leads: Rows<FutureServiceInteractions>,
    messages: Rows<MessageInstances>,
    marks: Rows<Marks>,
    /// Enterprises that already have their household of two cars due (see `generate_batch`).
    households: Vec<i64>,
}

#[derive(Default)]
pub(super) struct NextIds {
    customer: i64,
    vehicle: i64,
    sale: i64,
    repair_order: i64,
    line: i64,
    appointment: i64,
    lead: i64,
    message: i64,
    mark: i64,
}

pub(super) fn bump(counter: &mut i64) -> i64 {
    *counter += 1;
    *counter
}

/// One message of a generated conversation.
pub(super) struct DemoMessage {
    inbound: bool,
    message_type: &'static str,
    notification_type: &'static str,
    content: String,
    subject: Option<String>,
    status: &'static str,
    error: Option<(&'static str, &'static str)>,
    at: DateTime<Utc>,
    sent_by: Option<String>,
    /// What task and call cards show: the task's time or the call's start, the call's
    /// recording and length.
    card: Option<CardFacts>,
}

pub(super) struct CardFacts {
    starts_at: DateTime<Utc>,
    recording: Option<String>,
    call_seconds: Option<i32>,
}

/// Every enterprise has one demo call recording, a ringback tone (capability URL, like uploads).
pub(super) const RECORDING_FILE: &str = "call-recording.wav";

pub(super) fn recording_token(enterprise_id: i64) -> String {
    format!("demo-call-recording-{enterprise_id}")
}

/// Two seconds of the North American ringback tone (440 + 480 Hz), 8 kHz 8-bit mono WAV.
pub(super) fn ringback_wav() -> Vec<u8> {
    const RATE: u32 = 8_000;
    let samples: Vec<u8> = (0..RATE * 2)
        .map(|i| {
            let t = i as f32 / RATE as f32;
            let on = t < 1.2;
            let tone = (t * 440.0 * std::f32::consts::TAU).sin()
                + (t * 480.0 * std::f32::consts::TAU).sin();
            (128.0 + if on { tone * 40.0 } else { 0.0 }) as u8
        })
        .collect();
    let mut wav = Vec::with_capacity(44 + samples.len());
    wav.extend_from_slice(b"RIFF");
    wav.extend_from_slice(&(36 + samples.len() as u32).to_le_bytes());
    wav.extend_from_slice(b"WAVEfmt ");
    wav.extend_from_slice(&16u32.to_le_bytes());
    wav.extend_from_slice(&1u16.to_le_bytes()); // PCM
    wav.extend_from_slice(&1u16.to_le_bytes()); // mono
    wav.extend_from_slice(&RATE.to_le_bytes());
    wav.extend_from_slice(&RATE.to_le_bytes()); // bytes per second
    wav.extend_from_slice(&1u16.to_le_bytes()); // block align
    wav.extend_from_slice(&8u16.to_le_bytes()); // bits per sample
    wav.extend_from_slice(b"data");
    wav.extend_from_slice(&(samples.len() as u32).to_le_bytes());
    wav.extend_from_slice(&samples);
    wav
}

impl World {
    pub(super) fn new(options: &DemoOptions, now: DateTime<Utc>, stores: Vec<StoreInfo>) -> Self {
        Self {
            now,
            today: options.today,
            stores,
            next: NextIds::default(),
            customers: Rows::new(
                Customers::Table,
                &[
                    Customers::Id,
                    Customers::EnterpriseId,
                    Customers::BocId,
                    Customers::StoreId,
                    Customers::Custno,
                    Customers::FirstName,
                    Customers::LastName,
                    Customers::Cellular,
                    Customers::Email,
                    Customers::City,
                    Customers::State,
                    Customers::BlockSms,
                    Customers::ConsentSource,
                    Customers::ConsentText,
                    Customers::ConsentAt,
                    Customers::OptedOutAt,
                    Customers::CreatedAt,
                    Customers::UpdatedAt,
                ],
            ),
            vehicles: Rows::new(
                ServiceVehicles::Table,
                &[
                    ServiceVehicles::Id,
                    ServiceVehicles::EnterpriseId,
                    ServiceVehicles::StoreId,
                    ServiceVehicles::CustomerId,
                    ServiceVehicles::Vin,
                    ServiceVehicles::Make,
                    ServiceVehicles::Model,
                    ServiceVehicles::Year,
                    ServiceVehicles::Odometer,
                    ServiceVehicles::InServiceDate,
                    ServiceVehicles::LastServiceDate,
                    ServiceVehicles::NoLongerOwned,
                    ServiceVehicles::CreatedAt,
                    ServiceVehicles::UpdatedAt,
                ],
            ),
            sales: Rows::new(
                Sales::Table,
                &[
                    Sales::Id,
                    Sales::EnterpriseId,
                    Sales::StoreId,
                    Sales::CustomerId,
                    Sales::VehicleId,
                    Sales::DealNumber,
                    Sales::DealType,
                    Sales::SoldDate,
                    Sales::SalePrice,
                    Sales::CreatedAt,
                ],
            ),
            repair_orders: Rows::new(
                RepairOrders::Table,
                &[
                    RepairOrders::Id,
                    RepairOrders::EnterpriseId,
                    RepairOrders::StoreId,
                    RepairOrders::CustomerId,
                    RepairOrders::VehicleId,
                    RepairOrders::AdvisorId,
                    RepairOrders::RoNumber,
                    RepairOrders::StatusCode,
                    RepairOrders::OpenDate,
                    RepairOrders::ClosedDate,
                    RepairOrders::MileageIn,
                    RepairOrders::MileageOut,
                    RepairOrders::TotalAmount,
                    RepairOrders::CreatedAt,
                    RepairOrders::UpdatedAt,
                ],
            ),
            lines: Rows::new(
                RepairOrderLines::Table,
                &[
                    RepairOrderLines::Id,
                    RepairOrderLines::RepairOrderId,
                    RepairOrderLines::OpCode,
                    RepairOrderLines::Description,
                    RepairOrderLines::Quantity,
                    RepairOrderLines::Amount,
                    RepairOrderLines::Declined,
                ],
            ),
            appointments: Rows::new(
                ServiceAppointments::Table,
                &[
                    ServiceAppointments::Id,
                    ServiceAppointments::EnterpriseId,
                    ServiceAppointments::StoreId,
                    ServiceAppointments::CustomerId,
                    ServiceAppointments::VehicleId,
                    ServiceAppointments::AdvisorId,
                    ServiceAppointments::FsiId,
                    ServiceAppointments::Title,
                    ServiceAppointments::ApptStatus,
                    ServiceAppointments::ApptAt,
                    ServiceAppointments::OpCode,
                    ServiceAppointments::TransportType,
                    ServiceAppointments::Source,
                    ServiceAppointments::CreatedAt,
                    ServiceAppointments::UpdatedAt,
                ],
            ),
            leads: Rows::new(
                FutureServiceInteractions::Table,
                &[
                    FutureServiceInteractions::Id,
                    FutureServiceInteractions::EnterpriseId,
                    FutureServiceInteractions::BocId,
                    FutureServiceInteractions::StoreId,
                    FutureServiceInteractions::CustomerId,
                    FutureServiceInteractions::VehicleId,
                    FutureServiceInteractions::Vin,
                    FutureServiceInteractions::ServiceType,
                    FutureServiceInteractions::PlannedDate,
                    FutureServiceInteractions::EstimatedDueDate,
                    FutureServiceInteractions::Status,
                    FutureServiceInteractions::Outcome,
                    FutureServiceInteractions::AppointmentSet,
                    FutureServiceInteractions::AppointmentId,
                    FutureServiceInteractions::ConversationInitiated,
                    FutureServiceInteractions::RespondedToAi,
                    FutureServiceInteractions::ResponseReqd,
                    FutureServiceInteractions::TotalInboundCount,
                    FutureServiceInteractions::TotalUnreadCount,
                    FutureServiceInteractions::LastMessageReceivedAt,
                    FutureServiceInteractions::LastMessageAt,
                    FutureServiceInteractions::LatestMessage,
                    FutureServiceInteractions::PlannerName,
                    FutureServiceInteractions::CreatedAt,
                    FutureServiceInteractions::UpdatedAt,
                    FutureServiceInteractions::ResponseInsight,
                    FutureServiceInteractions::ContactLaterAt,
                    FutureServiceInteractions::FollowUpStep,
                    FutureServiceInteractions::FollowUpAt,
                    FutureServiceInteractions::OpenRoId,
                    FutureServiceInteractions::Archived,
                ],
            ),
            messages: Rows::new(
                MessageInstances::Table,
                &[
                    MessageInstances::Id,
                    MessageInstances::EnterpriseId,
                    MessageInstances::StoreId,
                    MessageInstances::FsiId,
                    MessageInstances::CustomerId,
                    MessageInstances::Direction,
                    MessageInstances::MessageType,
                    MessageInstances::NotificationType,
                    MessageInstances::Content,
                    MessageInstances::Subject,
                    MessageInstances::FromAddress,
                    MessageInstances::FromName,
                    MessageInstances::ToAddress,
                    MessageInstances::ToName,
                    MessageInstances::MessageStatus,
                    MessageInstances::ErrorCode,
                    MessageInstances::ErrorText,
                    MessageInstances::ProviderMessageId,
                    MessageInstances::MessageSentBy,
                    MessageInstances::IsAutomated,
                    MessageInstances::ReadAt,
                    MessageInstances::SentAt,
                    MessageInstances::CreatedAt,
                    MessageInstances::UpdatedAt,
                    MessageInstances::DispatchedAt,
                    MessageInstances::StartsAt,
                    MessageInstances::Url,
                    MessageInstances::CallDurationSeconds,
                ],
            ),
            marks: Rows::new(
                Marks::Table,
                &[
                    Marks::Id,
                    Marks::EnterpriseId,
                    Marks::TargetKind,
                    Marks::CustomerId,
                    Marks::VehicleId,
                    Marks::FsiId,
                    Marks::MarkCode,
                    Marks::Note,
                    Marks::CreatedAt,
                ],
            ),
            households: Vec::new(),
        }
    }

    /// Picks an enterprise (80/15/5) and a store in it by weight.
    fn pick_store(&self, rng: &mut StdRng) -> usize {
        let roll = rng.random_range(0..100);
        let enterprise_id = if roll < 80 {
            1
        } else if roll < 95 {
            2
        } else {
            3
        };
        let candidates: Vec<usize> = (0..self.stores.len())
            .filter(|&i| self.stores[i].enterprise_id == enterprise_id)
            .collect();
        let total: u32 = candidates.iter().map(|&i| self.stores[i].weight).sum();
        let mut pick = rng.random_range(0..total.max(1));
        for &i in &candidates {
            if pick < self.stores[i].weight {
                return i;
            }
            pick -= self.stores[i].weight;
        }
        candidates[0]
    }

    pub(super) fn generate_batch(&mut self, rng: &mut StdRng, first_index: u64, count: u64) {
        let mut made = 0;
        while made < count {
            let store = self.pick_store(rng);
            let vehicles_of_customer = if rng.random_bool(0.2) { 2 } else { 1 };
            let customer = self.customer(rng, store);
            // Each enterprise's first reachable customer is a household with two cars both due
            // and not contacted yet, so the warning about another conversation of the same
            // customer always has a case to show, whatever day the world is made on.
            let enterprise_id = self.stores[store].enterprise_id;
            let household = count - made >= 2
                && !customer.opted_out
                && !self.households.contains(&enterprise_id);
            if household {
                self.households.push(enterprise_id);
            }
            let vehicles_of_customer = if household { 2 } else { vehicles_of_customer };
            for _ in 0..vehicles_of_customer.min(count - made) {
                self.vehicle(rng, store, &customer, first_index + made, household);
                made += 1;
            }
        }
    }

    fn customer(&mut self, rng: &mut StdRng, store: usize) -> DemoCustomer {
        let id = bump(&mut self.next.customer);
        let s = &self.stores[store];
        let first = *catalog::FIRST_NAMES.choose(rng).unwrap_or(&"Sam");
        let last = *catalog::LAST_NAMES.choose(rng).unwrap_or(&"Lee");
        let cellular = format!(
            "+1{}{}{:04}",
            area_code(s.state),
            rng.random_range(201..999),
            rng.random_range(0..10_000)
        );
        let email = rng.random_bool(0.93).then(|| {
            format!(
                "{}.{}{}@{}",
                first.to_lowercase(),
                last.to_lowercase(),
                id,
                catalog::EMAIL_DOMAINS.choose(rng).unwrap_or(&"example.com")
            )
        });
        let opted_out = rng.random_bool(0.02);
        let consent_at = self.now - Duration::days(rng.random_range(30..1500));
        self.customers.push(vec![
            id.into(), s.enterprise_id.into(), s.boc_id.into(), s.id.into(), format!("C{id:07}").into(),
            first.into(), last.into(), cellular.clone().into(), email.into(), Value::from(None::<String>), s.state.into(),
            opted_out.into(), "DEALER_SALE".into(),
            "I agree to receive service texts from the dealership. Reply STOP to opt out any time. Consent is not a condition of purchase.".into(),
            consent_at.into(),
            opted_out.then_some(self.now - Duration::days(rng.random_range(1..60))).into(),
            consent_at.into(), self.now.into(),
        ]);
        if opted_out {
            let mark = bump(&mut self.next.mark);
            self.marks.push(vec![
                mark.into(),
                s.enterprise_id.into(),
                "CUSTOMER".into(),
                id.into(),
                None::<i64>.into(),
                None::<i64>.into(),
                "SMS_OPT_OUT".into(),
                Value::from(None::<String>),
                self.now.into(),
            ]);
        }
        DemoCustomer {
            id,
            first,
            last,
            cellular,
            opted_out,
        }
    }

    /// One vehicle of the customer with its history; `due_now` gives it a lead not contacted
    /// yet (the random draws are made all the same, so the rest of the world stays as it was).
    fn vehicle(
        &mut self,
        rng: &mut StdRng,
        store: usize,
        customer: &DemoCustomer,
        index: u64,
        due_now: bool,
    ) {
        // The vehicle's own draws (how many depend on the day: its history runs up to today)
        // come from a generator of its own, seeded by one draw of the world's, so the rest of
        // the world (stores, customers, counts) is the same whatever day it is made on.
        let rng = &mut StdRng::seed_from_u64(rng.random());
        let id = bump(&mut self.next.vehicle);
        let s = &self.stores[store];
        let (enterprise_id, store_id) = (s.enterprise_id, s.id);
        let &(make, model, wmi) = catalog::models_for(s.brand)
            .choose(rng)
            .unwrap_or(&("Toyota", "Camry", "4T1"));
        let this_year = self.today.year();
        let year = rng.random_range(this_year - 10..=this_year);
        let earliest = NaiveDate::from_ymd_opt(year - 1, 9, 1).unwrap_or(self.today);
        let span = (self.today - earliest).num_days().max(1);
        let sold = earliest + Duration::days(rng.random_range(0..span.min(730)));
        let sold = sold.min(self.today);
        let deal_type = if sold.year() <= year + 1 {
            if rng.random_bool(0.9) { "NEW" } else { "CPO" }
        } else if rng.random_bool(0.3) {
            "CPO"
        } else {
            "USED"
        };
        let starting_miles = if deal_type == "NEW" {
            rng.random_range(5..60)
        } else {
            rng.random_range(12_000..60_000)
        };
        let miles_per_day: f64 = rng.random_range(15.0..45.0) + rng.random_range(0.0..25.0);
        let days_owned = (self.today - sold).num_days();
        let odometer = starting_miles + (miles_per_day * days_owned as f64) as i32;
        let vin = vin::make_vin(wmi, year, index, rng);
        // What the lead's conversation will say decides a few vehicle facts up front.
        let lead_plan = rng
            .random_bool(0.3)
            .then(|| self.plan_lead(rng, customer.opted_out));
        let lead_plan = if due_now {
            Some(LeadPlan {
                stage: "NOT_STARTED",
                reply: None,
            })
        } else {
            lead_plan
        };
        let sold_elsewhere = lead_plan
            .as_ref()
            .is_some_and(|p| p.reply.is_some_and(|r| r.starts_with("I sold")));

        // Service history: visits every ~6 months or ~5,000 miles, some at this dealer.
        let mut visits = Vec::new();
        let interval = ((5_000.0 / miles_per_day).min(182.0)) as i64;
        let mut day = sold + Duration::days(interval);
        let history_start = self.today - Duration::days(4 * 365);
        while day < self.today && visits.len() < 8 {
            if day >= history_start && rng.random_bool(0.65) {
                visits.push(day);
            }
            day += Duration::days((interval as f64 * rng.random_range(0.8..1.4)) as i64);
        }
        if rng.random_bool(0.015) {
            visits.push(self.today - Duration::days(rng.random_range(0..2)));
        }
        let last_service = visits.last().copied();
        self.vehicles.push(vec![
            id.into(),
            enterprise_id.into(),
            store_id.into(),
            customer.id.into(),
            vin.clone().into(),
            make.into(),
            model.into(),
            year.into(),
            odometer.into(),
            sold.into(),
            last_service.into(),
            sold_elsewhere.into(),
            self.now.into(),
            self.now.into(),
        ]);
        if rng.random_bool(0.7) {
            let sale = bump(&mut self.next.sale);
            let price: f64 = if deal_type == "NEW" {
                rng.random_range(24_000.0..72_000.0)
            } else {
                rng.random_range(11_000.0..42_000.0)
            };
            self.sales.push(vec![
                sale.into(),
                enterprise_id.into(),
                store_id.into(),
                customer.id.into(),
                id.into(),
                format!("D{store_id}-{sale:07}").into(),
                deal_type.into(),
                sold.into(),
                (price.round()).into(),
                self.now.into(),
            ]);
        }
        let mut open_ro = None;
        for (n, visit) in visits.iter().enumerate() {
            let ro = bump(&mut self.next.repair_order);
            let miles = starting_miles + (miles_per_day * (*visit - sold).num_days() as f64) as i32;
            let is_open = *visit >= self.today - Duration::days(1) && n + 1 == visits.len();
            let status = if is_open {
                *OPEN_RO_STATUSES.choose(rng).unwrap_or(&"UNASSIGNED")
            } else {
                "CLOSED"
            };
            let closed = (!is_open).then(|| *visit + Duration::days(rng.random_range(0..3)));
            if is_open {
                open_ro = Some(ro);
            }
            let advisor = *self.stores[store].advisors.choose(rng).unwrap_or(&1);
            let mut total = 0.0;
            for _ in 0..rng.random_range(1..=2) {
                let line = bump(&mut self.next.line);
                let &(op, description, amount) = catalog::SERVICE_LINES.choose(rng).unwrap_or(&(
                    "LOF",
                    "Lube, oil and filter",
                    69.95,
                ));
                let declined = rng.random_bool(0.08);
                if !declined {
                    total += amount;
                }
                self.lines.push(vec![
                    line.into(),
                    ro.into(),
                    op.into(),
                    description.into(),
                    1.0f64.into(),
                    amount.into(),
                    declined.into(),
                ]);
            }
            self.repair_orders.push(vec![
                ro.into(),
                enterprise_id.into(),
                store_id.into(),
                customer.id.into(),
                id.into(),
                advisor.into(),
                format!("RO{store_id}-{ro:08}").into(),
                status.into(),
                (*visit).into(),
                closed.into(),
                miles.into(),
                (!is_open).then_some(miles + 2).into(),
                ((total * 100.0_f64).round() / 100.0).into(),
                self.now.into(),
                self.now.into(),
            ]);
        }
        let upcoming = if rng.random_bool(0.03) && !due_now {
            Some(self.appointment(rng, store, customer.id, id, None))
        } else {
            None
        };
        if let Some(plan) = lead_plan {
            self.lead(
                rng, store, customer, id, &vin, model, odometer, days_owned, plan, upcoming,
                open_ro,
            );
        }
    }

    /// Books a service appointment in the store's hours (15-minute steps) in the next two weeks.
    fn appointment(
        &mut self,
        rng: &mut StdRng,
        store: usize,
        customer: i64,
        vehicle: i64,
        lead: Option<i64>,
    ) -> i64 {
        let id = bump(&mut self.next.appointment);
        let s = &self.stores[store];
        let day = self.today + Duration::days(rng.random_range(1..15));
        let minutes = rng.random_range(0..40) * 15;
        let local = day
            .and_hms_opt(7 + minutes / 60, minutes % 60, 0)
            .unwrap_or_default();
        let at = s
            .time_zone
            .from_local_datetime(&local)
            .earliest()
            .map(|t| t.with_timezone(&Utc))
            .unwrap_or(self.now);
        let advisor = *s.advisors.choose(rng).unwrap_or(&1);
        let transport = *["WAITER", "DROP_OFF", "LOANER", "SHUTTLE"]
            .choose(rng)
            .unwrap_or(&"WAITER");
        self.appointments.push(vec![
            id.into(),
            s.enterprise_id.into(),
            s.id.into(),
            customer.into(),
            vehicle.into(),
            advisor.into(),
            lead.into(),
            "Service Appointment".into(),
            "SCHEDULED".into(),
            at.into(),
            "LOF".into(),
            transport.into(),
            (if lead.is_some() { "AI_TEXT" } else { "DMS" }).into(),
            self.now.into(),
            self.now.into(),
        ]);
        id
    }

    fn plan_lead(&self, rng: &mut StdRng, opted_out: bool) -> LeadPlan {
        let total: u32 = LEAD_STAGES.iter().map(|(_, w)| w).sum();
        let mut roll = rng.random_range(0..total);
        let mut stage = "INITIATED";
        for (name, weight) in LEAD_STAGES {
            if roll < *weight {
                stage = name;
                break;
            }
            roll -= weight;
        }
        let reply = match stage {
            _ if opted_out => Some("STOP"),
            "NOT_STARTED" | "INITIATED" => None,
            "APPOINTMENT_SET" | "SHOW_OR_NO_SHOW" | "CAR_BOUGHT_OR_NOTBOUGHT" => catalog::REPLIES
                .iter()
                .filter(|(_, s)| *s == "APPOINTMENT_SET")
                .map(|(t, _)| *t)
                .collect::<Vec<_>>()
                .choose(rng)
                .copied(),
            wanted => catalog::REPLIES
                .iter()
                .filter(|(t, s)| *s == wanted && *t != "STOP")
                .map(|(t, _)| *t)
                .collect::<Vec<_>>()
                .choose(rng)
                .copied()
                .or(Some("Thanks, I'll think about it")),
        };
        let stage = if opted_out { "RESPONDED" } else { stage };
        LeadPlan { stage, reply }
    }

    #[allow(clippy::too_many_arguments)]
    fn lead(
        &mut self,
        rng: &mut StdRng,
        store: usize,
        customer: &DemoCustomer,
        vehicle: i64,
        vin: &str,
        model: &str,
        odometer: i32,
        days_owned: i64,
        plan: LeadPlan,
        upcoming: Option<i64>,
        open_ro: Option<i64>,
    ) {
        let id = bump(&mut self.next.lead);
        let service_type = if days_owned < 45 {
            "CHECK_UP_30D"
        } else if days_owned < 120 {
            "CHECK_UP"
        } else if days_owned > 912 && rng.random_bool(0.3) {
            "OIL_CHANGE_POST_30_MONTHS"
        } else if rng.random_bool(0.1) {
            "STATE_INSPECTION"
        } else if (odometer / 2_500) % 2 == 1 {
            "SVC_7500"
        } else {
            "OIL_CHANGE"
        };
        let planned = self.today + Duration::days(rng.random_range(-20..20));
        let due = planned + Duration::days(rng.random_range(0..14));
        let s = &self.stores[store];
        let (enterprise_id, boc_id, store_id, store_name, store_phone, assistant) = (
            s.enterprise_id,
            s.boc_id,
            s.id,
            s.name,
            s.phone.clone(),
            s.assistant_name.clone(),
        );

        // The conversation, oldest first.
        let mut conversation: Vec<DemoMessage> = Vec::new();
        let started = self.now - Duration::minutes(rng.random_range(60..30 * 24 * 60));
        if plan.stage != "NOT_STARTED" {
            let &(status, error) = catalog::DELIVERY
                .choose(rng)
                .unwrap_or(&("delivered", None));
            conversation.push(DemoMessage {
                inbound: false,
                message_type: "SMS",
                notification_type: "MESSAGE_TO_CUSTOMER",
                content: catalog::opening_text(
                    service_type,
                    customer.first,
                    &assistant,
                    store_name,
                    model,
                ),
                subject: None,
                status: if plan.reply.is_some() {
                    "delivered"
                } else {
                    status
                },
                error: if plan.reply.is_some() { None } else { error },
                at: started,
                sent_by: Some(assistant.clone()),
                card: None,
            });
        }
        let mut appointment = None;
        if let Some(reply) = plan.reply {
            let replied = started + Duration::minutes(rng.random_range(2..600));
            conversation.push(DemoMessage {
                inbound: true,
                message_type: "SMS",
                notification_type: "MESSAGE_FROM_CUSTOMER",
                content: reply.to_owned(),
                subject: None,
                status: "received",
                error: None,
                at: replied,
                sent_by: None,
                card: None,
            });
            if reply == "STOP" {
                conversation.push(DemoMessage {
                    inbound: false,
                    message_type: "SMS",
                    notification_type: "MESSAGE_TO_CUSTOMER",
                    content: format!(
                        "You are unsubscribed from {store_name} texts. Reply START to resubscribe."
                    ),
                    subject: None,
                    status: "delivered",
                    error: None,
                    at: replied + Duration::seconds(5),
                    sent_by: Some(assistant.clone()),
                    card: None,
                });
            } else if plan.stage != "RESPONDED" || rng.random_bool(0.5) {
                let staff = catalog::STAFF_REPLIES[if plan.stage == "APPOINTMENT_SET" {
                    0
                } else {
                    rng.random_range(1..catalog::STAFF_REPLIES.len())
                }];
                conversation.push(DemoMessage {
                    inbound: false,
                    message_type: "SMS",
                    notification_type: "MESSAGE_TO_CUSTOMER",
                    content: staff.to_owned(),
                    subject: None,
                    status: "delivered",
                    error: None,
                    at: replied + Duration::minutes(rng.random_range(1..90)),
                    sent_by: Some("Service BDC".to_owned()),
                    card: None,
                });
            }
            if reply.contains("loaner") {
                conversation.push(DemoMessage {
                    inbound: false,
                    message_type: "INTERNAL",
                    notification_type: "INTERNAL_NOTIFICATION_GM",
                    content:
                        "GM HANDOFF: customer asked for a loaner; please confirm availability."
                            .to_owned(),
                    subject: None,
                    status: "delivered",
                    error: None,
                    at: replied + Duration::seconds(30),
                    sent_by: Some(assistant.clone()),
                    card: None,
                });
            }
            if matches!(
                plan.stage,
                "APPOINTMENT_SET" | "SHOW_OR_NO_SHOW" | "CAR_BOUGHT_OR_NOTBOUGHT"
            ) {
                appointment = Some(upcoming.unwrap_or_else(|| {
                    self.appointment(rng, store, customer.id, vehicle, Some(id))
                }));
            }
        }
        if plan.stage == "CONTACTED" {
            conversation.push(DemoMessage { inbound: false, message_type: "EMAIL", notification_type: "MESSAGE_TO_CUSTOMER", content: format!("<p>Hi {},</p><p>Your {model} is due for service. Book online or reply to this email.</p>", customer.first), subject: Some(format!("Your {model} is due for service")), status: "delivered", error: None, at: started + Duration::hours(26), sent_by: Some("Service BDC".to_owned()), card: None });
        }
        if !conversation.is_empty() && rng.random_bool(0.15) {
            let last = conversation.last().map(|m| m.at).unwrap_or(started);
            conversation.push(DemoMessage {
                inbound: false,
                message_type: "INTERNAL_NOTES",
                notification_type: "INTERNAL_NOTES",
                content: (*catalog::NOTES.choose(rng).unwrap_or(&"Called customer.")).to_owned(),
                subject: None,
                status: "delivered",
                error: None,
                at: last + Duration::minutes(3),
                sent_by: Some("Service BDC".to_owned()),
                card: None,
            });
        }

        // Replies and follow-ups are drawn after the opening text; a conversation that would
        // run on past the world's present is moved back so its last message is just before it.
        if let Some(latest) = conversation.iter().map(|m| m.at).max()
            && latest > self.now
        {
            let shift = latest - self.now + Duration::minutes(1 + id % 30);
            for message in &mut conversation {
                message.at -= shift;
            }
        }
        // Some conversations began with a call or a task, before the first text; chosen by
        // lead id so the rest of the world's random draws stay as they were.
        if let Some(first) = conversation.first().map(|m| m.at) {
            if id % 9 == 4 {
                let seconds = 20 + (id * 37 % 560) as i32;
                let at = first - Duration::hours(2);
                conversation.insert(
                    0,
                    DemoMessage {
                        inbound: false,
                        message_type: "INTERNAL",
                        notification_type: "CALL",
                        content: call_summary(false, seconds, None),
                        subject: None,
                        status: "stored",
                        error: None,
                        at,
                        sent_by: Some("Service BDC".to_owned()),
                        card: Some(CardFacts {
                            starts_at: at,
                            recording: Some(format!(
                                "/media/{}/{RECORDING_FILE}",
                                recording_token(enterprise_id)
                            )),
                            call_seconds: Some(seconds),
                        }),
                    },
                );
            } else if id % 13 == 6 {
                conversation.insert(
                    0,
                    DemoMessage {
                        inbound: false,
                        message_type: "INTERNAL",
                        notification_type: "SCHEDULE_INTERNAL_TASK",
                        content: format!(
                            "Call {} about the {model} before texting.",
                            customer.first
                        ),
                        subject: Some("Call the customer".to_owned()),
                        status: "stored",
                        error: None,
                        at: first - Duration::days(1),
                        sent_by: Some("Service BDC".to_owned()),
                        card: Some(CardFacts {
                            starts_at: first - Duration::hours(3),
                            recording: None,
                            call_seconds: None,
                        }),
                    },
                );
            }
        }
        let inbound = conversation.iter().filter(|m| m.inbound).count() as i32;
        let last_inbound = conversation
            .iter()
            .filter(|m| m.inbound)
            .map(|m| m.at)
            .max();
        let last_visible = conversation
            .iter()
            .rev()
            .find(|m| !m.message_type.starts_with("INTERNAL"));
        let awaiting_reply = last_visible.is_some_and(|m| m.inbound);
        let latest_message = last_visible.map(|m| m.content.clone());
        let last_at = conversation.iter().map(|m| m.at).max();
        let outcome = match plan.stage {
            "RESPONDED" if plan.reply == Some("STOP") => Some("OPT_OUT"),
            "RESPONDED" if plan.reply.is_some_and(|r| r.starts_with("I sold")) => {
                Some("ALREADY_SOLD")
            }
            "RESPONDED" if plan.reply.is_some_and(|r| r.starts_with("Not right now")) => {
                Some("NEED_MORE_TIME")
            }
            "APPOINTMENT_SET" => Some("APPOINTMENT_SET"),
            "SHOW_OR_NO_SHOW" => Some(if rng.random_bool(0.8) {
                "SHOW"
            } else {
                "NO_SHOW"
            }),
            "CAR_BOUGHT_OR_NOTBOUGHT" => Some("CAR_NOTBOUGHT"),
            _ => None,
        };
        // What the lists of the lead manager need: contact-later dates, follow-up steps and
        // insights, derived from the conversation (no random draws).
        let not_now = plan.reply.is_some_and(|r| r.starts_with("Not right now"));
        let insight = if not_now {
            Some("CONTACT_LATER")
        } else if plan.reply.is_some_and(|r| r.starts_with("I sold")) {
            Some("NOT_IN_MARKET")
        } else {
            None
        };
        let contact_later = not_now.then(|| self.now + Duration::days(30 + id % 60));
        let follow_up = (plan.stage == "INITIATED" && plan.reply.is_none()).then(|| {
            let age = self.now - started;
            let (step, after) = if id % 5 == 0 {
                ("E1", 2)
            } else if age < Duration::days(3) {
                ("FU1", 2)
            } else if age < Duration::days(10) {
                ("FU2", 7)
            } else {
                ("FU3", 14)
            };
            (step, started + Duration::days(after))
        });
        self.leads.push(vec![
            id.into(),
            enterprise_id.into(),
            boc_id.into(),
            store_id.into(),
            customer.id.into(),
            vehicle.into(),
            vin.into(),
            service_type.into(),
            planned.into(),
            due.into(),
            plan.stage.into(),
            outcome.into(),
            appointment.is_some().into(),
            appointment.into(),
            (plan.stage != "NOT_STARTED").into(),
            plan.reply.is_some().into(),
            awaiting_reply.into(),
            inbound.into(),
            (if awaiting_reply { 1 } else { 0 }).into(),
            last_inbound.into(),
            last_at.into(),
            latest_message.into(),
            format!("{service_type} planner").into(),
            started.into(),
            self.now.into(),
            insight.into(),
            contact_later.into(),
            follow_up.map(|(step, _)| step).into(),
            follow_up.map(|(_, at)| at).into(),
            open_ro.into(),
            // A few old leads were archived by staff (derived from the id, so the random
            // sequence, and with it the rest of the world, stays as it was).
            (id % 97 == 0).into(),
        ]);
        if plan.reply.is_some_and(|r| r.starts_with("I sold")) {
            let mark = bump(&mut self.next.mark);
            self.marks.push(vec![
                mark.into(),
                enterprise_id.into(),
                "SERVICE_VEHICLE".into(),
                None::<i64>.into(),
                vehicle.into(),
                None::<i64>.into(),
                engine::domain::leads::NO_LONGER_OWN.into(),
                Value::from(None::<String>),
                self.now.into(),
            ]);
        }
        let customer_name = format!("{} {}", customer.first, customer.last);
        for message in conversation {
            let message_id = bump(&mut self.next.message);
            let (from, from_name, to, to_name) = if message.inbound {
                (
                    customer.cellular.clone(),
                    customer_name.clone(),
                    store_phone.clone(),
                    store_name.to_owned(),
                )
            } else {
                (
                    store_phone.clone(),
                    message.sent_by.clone().unwrap_or_default(),
                    customer.cellular.clone(),
                    customer_name.clone(),
                )
            };
            let read =
                (message.inbound && !awaiting_reply).then_some(message.at + Duration::minutes(5));
            let automated = message.sent_by.as_deref() == Some(assistant.as_str());
            self.messages.push(vec![
                message_id.into(),
                enterprise_id.into(),
                store_id.into(),
                id.into(),
                customer.id.into(),
                (if message.inbound { "RECEIVED" } else { "SENT" }).into(),
                message.message_type.into(),
                message.notification_type.into(),
                message.content.into(),
                message.subject.into(),
                from.into(),
                from_name.into(),
                to.into(),
                to_name.into(),
                message.status.into(),
                message.error.map(|e| e.0).into(),
                message.error.map(|e| e.1).into(),
                (message.message_type == "SMS")
                    .then(|| format!("SMdemo{message_id:010}"))
                    .into(),
                message.sent_by.into(),
                automated.into(),
                read.into(),
                (!message.inbound).then_some(message.at).into(),
                message.at.into(),
                message.at.into(),
                // History: whatever it says, no send job is owed for it.
                (!message.inbound).then_some(message.at).into(),
                message.card.as_ref().map(|c| c.starts_at).into(),
                message
                    .card
                    .as_ref()
                    .and_then(|c| c.recording.clone())
                    .into(),
                message.card.as_ref().and_then(|c| c.call_seconds).into(),
            ]);
        }
    }

    pub(super) async fn flush(&mut self, tx: &mut Transaction) -> Result<()> {
        // Parents before children: foreign keys are checked as rows arrive.
        self.customers.flush(tx).await?;
        self.vehicles.flush(tx).await?;
        self.sales.flush(tx).await?;
        self.repair_orders.flush(tx).await?;
        self.lines.flush(tx).await?;
        self.appointments.flush(tx).await?;
        self.leads.flush(tx).await?;
        self.messages.flush(tx).await?;
        self.marks.flush(tx).await?;
        Ok(())
    }

    pub(super) fn add_to(&self, summary: &mut DemoSummary) {
        summary.customers = self.customers.written;
        summary.vehicles = self.vehicles.written;
        summary.sales = self.sales.written;
        summary.repair_orders = self.repair_orders.written;
        summary.appointments = self.appointments.written;
        summary.leads = self.leads.written;
        summary.messages = self.messages.written;
    }
}

pub(super) struct DemoCustomer {
    id: i64,
    first: &'static str,
    last: &'static str,
    cellular: String,
    opted_out: bool,
}

pub(super) struct LeadPlan {
    stage: &'static str,
    reply: Option<&'static str>,
}
