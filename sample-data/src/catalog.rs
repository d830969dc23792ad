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
                        5,
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

pub const TEMPLATES: &[(&str, &str, &str)] = &[
    (
        "OIL_CHANGE",
        "5K service reminder",
        "Hi {customer_first_name}, your {product_make} {product_model} is due for its 5K service. Reply to book.",
    ),
    (
        "SVC_7500",
        "7,500 mile service",
        "Hi {customer_first_name}, it's time for the 7,500 mile service on your {product_model}.",
    ),
    (
        "CHECK_UP_30D",
        "30-day check-up",
        "Hi {customer_first_name}, your complimentary 30-day check-up is due at {office_name}.",
    ),
    (
        "CHECK_UP",
        "90-day check-up",
        "Hi {customer_first_name}, your 90-day check-up is due. Shall we find a time?",
    ),
    (
        "SALES_THANKS",
        "Thank you for your purchase",
        "Thank you for your purchase, {customer_first_name}! We look forward to seeing you for service.",
    ),
    (
        "STATE_INSPECTION",
        "State inspection due",
        "Hi {customer_first_name}, your state inspection is due this month.",
    ),
    (
        "OIL_CHANGE_POST_30_MONTHS",
        "Service after 30 months",
        "Hi {customer_first_name}, your {product_model} has passed 30 months; let's keep it in top shape.",
    ),
];

/// Enterprise-wide (group) templates staff start from: service type, intent, title, body.
pub const CUSTOM_TEMPLATES: &[(&str, Option<&str>, &str, &str)] = &[
    (
        "OIL_CHANGE",
        Some("APPOINTMENT"),
        "Offer two times",
        "We can see you {day} at 9:00 or 2:30. Which works better?",
    ),
    (
        "OIL_CHANGE",
        Some("SPA-AS"),
        "Serviced elsewhere",
        "Thanks for letting us know! We'll update your records and reach out at the next interval.",
    ),
    (
        "OIL_CHANGE",
        Some("NLO"),
        "No longer own",
        "Thanks for telling us. We'll remove this vehicle from your reminders.",
    ),
    (
        "CHECK_UP_30D",
        None,
        "30-day welcome",
        "Welcome to the family, {customer_first_name}! Your complimentary 30-day check-up takes about 30 minutes.",
    ),
    (
        "STATE_INSPECTION",
        None,
        "Inspection reminder",
        "Your state inspection is due. We have same-day openings this week.",
    ),
];
