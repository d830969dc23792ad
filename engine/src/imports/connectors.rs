//! Connectors: how a data source's export files reach a sync. Both deliver into the source's
//! directory, one folder per file type (`dms_repair_orders/…`), and the sync imports what is
//! there and not yet imported:
//! - [`FileDrop`]: the dealer system or a vendor writes the files;
//! - [`SimulatedDms`]: the built-in dealer system writes them, producing repair orders (which
//!   move from open to closed over the day), appointments and sales from the store's
//!   customers for the hours since its last delivery.

use std::future::Future;
use std::path::{Path, PathBuf};

use chrono::{DateTime, Datelike, Duration, DurationRound, NaiveTime, Timelike, Utc};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use super::FileType;
use super::sources::{LOAD_ORDER, WRITE_BACK_FOLDER, folder_of};
use crate::domain::lane::RoStatus;
use crate::error::{Error, Result};
use crate::lane::push::pushed_moves;

/// A file a connector delivered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeliveredFile {
    pub file_type: FileType,
    /// Its path inside the source's directory (`dms_sales/2026-11-25.csv`): a file is imported
    /// once by this name and its content.
    pub name: String,
    pub path: PathBuf,
}

/// What a connector has, in load order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Delivery {
    pub files: Vec<DeliveredFile>,
    /// Files outside any file type's folder: not imported, reported.
    pub misplaced: Vec<String>,
    /// Type folders that are links: not followed, reported.
    pub linked_folders: Vec<String>,
}

/// A source of export files (see the module's description).
pub trait Connector: Sync {
    /// Brings in what is new up to `now` and lists every file the source has.
    fn deliver(&self, now: DateTime<Utc>) -> impl Future<Output = Result<Delivery>> + Send;
}

fn io_error(what: &str, path: &Path, error: std::io::Error) -> Error {
    Error::Internal(format!("{what} {}: {error}", path.display()))
}

/// Files written into a directory by someone else. Names starting with a dot and ending in
/// `.part` or `.tmp` are files still being written, and wait for the next sync.
#[derive(Debug, Clone)]
pub struct FileDrop {
    pub directory: PathBuf,
}

impl FileDrop {
    pub fn new(directory: PathBuf) -> Self {
        Self { directory }
    }

    /// Makes the directory and its folders, so whoever delivers sees where files go.
    pub fn prepare(&self) -> Result<()> {
        for file_type in LOAD_ORDER {
            let folder = self.directory.join(folder_of(file_type));
            std::fs::create_dir_all(&folder)
                .map_err(|e| io_error("creating the folder", &folder, e))?;
        }
        Ok(())
    }

    /// The files waiting in the type folders. No link is followed at any level: the drop
    /// directory, a type folder or a file that is a symbolic link is refused (a link could
    /// hand the sync any file the server can read), and every file must resolve to a place
    /// inside the drop directory.
    fn list(&self) -> Result<Delivery> {
        self.prepare()?;
        refuse_link(&self.directory)?;
        let root = std::fs::canonicalize(&self.directory)
            .map_err(|e| io_error("resolving", &self.directory, e))?;
        let mut delivery = Delivery::default();
        let entries = std::fs::read_dir(&self.directory)
            .map_err(|e| io_error("listing", &self.directory, e))?;
        for entry in entries {
            let entry = entry.map_err(|e| io_error("listing", &self.directory, e))?;
            let name = entry.file_name().to_string_lossy().into_owned();
            let known = LOAD_ORDER.iter().any(|t| folder_of(*t) == name);
            if !known && !in_progress(&name) && name != WRITE_BACK_FOLDER {
                delivery.misplaced.push(name);
            }
        }
        delivery.misplaced.sort();
        for file_type in LOAD_ORDER {
            let folder = self.directory.join(folder_of(file_type));
            if refuse_link(&folder).is_err() {
                delivery
                    .linked_folders
                    .push(format!("{}/", folder_of(file_type)));
                continue;
            }
            let mut files = Vec::new();
            for entry in std::fs::read_dir(&folder).map_err(|e| io_error("listing", &folder, e))? {
                let entry = entry.map_err(|e| io_error("listing", &folder, e))?;
                let name = entry.file_name().to_string_lossy().into_owned();
                // The entry's own type: a link is a link, whatever it points at.
                let is_file = entry.file_type().is_ok_and(|t| t.is_file());
                let inside =
                    std::fs::canonicalize(entry.path()).is_ok_and(|p| p.starts_with(&root));
                if is_file && inside && !in_progress(&name) {
                    files.push(name);
                }
            }
            // Exports are named by date or sequence: the name is their order.
            files.sort();
            delivery
                .files
                .extend(files.into_iter().map(|name| DeliveredFile {
                    file_type,
                    path: folder.join(&name),
                    name: format!("{}/{name}", folder_of(file_type)),
                }));
        }
        Ok(delivery)
    }
}

/// Refuses a path that is a symbolic link (or not a folder).
fn refuse_link(path: &std::path::Path) -> Result<()> {
    let meta = std::fs::symlink_metadata(path).map_err(|e| io_error("reading", path, e))?;
    if meta.file_type().is_symlink() || !meta.is_dir() {
        return Err(Error::invalid(format!(
            "{} is a link or not a folder: links are not followed",
            path.file_name()
                .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
        )));
    }
    Ok(())
}

fn in_progress(name: &str) -> bool {
    name.starts_with('.') || name.ends_with(".part") || name.ends_with(".tmp")
}

impl Connector for FileDrop {
    async fn deliver(&self, _now: DateTime<Utc>) -> Result<Delivery> {
        let drop = self.clone();
        tokio::task::spawn_blocking(move || drop.list())
            .await
            .map_err(|e| Error::Internal(format!("listing a file drop: {e}")))?
    }
}

pub use crate::store::data_sources::{SimulatedWorld, WorldVehicle};

/// The built-in dealer system of one data source.
#[derive(Debug, Clone)]
pub struct SimulatedDms {
    pub data_source_id: i64,
    pub drop: FileDrop,
    pub world: SimulatedWorld,
    /// Up to when it has delivered (none yet: it starts with the last day).
    pub generated_until: Option<DateTime<Utc>>,
}

/// The longest stretch one delivery covers: a source left off for months starts a week back.
const MAX_WINDOW_HOURS: i64 = 7 * 24;
const FIRST_WINDOW_HOURS: i64 = 24;
/// How long a simulated repair order may stay open: a delivery repeats the orders opened
/// this long before its window, so those closed since arrive as updates.
const LONGEST_VISIT_HOURS: i64 = 30;

/// The spec's sample service lines (op code, description, price).
const SERVICE_LINES: [(&str, &str, &str); 8] = [
    ("LOF", "Lube oil and filter", "59.95"),
    ("20K", "20K scheduled maintenance", "349.00"),
    ("CEI", "Check engine light diagnosis", "149.00"),
    ("TIRES", "Tire rotation", "29.95"),
    ("AFL", "Adaptive front light repair", "199.00"),
    ("SOC", "Synthetic oil change", "89.95"),
    ("ACC", "A/C compressor replacement", "1299.00"),
    ("R02", "O2 sensor replacement", "289.00"),
];
/// The lanes an order passes through; some wait on hold for parts on the way.
const ROUTE: [RoStatus; 5] = [
    RoStatus::Unassigned,
    RoStatus::Preassigned,
    RoStatus::Assigned,
    RoStatus::Complete,
    RoStatus::Booked,
];
const ROUTE_WITH_HOLD: [RoStatus; 6] = [
    RoStatus::Unassigned,
    RoStatus::Preassigned,
    RoStatus::Assigned,
    RoStatus::Hold,
    RoStatus::Complete,
    RoStatus::Booked,
];
const TRANSPORT: [&str; 4] = ["WAITER", "DROP_OFF", "LOANER", "SHUTTLE"];

const REPAIR_ORDER_HEADERS: [&str; 14] = [
    "roNumber",
    "openDate",
    "closedDate",
    "status",
    "customerNumber",
    "vin",
    "advisorNumber",
    "mileageIn",
    "mileageOut",
    "totalAmount",
    "lineCode",
    "opCode",
    "lineDescription",
    "lineAmount",
];
const APPOINTMENT_HEADERS: [&str; 9] = [
    "appointmentId",
    "appointmentDate",
    "appointmentTime",
    "status",
    "customerNumber",
    "vin",
    "advisorNumber",
    "opCode",
    "transportType",
];
const SALE_HEADERS: [&str; 6] = [
    "dealNumber",
    "dealType",
    "soldDate",
    "salePrice",
    "customerNumber",
    "vin",
];

/// The rows one delivery writes.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SimulatedExport {
    pub repair_order_lines: Vec<Vec<String>>,
    pub appointments: Vec<Vec<String>>,
    pub sales: Vec<Vec<String>>,
}

/// The hours a delivery at `now` covers: from the last delivery (or a day back, at most a
/// week back) to the start of the current hour.
pub fn window(
    generated_until: Option<DateTime<Utc>>,
    now: DateTime<Utc>,
) -> (DateTime<Utc>, DateTime<Utc>) {
    let to = now.duration_trunc(Duration::hours(1)).unwrap_or(now);
    let from = generated_until
        .unwrap_or(to - Duration::hours(FIRST_WINDOW_HOURS))
        .max(to - Duration::hours(MAX_WINDOW_HOURS));
    (from, to)
}

/// What the dealer system did in the hours from `from` to `to`, as it stands at `to`. Each
/// hour's events come from a generator seeded by the source and the hour, so the same hour
/// always gives the same records (a repeated repair order differs only in having moved on).
pub fn simulate(
    world: &SimulatedWorld,
    data_source_id: i64,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
) -> SimulatedExport {
    let mut export = SimulatedExport::default();
    if world.vehicles.is_empty() || to <= from {
        return export;
    }
    let mut hour = from.duration_trunc(Duration::hours(1)).unwrap_or(from)
        - Duration::hours(LONGEST_VISIT_HOURS);
    while hour < to {
        let repeated = hour < from;
        let seed =
            (data_source_id as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (hour.timestamp() as u64);
        let mut rng = StdRng::seed_from_u64(seed);
        let open_hours = (7..19).contains(&hour.hour());
        let orders = if open_hours {
            rng.random_range(0..=2)
        } else {
            0
        };
        for index in 0..orders {
            simulate_repair_order(
                world,
                data_source_id,
                hour,
                index,
                to,
                &mut rng,
                &mut export,
            );
        }
        let appointment = open_hours && rng.random_bool(0.5);
        let sale = open_hours && rng.random_bool(0.15);
        if !repeated {
            if appointment {
                simulate_appointment(world, data_source_id, hour, &mut rng, &mut export);
            }
            if sale {
                let vehicle = pick(&world.vehicles, &mut rng);
                let new = rng.random_bool(0.6);
                let price = rng.random_range(18_000..65_000);
                export.sales.push(vec![
                    format!("S{data_source_id}-D{}", hour.format("%y%m%d%H")),
                    if new { "NEW" } else { "USED" }.to_owned(),
                    hour.format("%Y-%m-%d").to_string(),
                    format!("{price}.00"),
                    vehicle.customer_number.clone(),
                    vehicle.vin.clone(),
                ]);
            }
        }
        hour += Duration::hours(1);
    }
    export
}

fn pick<'a, T>(items: &'a [T], rng: &mut StdRng) -> &'a T {
    &items[rng.random_range(0..items.len())]
}

/// An advisor of the store, or none when it has none.
fn pick_advisor(world: &SimulatedWorld, rng: &mut StdRng) -> String {
    if world.advisors.is_empty() {
        String::new()
    } else {
        pick(&world.advisors, rng).clone()
    }
}

fn simulate_repair_order(
    world: &SimulatedWorld,
    data_source_id: i64,
    opened: DateTime<Utc>,
    index: u32,
    now: DateTime<Utc>,
    rng: &mut StdRng,
    export: &mut SimulatedExport,
) {
    let vehicle = pick(&world.vehicles, rng);
    let advisor = pick_advisor(world, rng);
    let visit_hours = rng.random_range(2..=LONGEST_VISIT_HOURS);
    let route: &[RoStatus] = if rng.random_bool(0.2) {
        &ROUTE_WITH_HOLD
    } else {
        &ROUTE
    };
    let closes = opened + Duration::hours(visit_hours);
    // How far along its route the order is at a moment (the route's length: closed).
    let step_at = |at: DateTime<Utc>| {
        if closes <= at {
            route.len()
        } else {
            let elapsed = (at - opened).num_hours().max(0);
            ((elapsed * route.len() as i64 / visit_hours) as usize).min(route.len() - 1)
        }
    };
    let number = format!("S{data_source_id}-{}{index}", opened.format("%y%m%d%H"));
    let mut status = route.get(step_at(now)).copied().unwrap_or(RoStatus::Closed);
    let mut closed_at = (status == RoStatus::Closed).then_some(closes);
    if let Some(&(pushed, moved_at)) = world.pushed.get(&number)
        && step_at(now) <= step_at(moved_at)
    {
        status = pushed;
        closed_at = (pushed == RoStatus::Closed).then_some(moved_at);
    }
    let closed_date = closed_at
        .map(|at| at.format("%Y-%m-%d").to_string())
        .unwrap_or_default();
    let status = status.as_str();
    let mileage_in = vehicle.odometer.unwrap_or(30_000) + rng.random_range(100..3_000);
    let lines = rng.random_range(1..=3);
    let mut first = rng.random_range(0..SERVICE_LINES.len());
    let mut rows = Vec::new();
    let mut total_cents = 0i64;
    for line in 0..lines {
        let (op_code, description, price) = SERVICE_LINES[first % SERVICE_LINES.len()];
        first += 1 + rng.random_range(0..2);
        let cents: i64 = price.replace('.', "").parse().unwrap_or(0);
        total_cents += cents;
        rows.push((line, op_code, description, price));
    }
    for (line, op_code, description, price) in rows {
        export.repair_order_lines.push(vec![
            number.clone(),
            opened.format("%Y-%m-%d").to_string(),
            closed_date.clone(),
            status.to_owned(),
            vehicle.customer_number.clone(),
            vehicle.vin.clone(),
            advisor.clone(),
            mileage_in.to_string(),
            if closed_date.is_empty() {
                String::new()
            } else {
                (mileage_in + 2).to_string()
            },
            format!("{}.{:02}", total_cents / 100, total_cents % 100),
            format!("{}", line + 1),
            op_code.to_owned(),
            description.to_owned(),
            price.to_owned(),
        ]);
    }
}

fn simulate_appointment(
    world: &SimulatedWorld,
    data_source_id: i64,
    booked: DateTime<Utc>,
    rng: &mut StdRng,
    export: &mut SimulatedExport,
) {
    let vehicle = pick(&world.vehicles, rng);
    let advisor = pick_advisor(world, rng);
    let mut day = booked.date_naive() + Duration::days(rng.random_range(1..=14));
    // The service lane is closed on Sundays.
    if day.weekday() == chrono::Weekday::Sun {
        day += Duration::days(1);
    }
    let minutes = 7 * 60 + 15 * rng.random_range(0..40);
    let time = NaiveTime::from_hms_opt(minutes / 60, minutes % 60, 0).unwrap_or(NaiveTime::MIN);
    let (op_code, _, _) = *pick(&SERVICE_LINES, rng);
    export.appointments.push(vec![
        format!("S{data_source_id}-A{}", booked.format("%y%m%d%H")),
        day.format("%Y-%m-%d").to_string(),
        time.format("%H:%M").to_string(),
        "SCHEDULED".to_owned(),
        vehicle.customer_number.clone(),
        vehicle.vin.clone(),
        advisor,
        op_code.to_owned(),
        pick(&TRANSPORT, rng).to_string(),
    ]);
}

/// Writes rows as a CSV file, atomically (a listing never sees half a file).
fn write_csv(path: &Path, headers: &[&str], rows: &[Vec<String>]) -> Result<()> {
    let partial = path.with_extension("csv.part");
    let mut writer =
        csv::Writer::from_path(&partial).map_err(|e| Error::Internal(format!("{e}")))?;
    let failed = |e: csv::Error| Error::Internal(format!("writing {}: {e}", partial.display()));
    writer.write_record(headers).map_err(failed)?;
    for row in rows {
        writer.write_record(row).map_err(failed)?;
    }
    writer
        .flush()
        .map_err(|e| io_error("writing", &partial, e))?;
    std::fs::rename(&partial, path).map_err(|e| io_error("renaming", &partial, e))
}

impl SimulatedDms {
    /// Writes the export of the hours since the last delivery; returns up to when it has
    /// delivered.
    fn produce(&self, now: DateTime<Utc>) -> Result<DateTime<Utc>> {
        self.drop.prepare()?;
        let (from, to) = window(self.generated_until, now);
        let world = SimulatedWorld {
            pushed: pushed_moves(&self.drop.directory),
            ..self.world.clone()
        };
        let export = simulate(&world, self.data_source_id, from, to);
        let name = format!("sim-{}.csv", to.format("%Y%m%dT%H%MZ"));
        let files = [
            (
                FileType::DmsRepairOrders,
                &REPAIR_ORDER_HEADERS[..],
                &export.repair_order_lines,
            ),
            (
                FileType::DmsAppointments,
                &APPOINTMENT_HEADERS[..],
                &export.appointments,
            ),
            (FileType::DmsSales, &SALE_HEADERS[..], &export.sales),
        ];
        for (file_type, headers, rows) in files {
            if !rows.is_empty() {
                let path = self.drop.directory.join(folder_of(file_type)).join(&name);
                write_csv(&path, headers, rows)?;
            }
        }
        Ok(to.max(self.generated_until.unwrap_or(to)))
    }

    /// Delivers the hours since the last delivery, and lists every file; also returns up to
    /// when it has delivered, for the source to keep.
    pub async fn deliver_until(&self, now: DateTime<Utc>) -> Result<(Delivery, DateTime<Utc>)> {
        let dms = self.clone();
        let until = tokio::task::spawn_blocking(move || dms.produce(now))
            .await
            .map_err(|e| Error::Internal(format!("simulating the dealer system: {e}")))??;
        Ok((self.drop.deliver(now).await?, until))
    }
}

impl Connector for SimulatedDms {
    async fn deliver(&self, now: DateTime<Utc>) -> Result<Delivery> {
        Ok(self.deliver_until(now).await?.0)
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use chrono::TimeZone;

    use super::*;

    fn world() -> SimulatedWorld {
        SimulatedWorld {
            vehicles: (0..20)
                .map(|i| WorldVehicle {
                    customer_number: format!("C{i}"),
                    vin: format!("VIN{i:014}"),
                    odometer: Some(10_000 * i),
                })
                .collect(),
            advisors: vec!["101".to_owned(), "102".to_owned()],
            pushed: HashMap::new(),
        }
    }

    #[test]
    fn an_order_staff_moved_stays_there_until_the_dealer_system_moves_it_on() {
        let at = |h| Utc.with_ymd_and_hms(2026, 11, 24, h, 0, 0).unwrap();
        let noon = simulate(&world(), 7, at(0), at(12));
        let open = noon
            .repair_order_lines
            .iter()
            .find(|line| line[3] != "CLOSED" && line[3] != "HOLD")
            .expect("an order open at noon")
            .clone();
        let mut moved = world();
        moved
            .pushed
            .insert(open[0].clone(), (RoStatus::Hold, at(12)));
        let status_of = |export: &SimulatedExport| {
            export
                .repair_order_lines
                .iter()
                .find(|line| line[0] == open[0])
                .map(|line| line[3].clone())
        };
        // Right after the move the dealer system shows it on hold…
        assert_eq!(
            status_of(&simulate(&moved, 7, at(0), at(12))).as_deref(),
            Some("HOLD")
        );
        // …and days later it has moved it on (closed) all the same.
        let days_later = at(12) + Duration::hours(LONGEST_VISIT_HOURS + 2);
        let later = simulate(&moved, 7, at(12), days_later);
        assert_eq!(status_of(&later).as_deref(), Some("CLOSED"));
    }

    #[test]
    fn the_same_hours_give_the_same_records_and_open_orders_close_later() {
        let at = |h| Utc.with_ymd_and_hms(2026, 11, 24, h, 0, 0).unwrap();
        let day_before = at(0) - Duration::days(1);
        let first = simulate(&world(), 7, day_before, at(12));
        assert_eq!(first, simulate(&world(), 7, day_before, at(12)));
        assert!(!first.repair_order_lines.is_empty());
        assert!(!first.appointments.is_empty());
        // Later, the same orders are delivered again, some of them closed since.
        let later = simulate(&world(), 7, at(12), at(23));
        let closed_later = later.repair_order_lines.iter().any(|line| {
            line[3] == "CLOSED"
                && first
                    .repair_order_lines
                    .iter()
                    .any(|open| open[0] == line[0] && open[3] != "CLOSED")
        });
        assert!(closed_later, "an order open at noon closes by the evening");
        assert_ne!(simulate(&world(), 8, day_before, at(12)), first);
        assert_eq!(
            simulate(&SimulatedWorld::default(), 7, at(0), at(12)),
            SimulatedExport::default()
        );
    }

    #[test]
    fn a_window_starts_at_the_last_delivery_at_most_a_week_back() {
        let now = Utc.with_ymd_and_hms(2026, 11, 25, 10, 42, 7).unwrap();
        let hour = Utc.with_ymd_and_hms(2026, 11, 25, 10, 0, 0).unwrap();
        assert_eq!(window(None, now), (hour - Duration::hours(24), hour));
        assert_eq!(
            window(Some(hour - Duration::hours(3)), now),
            (hour - Duration::hours(3), hour)
        );
        assert_eq!(
            window(Some(hour - Duration::days(60)), now).0,
            hour - Duration::days(7)
        );
        assert_eq!(window(Some(hour), now), (hour, hour));
    }

    #[tokio::test]
    async fn a_file_drop_lists_files_in_load_order_and_reports_misplaced_ones() {
        let dir = tempfile::tempdir().unwrap();
        let drop = FileDrop::new(dir.path().to_owned());
        drop.prepare().unwrap();
        let write = |path: &str| std::fs::write(dir.path().join(path), "a,b\n1,2\n").unwrap();
        write("dms_repair_orders/2.csv");
        write("dms_repair_orders/1.csv");
        write("dms_customer_vehicles/all.csv");
        write("dms_sales/.hidden.csv");
        write("dms_sales/late.csv.part");
        write("stray.csv");
        // What Bayline writes back for the dealer system is not a delivery.
        std::fs::create_dir_all(dir.path().join(WRITE_BACK_FOLDER).join("appointments")).unwrap();
        std::fs::create_dir_all(dir.path().join(crate::lane::push::OUTBOUND_FOLDER)).unwrap();
        write(&format!("{}/1.json", crate::lane::push::OUTBOUND_FOLDER));
        let delivery = drop.deliver(Utc::now()).await.unwrap();
        let names: Vec<_> = delivery.files.iter().map(|f| f.name.as_str()).collect();
        assert_eq!(
            names,
            [
                "dms_customer_vehicles/all.csv",
                "dms_repair_orders/1.csv",
                "dms_repair_orders/2.csv"
            ]
        );
        assert_eq!(delivery.misplaced, ["stray.csv"]);
    }
}
