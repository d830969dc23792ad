//! The fixed parts of the demo world: enterprises, dealers, stores, models, names, phrases.

pub struct EnterpriseSeed {
    pub name: &'static str,
    pub code: &'static str,
    pub is_demo: bool,
    pub bocs: &'static [BocSeed],
}

pub struct BocSeed {
    pub code: &'static str,
    pub name: &'static str,
    pub stores: &'static [StoreSeed],
}

pub struct StoreSeed {
    pub code: &'static str,
    pub name: &'static str,
    pub brand: &'static str,
    pub city: &'static str,
    pub state: &'static str,
    pub time_zone: &'static str,
    /// Share of the enterprise's vehicles serviced here.
    pub weight: u32,
}

/// Enterprise 1 is the demo enterprise the spec names; the others prove tenancy.
pub const ENTERPRISES: &[EnterpriseSeed] = &[
    EnterpriseSeed {
        name: "Bayline Demo Motors",
        code: "DEMO",
        is_demo: true,
        bocs: &[
            BocSeed {
                code: "BOC-001",
                name: "Harbor Auto Group",
                stores: &[
                    store(
                        "S101",
                        "Harbor Toyota",
                        "TOYOTA",
                        "Baltimore",
                        "MD",
                        "America/New_York",
                        // The flagship, and the store the tests work in: enough customers at
                        // any scale for every case they pick.
                        12,
                    ),
                    store(
                        "S102",
                        "Harbor Ford",
                        "FORD",
                        "Annapolis",
                        "MD",
                        "America/New_York",
                        4,
                    ),
                ],
            },
            BocSeed {
                code: "BOC-002",
                name: "Desert Sun Motors",
                stores: &[
                    store(
                        "S201",
                        "Desert Sun Nissan",
                        "NISSAN",
                        "Phoenix",
                        "AZ",
                        "America/Phoenix",
                        4,
                    ),
                    store(
                        "S202",
                        "Desert Sun Subaru",
                        "SUBARU",
                        "Denver",
                        "CO",
                        "America/Denver",
                        3,
                    ),
                ],
            },
            BocSeed {
                code: "BOC-003",
                name: "Lakeshore Automotive",
                stores: &[
                    store(
                        "S301",
                        "Lakeshore Chevrolet",
                        "CHEVROLET",
                        "Chicago",
                        "IL",
                        "America/Chicago",
                        4,
                    ),
                    store(
                        "S302",
                        "Lakeshore Mazda",
                        "MAZDA",
                        "Milwaukee",
                        "WI",
                        "America/Chicago",
                        2,
                    ),
                ],
            },
            BocSeed {
                code: "BOC-004",
                name: "Pacific Coast Motors",
                stores: &[
                    store(
                        "S401",
                        "Pacific BMW",
                        "BMW",
                        "San Diego",
                        "CA",
                        "America/Los_Angeles",
                        2,
                    ),
                    store(
                        "S402",
                        "Pacific Chrysler Dodge Jeep Ram",
                        "CDJRF",
                        "Riverside",
                        "CA",
                        "America/Los_Angeles",
                        3,
                    ),
                ],
            },
        ],
    },
    EnterpriseSeed {
        name: "Summit Auto Partners",
        code: "SUMMIT",
        is_demo: false,
        bocs: &[BocSeed {
            code: "BOC-101",
            name: "Summit Motors",
            stores: &[
                store(
                    "S501",
                    "Summit Toyota",
                    "TOYOTA",
                    "Boulder",
                    "CO",
                    "America/Denver",
                    3,
                ),
                store(
                    "S502",
                    "Summit Subaru",
                    "SUBARU",
                    "Fort Collins",
                    "CO",
                    "America/Denver",
                    2,
                ),
            ],
        }],
    },
    EnterpriseSeed {
        name: "Bayou Motor Group",
        code: "BAYOU",
        is_demo: false,
        bocs: &[BocSeed {
            code: "BOC-201",
            name: "Bayou Ford Lincoln",
            stores: &[store(
                "S601",
                "Bayou Ford",
                "FORD",
                "Baton Rouge",
                "LA",
                "America/Chicago",
                2,
            )],
        }],
    },
];

const fn store(
    code: &'static str,
    name: &'static str,
    brand: &'static str,
    city: &'static str,
    state: &'static str,
    time_zone: &'static str,
    weight: u32,
) -> StoreSeed {
    StoreSeed {
        code,
        name,
        brand,
        city,
        state,
        time_zone,
        weight,
    }
}

/// Makes and models sold by each brand's stores, with their VIN manufacturer prefix.
pub fn models_for(brand: &str) -> &'static [(&'static str, &'static str, &'static str)] {
    match brand {
        "TOYOTA" => &[
            ("Toyota", "Camry", "4T1"),
            ("Toyota", "Corolla", "5YF"),
            ("Toyota", "RAV4", "2T3"),
            ("Toyota", "Highlander", "5TD"),
            ("Toyota", "Tacoma", "3TM"),
            ("Toyota", "Tundra", "5TF"),
        ],
        "FORD" => &[
            ("Ford", "F-150", "1FT"),
            ("Ford", "Escape", "1FM"),
            ("Ford", "Explorer", "1FM"),
            ("Ford", "Mustang", "1FA"),
            ("Ford", "Bronco", "1FM"),
        ],
        "NISSAN" => &[
            ("Nissan", "Altima", "1N4"),
            ("Nissan", "Rogue", "5N1"),
            ("Nissan", "Sentra", "3N1"),
            ("Nissan", "Frontier", "1N6"),
        ],
        "SUBARU" => &[
            ("Subaru", "Outback", "4S4"),
            ("Subaru", "Forester", "JF2"),
            ("Subaru", "Crosstrek", "JF2"),
            ("Subaru", "Ascent", "4S4"),
        ],
        "MAZDA" => &[
            ("Mazda", "CX-5", "JM3"),
            ("Mazda", "CX-30", "3MV"),
            ("Mazda", "Mazda3", "3MZ"),
        ],
        "BMW" => &[
            ("BMW", "X3", "5UX"),
            ("BMW", "X5", "5UX"),
            ("BMW", "330i", "3MW"),
            ("BMW", "530i", "WBA"),
        ],
        "CHEVROLET" => &[
            ("Chevrolet", "Silverado 1500", "1GC"),
            ("Chevrolet", "Equinox", "2GN"),
            ("Chevrolet", "Malibu", "1G1"),
            ("Chevrolet", "Tahoe", "1GN"),
            ("GMC", "Sierra 1500", "1GT"),
            ("Buick", "Enclave", "5GA"),
        ],
        "CDJRF" => &[
            ("Jeep", "Grand Cherokee", "1C4"),
            ("Jeep", "Wrangler", "1C4"),
            ("Ram", "1500", "1C6"),
            ("Dodge", "Durango", "1C4"),
            ("Chrysler", "Pacifica", "2C4"),
        ],
        _ => &[("Honda", "CR-V", "2HK"), ("Honda", "Civic", "2HG")],
    }
}

pub const FIRST_NAMES: &[&str] = &[
    "James",
    "Mary",
    "Robert",
    "Patricia",
    "John",
    "Jennifer",
    "Michael",
    "Linda",
    "David",
    "Elizabeth",
    "William",
    "Barbara",
    "Richard",
    "Susan",
    "Joseph",
    "Jessica",
    "Thomas",
    "Karen",
    "Christopher",
    "Sarah",
    "Daniel",
    "Lisa",
    "Matthew",
    "Nancy",
    "Anthony",
    "Sandra",
    "Mark",
    "Ashley",
    "Donald",
    "Emily",
    "Steven",
    "Donna",
    "Andrew",
    "Michelle",
    "Joshua",
    "Carol",
    "Kevin",
    "Amanda",
    "Brian",
    "Melissa",
    "Luis",
    "Maria",
    "Carlos",
    "Sofia",
    "Wei",
    "Mei",
    "Aaliyah",
    "Darnell",
    "Priya",
    "Raj",
    "Hannah",
    "Tyler",
    "Olivia",
    "Ethan",
    "Grace",
    "Noah",
];

pub const LAST_NAMES: &[&str] = &[
    "Smith",
    "Johnson",
    "Williams",
    "Brown",
    "Jones",
    "Garcia",
    "Miller",
    "Davis",
    "Rodriguez",
    "Martinez",
    "Hernandez",
    "Lopez",
    "Gonzalez",
    "Wilson",
    "Anderson",
    "Thomas",
    "Taylor",
    "Moore",
    "Jackson",
    "Martin",
    "Lee",
    "Perez",
    "Thompson",
    "White",
    "Harris",
    "Sanchez",
    "Clark",
    "Ramirez",
    "Lewis",
    "Robinson",
    "Walker",
    "Young",
    "Allen",
    "King",
    "Wright",
    "Scott",
    "Torres",
    "Nguyen",
    "Hill",
    "Flores",
    "Green",
    "Adams",
    "Nelson",
    "Baker",
    "Hall",
    "Rivera",
    "Campbell",
    "Mitchell",
    "Carter",
    "Roberts",
    "Patel",
    "Kim",
    "Chen",
    "Okafor",
];

pub const EMAIL_DOMAINS: &[&str] = &["example.com", "example.net", "example.org"];

/// Repair-order lines: op code, description, typical amount.
pub const SERVICE_LINES: &[(&str, &str, f64)] = &[
    ("LOF", "Lube, oil and filter", 69.95),
    ("SOC", "Synthetic oil change", 99.95),
    ("TIRES", "Tire rotation", 29.95),
    ("20K", "20K scheduled maintenance", 389.00),
    ("CEI", "Check engine light inspection", 149.00),
    ("AFL", "Adaptive front light repair", 412.50),
    ("ACC", "A/C compressor replacement", 1184.00),
    ("R02", "O2 sensor replacement", 286.40),
    ("SI", "State inspection", 39.00),
    ("BRK", "Front brake pads and rotors", 459.00),
];

/// What an assistant says first, per service type.
pub fn opening_text(
    service_type: &str,
    first_name: &str,
    assistant: &str,
    store: &str,
    model: &str,
) -> String {
    match service_type {
        "CHECK_UP_30D" => format!(
            "Hi {first_name}, this is {assistant} from {store}. Congratulations on your {model}! \
             Your complimentary 30-day check-up is due. Would you like to book a time?"
        ),
        "SALES_THANKS" => format!(
            "Hi {first_name}, {assistant} at {store} here. Thank you for choosing us for your {model}. \
             Reply with any questions about your first service."
        ),
        "STATE_INSPECTION" => format!(
            "Hi {first_name}, {assistant} from {store}. Your {model} is due for its state inspection. \
             Want me to reserve a spot this week?"
        ),
        _ => format!(
            "Hi {first_name}, this is {assistant} from {store}. Our records show your {model} is due \
             for service soon. Would you like to schedule an appointment? Reply STOP to opt out."
        ),
    }
}

/// Customer replies and the lead stage each leads to.
pub const REPLIES: &[(&str, &str)] = &[
    ("Yes, can I come in Saturday morning?", "ENGAGED"),
    ("Already had it done at another dealer, thanks", "RESPONDED"),
    ("I sold that car last year", "RESPONDED"),
    ("Tuesday after 3 works for me", "APPOINTMENT_SET"),
    ("How much is the oil change?", "ENGAGED"),
    ("Not right now, maybe next month", "RESPONDED"),
    ("STOP", "RESPONDED"),
    ("Can you do tomorrow at 10am?", "APPOINTMENT_SET"),
    ("Wrong number", "RESPONDED"),
    ("Do you have a loaner available?", "ENGAGED"),
];

pub const STAFF_REPLIES: &[&str] = &[
    "Thanks! I have you down. You'll get a confirmation text shortly.",
    "Our oil change special is $69.95 this month. Want me to book it?",
    "Yes, we have loaners available with an appointment. What day works best?",
    "No problem, I'll check back with you next month.",
];

pub const NOTES: &[&str] = &[
    "Customer prefers texts after 5pm.",
    "Asked about extended warranty; passed to sales.",
    "Verified cell number by phone.",
];

/// Delivery statuses of sent messages, with the provider error when there is one.
pub const DELIVERY: &[(&str, Option<(&str, &str)>)] = &[
    ("delivered", None),
    ("delivered", None),
    ("delivered", None),
    ("delivered", None),
    ("sent", None),
    ("queued", None),
    (
        "undelivered",
        Some(("30003", "Unreachable destination handset")),
    ),
    ("failed", Some(("30006", "Landline or unreachable carrier"))),
];

/// The standard service template (DIV004) for a service type: title and body, with the
/// dynamic fields of `engine::templates` (`{{customer_first_name}}`…).
pub fn standard_template(service_type: &str) -> (String, String) {
    let hi = "Hi {{customer_first_name}}, this is {{assistant_first_name}} at {{office_name}}.";
    let book = "Reply with a day and time that suits you and I'll book it.";
    let (title, middle): (String, String) = match service_type {
        "SALES_THANKS" => (
            "Thank you for your purchase".into(),
            "Thank you for choosing us for your {{product_year}} {{product_make}} {{product_model}}! Your first service visit is on us when it's due.".into(),
        ),
        "SALES_TITLE" => (
            "First 500 miles".into(),
            "Your {{product_model}} is almost at its first 500 miles. A quick check-up keeps it like new.".into(),
        ),
        "OIL_CHANGE" => (
            "5K service reminder".into(),
            "Your {{product_make}} {{product_model}} is due for its 5K service around {{product_estimated_due_date}}.".into(),
        ),
        "SVC_7500" => (
            "7,500 mile service".into(),
            "It's time for the 7,500 mile service on your {{product_model}}.".into(),
        ),
        "CHECK_UP_30D" => (
            "30-day check-up".into(),
            "Your complimentary 30-day check-up for the {{product_model}} is due. It takes about 30 minutes.".into(),
        ),
        "CHECK_UP" => (
            "90-day check-up".into(),
            "Your {{product_model}} is due for its 90-day check-up in {{service_month}}.".into(),
        ),
        "CHECK_UP_CPO" => (
            "Certified pre-owned check-up".into(),
            "Your certified pre-owned {{product_model}} is due for its included check-up.".into(),
        ),
        "OIL_CHANGE_CPO" => (
            "Certified pre-owned oil change".into(),
            "Your certified pre-owned {{product_model}} is due for its included oil change.".into(),
        ),
        "OIL_CHANGE_POST_30_MONTHS" => (
            "Service after 30 months".into(),
            "Your {{product_model}} has passed 30 months with us; let's keep it in top shape. Your last visit was {{service_last_service_date}}.".into(),
        ),
        "STATE_INSPECTION" => (
            "State inspection due".into(),
            "The state inspection for your {{product_model}} is due in {{service_month}}.".into(),
        ),
        "HONDA_SERVICE_PASS" => (
            "Honda Service Pass".into(),
            "Your Honda Service Pass covers the next service on your {{product_model}}.".into(),
        ),
        "HONDA_OLD_MODEL" => (
            "Keep your Honda running".into(),
            "Your {{product_year}} {{product_model}} is due for a visit; we'll check it over.".into(),
        ),
        "SVC_CLOSED_RO" => (
            "Thanks for your visit".into(),
            "Thanks for bringing your {{product_model}} in. How did we do?".into(),
        ),
        "SVC_OPEN_RO" => (
            "Your vehicle is with us".into(),
            "Your {{product_model}} is with our technicians; we'll text you as soon as it's ready.".into(),
        ),
        "APPOINTMENT_SCHEDULED" => (
            "Appointment reminder".into(),
            "This is a reminder of your service appointment for the {{product_model}}.".into(),
        ),
        "CV_LEAD_SMT_1" => (
            "Service reminder".into(),
            "Your {{product_make}} {{product_model}} is due for service.".into(),
        ),
        "RECALL" => (
            "Open recall".into(),
            "There is an open safety recall on your {{product_model}} (VIN {{product_vin}}). The repair is free.".into(),
        ),
        "PREPAID_MAINTENANCE" => (
            "Prepaid maintenance".into(),
            "Your prepaid maintenance covers the next service on your {{product_model}}.".into(),
        ),
        "TOYOTA_ERROR_ALERT" | "LEXUS_ERROR_ALERT" => (
            "Vehicle alert".into(),
            "Your {{product_make}} {{product_model}} sent us a maintenance alert. Let's take a look.".into(),
        ),
        first if first.starts_with("FIRST_SERVICE_") => (
            "First service".into(),
            "Your {{product_make}} {{product_model}} is due for its first service around {{product_estimated_due_date}}.".into(),
        ),
        mileage => {
            let label = mileage
                .strip_prefix("OIL_CHANGE_")
                .unwrap_or(mileage)
                .to_owned();
            (
                format!("{label} service reminder"),
                format!("Your {{{{product_make}}}} {{{{product_model}}}} is due for its {label} service around {{{{product_estimated_due_date}}}}."),
            )
        }
    };
    (title, format!("{hi} {middle} {book}"))
}

/// Enterprise-wide (group) templates staff answer with: service type (`ALL`: any), the
/// assistant intent it answers, title, body.
pub const CUSTOM_TEMPLATES: &[(&str, Option<&str>, &str, &str)] = &[
    (
        "ALL",
        Some("APPT_SET"),
        "Offer two times",
        "Great! I can see you tomorrow at 9:00 AM or 2:30 PM. Which works better?",
    ),
    (
        "ALL",
        Some("SPA-SS"),
        "Already serviced here",
        "Thanks, {{customer_first_name}}! I see it now; we'll remind you at the next interval.",
    ),
    (
        "ALL",
        Some("SPA-AS"),
        "Serviced elsewhere",
        "Thanks for letting us know! We'll update your records and reach out at the next interval.",
    ),
    (
        "ALL",
        Some("SPA-XX"),
        "Already serviced",
        "Thanks for letting us know. Where was the work done, so we can keep your records right?",
    ),
    (
        "ALL",
        Some("NLO"),
        "No longer own",
        "Thanks for telling us. We'll remove the {{product_model}} from your reminders.",
    ),
    (
        "ALL",
        Some("LD"),
        "Moved away",
        "Thanks for letting us know, and good luck with the move! We'll stop these reminders.",
    ),
    (
        "ALL",
        Some("DD"),
        "Someone else drives",
        "Thanks! Who should we text about the {{product_model}}'s service?",
    ),
    (
        "ALL",
        Some("WN"),
        "Wrong number",
        "Sorry about that! We'll update our records.",
    ),
    (
        "ALL",
        Some("STOP"),
        "Opted out",
        "You're unsubscribed and won't receive more texts from {{office_name}}.",
    ),
    (
        "ALL",
        Some("CL"),
        "Contact later",
        "No problem, {{customer_first_name}}. I'll check back with you later.",
    ),
    (
        "ALL",
        Some("ASA"),
        "Already booked",
        "Perfect, we'll see you then. Reply here if anything changes.",
    ),
    (
        "ALL",
        Some("REQ-CALL"),
        "Call requested",
        "Sure! One of our advisors will call you shortly at {{customer_phone}}.",
    ),
    (
        "ALL",
        Some("POB"),
        "Books online",
        "Of course! You can book online any time; reply here if you'd like help.",
    ),
    (
        "ALL",
        Some("NIITB"),
        "Not by text",
        "Understood. You can call us any time to book at {{office_name}}.",
    ),
    (
        "ALL",
        Some("CPAL"),
        "Another location",
        "Thanks for letting us know. We'll note your preferred location.",
    ),
    (
        "ALL",
        Some("VI"),
        "Vehicle issue",
        "Sorry to hear that. Let's get the {{product_model}} in so a technician can look at it. What day suits you?",
    ),
    (
        "ALL",
        Some("CC"),
        "Complaint",
        "I'm sorry about your experience. I've passed this to our service manager, who will reach out today.",
    ),
    (
        "ALL",
        Some("PRICE_CONCERN"),
        "Price question",
        "I understand. Ask me about this month's service specials; we'll find something that fits.",
    ),
    (
        "ALL",
        Some("CQ"),
        "Question",
        "Good question! Let me check with our service team and get right back to you.",
    ),
    (
        "ALL",
        Some("REQ_PD"),
        "Pick-up and delivery",
        "We can pick up and deliver the {{product_model}}. What address and time work for you?",
    ),
    (
        "ALL",
        Some("REQ_LOANER"),
        "Loaner request",
        "We'll do our best to have a loaner ready. Which day would you like to come in?",
    ),
    (
        "ALL",
        Some("SALES_INQ"),
        "Sales question",
        "I'll have someone from our sales team reach out to you.",
    ),
    (
        "ALL",
        Some("EMP"),
        "Employee",
        "Thanks! We'll take you off these reminders.",
    ),
    (
        "ALL",
        Some("CUST-APPR"),
        "Thanks back",
        "Thank you, {{customer_first_name}}! We appreciate you.",
    ),
    (
        "ALL",
        Some("MISC"),
        "Anything else",
        "Thanks for your message! A member of our team will get back to you shortly.",
    ),
    (
        "CHECK_UP_30D",
        None,
        "30-day welcome",
        "Welcome to the family, {{customer_first_name}}! Your complimentary 30-day check-up takes about 30 minutes.",
    ),
    (
        "STATE_INSPECTION",
        None,
        "Inspection reminder",
        "Your state inspection is due in {{service_month}}. We have same-day openings this week.",
    ),
];
