//! The lead reports from memory (issue 39): the classification tables, the funnel, the
//! store-wise, leads-status, agent and response-insights tables and the not-responded list over
//! a million leads in milliseconds instead of seconds of SQL.
//!
//! Each long-lived process keeps, per enterprise a manager reads, a columnar table of every
//! lead's report facts: its store, service type, day created, whether it awaits staff or is
//! closed, for texted leads its customer type and classification (the lead's state now, by
//! [`lead_classifications`], the reports' own SQL definition), and its dated events (texts with
//! the store they went from, text replies, replies in words, any answer, bookings, and the
//! assistant's texts, bookings and handoffs), and its customer's replies by day and what the
//! assistant understood of them (their response insight).
//! A report is then one pass over those columns for any filter and window.
//!
//! The table stays current through `report_lead_changes`, which database triggers fill with
//! every lead whose facts may have changed (migrations 0038 to 0041): before each report, and
//! every few seconds in the background, the leads named since the last read are read again
//! through the same SQL and patched in. So a report reflects every write committed before it was
//! asked for. The first report of an enterprise is answered by SQL while the table builds in
//! the background; a table nobody reads for [`IDLE`] is dropped.

use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, Weak};
use std::time::{Duration, Instant};

use chrono::{Datelike, NaiveDate};
use sea_query::{Alias, Expr, ExprTrait, Query, SelectStatement};

use super::aggregates::reply_insight;
use super::classification::{CustomerType, first_texts, lead_classifications};
use super::funnel::FunnelCounts;
use super::sql::{Grain, is_customer_reply, is_outreach_text, utc_period};
use super::staff::{is_assistant_booking, is_assistant_handoff, is_assistant_text};
use super::table::{Cell, CellKind, Column, Shape, Table, tidy};
use super::{ReportFilter, Reports};
use engine::appointments::AppointmentStatus;
use engine::db::Database;
use engine::domain::messages::MessageType;
use engine::error::{Error, Result};
use engine::store::PageRequest;
use engine::store::report_changes::{LeadChange, ReportChangeLog};
use engine::store::schema::{
    Customers, FutureServiceInteractions as Fsi, MessageInstances as Msg, MessageUnderstandings,
    ServiceAppointments as Appt,
};

/// A table nobody has read for this long is dropped (and rebuilt when next asked for): its
/// memory is not held for enterprises nobody reports on, and the change log it would need is
/// kept far longer ([`engine::store::report_changes::CHANGES_KEPT`]).
const IDLE: Duration = Duration::from_secs(30 * 60);
/// How often the background refresh reads the change log, so a report's own catch-up is small.
const REFRESH_EVERY: Duration = Duration::from_secs(5);
/// Changes read at once; leads read again at once.
const CHANGES_AT_ONCE: u64 = 50_000;
const LEADS_AT_ONCE: usize = 500;
/// On PostgreSQL a change's place is taken when its transaction writes it, so a place may
/// show up after later ones (its transaction committed last). Places missing below the newest
/// read are watched this long, then taken for a rolled-back transaction's.
const GAP_WATCHED: Duration = Duration::from_secs(15 * 60);
/// At most this many unfilled ranges of places are watched (the newest).
const MAX_GAPS: usize = 64;
/// When a catch-up names more than this share of the table's leads, building it again is
/// quicker than reading them one batch at a time.
const REBUILD_SHARE: f64 = 0.25;

/// What a dated event of a lead is.
const TEXTED: u8 = 1;
const REPLIED: u8 = 2;
const IN_WORDS: u8 = 4;
const BOOKED: u8 = 8;
/// A message from the customer of any kind (an e-mail too).
const ANSWERED: u8 = 16;
/// The agent report's: a text the assistant sent, a booking it made (in any status), a
/// handoff it made (see [`super::staff::is_assistant_text`] and its neighbours).
const ASSISTANT_TEXTED: u8 = 32;
const ASSISTANT_BOOKED: u8 = 64;
const HANDED_OFF: u8 = 128;
/// The store of events that are not texts.
const NO_STORE: u32 = u32::MAX;

/// Where a lead stands with staff: its conversation awaits them, or is closed.
const AWAITING_STAFF: u8 = 1;
const CLOSED: u8 = 2;

/// Something that happened to a lead on a UTC day: a text (with the store it went from), a
/// text reply, a reply in words, any answer, a booking (an appointment made that day and not
/// cancelled), and the assistant's texts (how many), bookings and handoffs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Event {
    day: i32,
    store: u32,
    kinds: u8,
    /// How many of the day's texts from the store the assistant sent.
    assistant_texts: u16,
}

/// A lead's customer's replies on a UTC day with one response insight (interned, as the
/// report writes it: [`reply_insight`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Replies {
    day: i32,
    insight: u32,
    count: u32,
}

/// Per-lead columns, one slot per lead of the enterprise; a removed lead's slot is left dead
/// until the next build. Stores, service types and classifications are interned. The
/// classification, customer type and opt-out are read for texted leads only (the reports
/// that read them count texted leads); the others hold [`UNTEXTED`]'s.
#[derive(Debug, Clone, Default)]
pub(crate) struct LeadTable {
    ids: Vec<i64>,
    live: Vec<bool>,
    store: Vec<u32>,
    service: Vec<u16>,
    /// The UTC day it was created.
    created: Vec<i32>,
    /// [`AWAITING_STAFF`] and [`CLOSED`].
    status: Vec<u8>,
    classification: Vec<u16>,
    type_a: Vec<bool>,
    blocked: Vec<bool>,
    /// The lead's events in `events`, sorted by day.
    spans: Vec<(u32, u32)>,
    events: Vec<Event>,
    /// The lead's replies in `replies`, sorted by day.
    reply_spans: Vec<(u32, u32)>,
    replies: Vec<Replies>,
    slot_of: HashMap<i64, usize>,
    stores: Interned<i64>,
    services: Interned<String>,
    classifications: Interned<String>,
    insights: Interned<String>,
}

#[derive(Debug, Clone, Default)]
struct Interned<T> {
    values: Vec<T>,
    index: HashMap<T, u32>,
}

impl<T: Clone + Eq + std::hash::Hash> Interned<T> {
    fn of<Q>(&mut self, value: &Q) -> u32
    where
        T: std::borrow::Borrow<Q>,
        Q: ToOwned<Owned = T> + Eq + std::hash::Hash + ?Sized,
    {
        if let Some(index) = self.index.get(value) {
            return *index;
        }
        let index = self.values.len() as u32;
        self.values.push(value.to_owned());
        self.index.insert(value.to_owned(), index);
        index
    }

    /// Which interned values are among `wanted` (an empty `wanted`: `None`, meaning all).
    fn mask<'a>(&self, wanted: impl IntoIterator<Item = &'a T>) -> Vec<bool>
    where
        T: 'a,
    {
        let mut mask = vec![false; self.values.len()];
        for value in wanted {
            if let Some(index) = self.index.get(value) {
                mask[*index as usize] = true;
            }
        }
        mask
    }
}

/// One store's row of the store-wise report.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct StoreCounts {
    pub texted: i64,
    pub responded: i64,
    pub booked: i64,
    pub opted_out: i64,
}

/// One leads-status row's counts: the leads of a store and service type created in the
/// window, and where they stand now.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct StatusCounts {
    pub leads: i64,
    pub open: i64,
    pub texted: i64,
    pub responded: i64,
    pub booked: i64,
    pub awaiting_staff: i64,
    pub closed: i64,
}

impl StatusCounts {
    fn add(&mut self, other: &Self) {
        self.leads += other.leads;
        self.open += other.open;
        self.texted += other.texted;
        self.responded += other.responded;
        self.booked += other.booked;
        self.awaiting_staff += other.awaiting_staff;
        self.closed += other.closed;
    }
}

/// One store's row of the agent report: the leads the assistant texted in the window, its
/// texts, and how many of those leads answered, were booked by it or handed to staff in the
/// window, and whose customer opted out.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct AgentCounts {
    pub texted: i64,
    pub texts: i64,
    pub answered: i64,
    pub booked: i64,
    pub handed_off: i64,
    pub opted_out: i64,
}

/// One lead's facts as the database answers them.
#[derive(Debug, Clone, Copy)]
struct LeadFacts<'a> {
    store: i64,
    service: &'a str,
    created: i32,
    status: u8,
}

/// A texted lead's classification facts.
#[derive(Debug, Clone, Copy)]
struct TextedFacts<'a> {
    type_a: bool,
    blocked: bool,
    classification: &'a str,
}

/// What an untexted lead holds for the texted leads' facts.
const UNTEXTED: TextedFacts<'static> = TextedFacts {
    type_a: false,
    blocked: false,
    classification: "",
};

/// A filter as the table reads it: masks over its interned values and the window in days.
struct Selection {
    stores: Vec<bool>,
    services: Option<Vec<bool>>,
    from: i32,
    until: i32,
}

impl LeadTable {
    /// How many leads it holds.
    pub(crate) fn len(&self) -> usize {
        self.slot_of.len()
    }

    /// Bytes its columns hold (an estimate for the logs and the bench).
    pub(crate) fn bytes(&self) -> usize {
        let slots = self.ids.capacity();
        slots * (8 + 1 + 4 + 2 + 4 + 1 + 2 + 1 + 1 + 8 + 8)
            + self.events.capacity() * std::mem::size_of::<Event>()
            + self.replies.capacity() * std::mem::size_of::<Replies>()
            + self.slot_of.capacity() * 24
    }

    fn query(&self, filter: &ReportFilter) -> Selection {
        Selection {
            stores: self.stores.mask(filter.store_ids.iter()),
            services: (!filter.service_types.is_empty())
                .then(|| self.services.mask(filter.service_types.iter())),
            from: day_number(filter.from.date_naive()),
            until: day_number(filter.until.date_naive()),
        }
    }

    /// A lead of the selection's service types (all when it names none).
    fn is_of_service(&self, query: &Selection, slot: usize) -> bool {
        query
            .services
            .as_ref()
            .is_none_or(|mask| mask[self.service[slot] as usize])
    }

    /// A live lead of the selection's stores and service types.
    fn is_lead_of(&self, query: &Selection, slot: usize) -> bool {
        self.live[slot]
            && query.stores[self.store[slot] as usize]
            && self.is_of_service(query, slot)
    }

    fn events_of(&self, slot: usize) -> &[Event] {
        let (start, len) = self.spans[slot];
        &self.events[start as usize..(start + len) as usize]
    }

    fn replies_of(&self, slot: usize) -> &[Replies] {
        let (start, len) = self.reply_spans[slot];
        &self.replies[start as usize..(start + len) as usize]
    }

    /// Leads per (period, customer type, classification), as
    /// [`Reports::classification_counts`] counts them: the leads whose first text from the
    /// filter's stores falls in the window and who were never texted before it.
    pub(crate) fn classification_counts(
        &self,
        filter: &ReportFilter,
        grain: Grain,
        customer_type: Option<CustomerType>,
    ) -> Vec<(String, String, String, i64)> {
        let query = self.query(filter);
        let mut counts: HashMap<(i32, bool, u16), i64> = HashMap::new();
        for slot in 0..self.ids.len() {
            if !self.live[slot]
                || !self.is_of_service(&query, slot)
                || customer_type.is_some_and(|only| (only == CustomerType::A) != self.type_a[slot])
            {
                continue;
            }
            let mut first = None;
            let mut texted_before = false;
            for event in self.events_of(slot) {
                if event.kinds & TEXTED == 0 {
                    continue;
                }
                if event.day < query.from {
                    texted_before = true;
                    break;
                }
                if event.day >= query.until {
                    break;
                }
                if query.stores[event.store as usize] {
                    first = Some(event.day);
                    break;
                }
            }
            let Some(first) = first.filter(|_| !texted_before) else {
                continue;
            };
            let period = match grain {
                Grain::Day => first,
                Grain::Month => month_number(first),
            };
            *counts
                .entry((period, self.type_a[slot], self.classification[slot]))
                .or_default() += 1;
        }
        counts
            .into_iter()
            .map(|((period, type_a, classification), leads)| {
                let kind = if type_a {
                    CustomerType::A
                } else {
                    CustomerType::B
                };
                (
                    period_text(grain, period),
                    kind.stored().to_owned(),
                    self.classifications.values[classification as usize].clone(),
                    leads,
                )
            })
            .collect()
    }

    /// The funnel's counts, as [`Reports::funnel_counts`] counts them.
    pub(crate) fn funnel_counts(&self, filter: &ReportFilter) -> FunnelCounts {
        let query = self.query(filter);
        let mut counts = FunnelCounts::default();
        for slot in 0..self.ids.len() {
            if !self.is_lead_of(&query, slot) {
                continue;
            }
            let mut seen = 0u8;
            for event in self.events_of(slot) {
                if event.day < query.from {
                    continue;
                }
                if event.day >= query.until {
                    break;
                }
                let texted = event.kinds & TEXTED != 0 && query.stores[event.store as usize];
                seen |= (event.kinds & !TEXTED) | if texted { TEXTED } else { 0 };
            }
            if seen & TEXTED == 0 {
                continue;
            }
            counts.contacted += 1;
            counts.responded += i64::from(seen & REPLIED != 0);
            counts.engaged += i64::from(seen & IN_WORDS != 0 && !self.blocked[slot]);
            counts.appt_booking += i64::from(seen & BOOKED != 0);
        }
        counts
    }

    /// Per lead store, as the store-wise report counts them: the leads texted in the window
    /// (from any store), how many answered in it (any kind of message), booked in it, and whose
    /// customer opted out. Stores with nobody texted are left out.
    pub(crate) fn store_wise_counts(&self, filter: &ReportFilter) -> Vec<(i64, StoreCounts)> {
        let query = self.query(filter);
        let mut counts: HashMap<u32, StoreCounts> = HashMap::new();
        for slot in 0..self.ids.len() {
            if !self.is_lead_of(&query, slot) {
                continue;
            }
            let seen = self
                .events_of(slot)
                .iter()
                .filter(|event| (query.from..query.until).contains(&event.day))
                .fold(0u8, |seen, event| seen | event.kinds);
            if seen & TEXTED == 0 {
                continue;
            }
            let store = counts.entry(self.store[slot]).or_default();
            store.texted += 1;
            store.responded += i64::from(seen & ANSWERED != 0);
            store.booked += i64::from(seen & BOOKED != 0);
            store.opted_out += i64::from(self.blocked[slot]);
        }
        counts
            .into_iter()
            .map(|(store, counts)| (self.stores.values[store as usize], counts))
            .collect()
    }

    /// Per lead store and service type, as the leads-status report counts them: the leads
    /// created in the window, and whether each was ever texted, answered (any kind of
    /// message), booked, awaits staff or is closed.
    pub(crate) fn leads_status_counts(
        &self,
        filter: &ReportFilter,
    ) -> Vec<(i64, String, StatusCounts)> {
        let query = self.query(filter);
        let mut counts: HashMap<(u32, u16), StatusCounts> = HashMap::new();
        for slot in 0..self.ids.len() {
            if !self.is_lead_of(&query, slot)
                || !(query.from..query.until).contains(&self.created[slot])
            {
                continue;
            }
            let seen = self
                .events_of(slot)
                .iter()
                .fold(0u8, |seen, event| seen | event.kinds);
            let row = counts
                .entry((self.store[slot], self.service[slot]))
                .or_default();
            row.leads += 1;
            row.texted += i64::from(seen & TEXTED != 0);
            row.open += i64::from(seen & TEXTED == 0);
            row.responded += i64::from(seen & ANSWERED != 0);
            row.booked += i64::from(seen & BOOKED != 0);
            row.awaiting_staff += i64::from(self.status[slot] & AWAITING_STAFF != 0);
            row.closed += i64::from(self.status[slot] & CLOSED != 0);
        }
        counts
            .into_iter()
            .map(|((store, service), counts)| {
                (
                    self.stores.values[store as usize],
                    self.services.values[service as usize].clone(),
                    counts,
                )
            })
            .collect()
    }

    /// Per lead store, as the agent report counts them ([`AgentCounts`]). Stores the
    /// assistant texted nobody of are left out.
    pub(crate) fn agent_counts(&self, filter: &ReportFilter) -> Vec<(i64, AgentCounts)> {
        let query = self.query(filter);
        let mut counts: HashMap<u32, AgentCounts> = HashMap::new();
        for slot in 0..self.ids.len() {
            if !self.is_lead_of(&query, slot) {
                continue;
            }
            let (seen, texts) = self
                .events_of(slot)
                .iter()
                .filter(|event| (query.from..query.until).contains(&event.day))
                .fold((0u8, 0i64), |(seen, texts), event| {
                    (seen | event.kinds, texts + i64::from(event.assistant_texts))
                });
            if seen & ASSISTANT_TEXTED == 0 {
                continue;
            }
            let store = counts.entry(self.store[slot]).or_default();
            store.texted += 1;
            store.texts += texts;
            store.answered += i64::from(seen & ANSWERED != 0);
            store.booked += i64::from(seen & ASSISTANT_BOOKED != 0);
            store.handed_off += i64::from(seen & HANDED_OFF != 0);
            store.opted_out += i64::from(self.blocked[slot]);
        }
        counts
            .into_iter()
            .map(|(store, counts)| (self.stores.values[store as usize], counts))
            .collect()
    }

    /// Per response insight, as the response-insights report counts them: the replies of the
    /// filter's leads in the window with that insight and how many leads sent them. Ordered
    /// as the SQL orders its rows: most replies first, then by insight.
    pub(crate) fn insight_counts(&self, filter: &ReportFilter) -> Vec<(String, i64, i64)> {
        let query = self.query(filter);
        let insights = self.insights.values.len();
        let mut replies = vec![0i64; insights];
        let mut leads = vec![0i64; insights];
        // The last lead counted per insight: a lead's replies are read together.
        let mut counted = vec![usize::MAX; insights];
        for slot in 0..self.ids.len() {
            if !self.is_lead_of(&query, slot) {
                continue;
            }
            for day in self.replies_of(slot) {
                if !(query.from..query.until).contains(&day.day) {
                    continue;
                }
                let insight = day.insight as usize;
                replies[insight] += i64::from(day.count);
                if counted[insight] != slot {
                    counted[insight] = slot;
                    leads[insight] += 1;
                }
            }
        }
        let mut rows: Vec<(String, i64, i64)> = (0..insights)
            .filter(|&insight| replies[insight] > 0)
            .map(|insight| {
                (
                    self.insights.values[insight].clone(),
                    replies[insight],
                    leads[insight],
                )
            })
            .collect();
        rows.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        rows
    }

    /// The not-responded list's leads: the filter's leads texted in the window (from any
    /// store) that never had an answer of any kind. Answers how many there are and the ids of
    /// `page` of them, newest lead first as the list orders them.
    pub(crate) fn not_responded(
        &self,
        filter: &ReportFilter,
        page: PageRequest,
    ) -> (u64, Vec<i64>) {
        let query = self.query(filter);
        let mut ids: Vec<i64> = (0..self.ids.len())
            .filter(|&slot| {
                let events = self.events_of(slot);
                self.is_lead_of(&query, slot)
                    && events.iter().all(|event| event.kinds & ANSWERED == 0)
                    && events.iter().any(|event| {
                        event.kinds & TEXTED != 0 && (query.from..query.until).contains(&event.day)
                    })
            })
            .map(|slot| self.ids[slot])
            .collect();
        let total = ids.len() as u64;
        let start = Ord::min(page.offset(), total) as usize;
        let end = Ord::min(page.offset().saturating_add(page.size), total) as usize;
        if start < end {
            // Only the leads up to the page's end in order, not the whole list.
            ids.select_nth_unstable_by(end - 1, |a, b| b.cmp(a));
            ids.truncate(end);
            ids.sort_unstable_by(|a, b| b.cmp(a));
        }
        (total, ids.get(start..end).unwrap_or_default().to_vec())
    }

    /// Puts a lead's facts in, as untexted (its events stay until [`Self::set_events`]);
    /// answers its slot.
    fn set_lead(&mut self, id: i64, facts: LeadFacts<'_>) -> usize {
        let store = self.stores.of(&facts.store);
        let service = self.services.of(facts.service) as u16;
        let slot = match self.slot_of.get(&id) {
            Some(&slot) => {
                self.store[slot] = store;
                self.service[slot] = service;
                self.created[slot] = facts.created;
                self.status[slot] = facts.status;
                slot
            }
            None => {
                let slot = self.ids.len();
                self.slot_of.insert(id, slot);
                self.ids.push(id);
                self.live.push(true);
                self.store.push(store);
                self.service.push(service);
                self.created.push(facts.created);
                self.status.push(facts.status);
                self.classification.push(0);
                self.type_a.push(false);
                self.blocked.push(false);
                self.spans.push((0, 0));
                self.reply_spans.push((0, 0));
                slot
            }
        };
        self.set_texted(slot, UNTEXTED);
        slot
    }

    /// Puts a texted lead's classification facts in.
    fn set_texted(&mut self, slot: usize, facts: TextedFacts<'_>) {
        self.classification[slot] = self.classifications.of(facts.classification) as u16;
        self.type_a[slot] = facts.type_a;
        self.blocked[slot] = facts.blocked;
    }

    /// Replaces a lead's events (sorted, one per day and store).
    fn set_events(&mut self, slot: usize, events: &[Event]) {
        let start = self.events.len() as u32;
        self.events.extend_from_slice(events);
        self.spans[slot] = (start, events.len() as u32);
    }

    /// Replaces a lead's replies (sorted, one per day and insight).
    fn set_replies(&mut self, slot: usize, replies: &[Replies]) {
        let start = self.replies.len() as u32;
        self.replies.extend_from_slice(replies);
        self.reply_spans[slot] = (start, replies.len() as u32);
    }

    /// Takes a lead out.
    fn remove(&mut self, id: i64) {
        if let Some(slot) = self.slot_of.remove(&id) {
            self.live[slot] = false;
            self.spans[slot] = (0, 0);
            self.reply_spans[slot] = (0, 0);
        }
    }

    /// Whether dead slots and replaced events are worth a rebuild.
    fn is_worn(&self) -> bool {
        let live = |spans: &[(u32, u32)]| -> usize {
            spans
                .iter()
                .map(|(_, len)| *len as usize)
                .sum::<usize>()
                .max(4096)
        };
        self.ids.len() > 2 * self.len().max(1024)
            || self.events.len() > 2 * live(&self.spans)
            || self.replies.len() > 2 * live(&self.reply_spans)
    }
}

/// Days since 1970-01-01.
fn day_number(day: NaiveDate) -> i32 {
    (day - NaiveDate::from_ymd_opt(1970, 1, 1).unwrap_or_default()).num_days() as i32
}

fn date_of(day: i32) -> NaiveDate {
    NaiveDate::from_ymd_opt(1970, 1, 1).unwrap_or_default() + chrono::Duration::days(day.into())
}

/// A month as `year * 12 + month0`.
fn month_number(day: i32) -> i32 {
    let date = date_of(day);
    date.year() * 12 + date.month0() as i32
}

/// The period as the SQL writes it: `YYYY-MM-DD` or `YYYY-MM`.
fn period_text(grain: Grain, period: i32) -> String {
    match grain {
        Grain::Day => date_of(period).format("%Y-%m-%d").to_string(),
        Grain::Month => format!(
            "{:04}-{:02}",
            period.div_euclid(12),
            period.rem_euclid(12) + 1
        ),
    }
}

/// `YYYY-MM-DD` → days since 1970-01-01.
fn parse_day(text: &str) -> Result<i32> {
    NaiveDate::parse_from_str(text.get(..10).unwrap_or(text), "%Y-%m-%d")
        .map(day_number)
        .map_err(|e| Error::Internal(format!("report snapshot: day {text:?}: {e}")))
}

/// Reads the facts of an enterprise's leads (all of them, or `only` these) into `table`; the
/// leads of `only` the database no longer has (in the enterprise) are taken out.
async fn read_leads(
    db: &Database,
    enterprise_id: i64,
    only: Option<&[i64]>,
    table: &mut LeadTable,
) -> Result<()> {
    let backend = db.kind();
    let name = |text: &str| Alias::new(text);
    let narrow = |select: &mut SelectStatement, column: Expr| {
        if let Some(ids) = only {
            select.and_where(column.is_in(ids.iter().copied()));
        }
    };
    let flag = |column: Fsi, value: u8| -> Expr {
        Expr::case(Expr::col((Fsi::Table, column)).eq(true), i64::from(value))
            .finally(0i64)
            .into()
    };
    let mut leads = Query::select();
    leads
        .column((Fsi::Table, Fsi::Id))
        .column((Fsi::Table, Fsi::StoreId))
        .column((Fsi::Table, Fsi::ServiceType))
        .expr(utc_period(
            backend,
            Expr::col((Fsi::Table, Fsi::CreatedAt)),
            Grain::Day,
        ))
        .expr(flag(Fsi::ResponseReqd, AWAITING_STAFF).add(flag(Fsi::ConversationClosed, CLOSED)))
        .from(Fsi::Table)
        .and_where(Expr::col((Fsi::Table, Fsi::EnterpriseId)).eq(enterprise_id));
    narrow(&mut leads, Expr::col((Fsi::Table, Fsi::Id)));
    // The slots read this time: their events are read next, the others keep theirs.
    let mut read: Vec<usize> = Vec::new();
    let mut failure = None;
    db.for_each_cells(
        &leads,
        &[
            CellKind::Integer,
            CellKind::Integer,
            CellKind::Text,
            CellKind::Text,
            CellKind::Integer,
        ],
        |row| {
            if let [
                Cell::Integer(id),
                Cell::Integer(store),
                Cell::Text(service),
                Cell::Text(created),
                Cell::Integer(status),
            ] = row.as_slice()
            {
                match parse_day(created) {
                    Ok(created) => read.push(table.set_lead(
                        *id,
                        LeadFacts {
                            store: *store,
                            service,
                            created,
                            status: *status as u8,
                        },
                    )),
                    Err(error) => failure = Some(error),
                }
            }
            Ok(())
        },
    )
    .await?;
    if let Some(error) = failure {
        return Err(error);
    }
    let mut reading = vec![false; table.ids.len()];
    for slot in &read {
        reading[*slot] = true;
    }
    // The texted ones' classification, by the reports' own definition.
    let mut firsts = first_texts(enterprise_id);
    narrow(&mut firsts, Expr::col((Msg::Table, Msg::FsiId)));
    let (ctes, mut texted) = lead_classifications(enterprise_id, firsts, only);
    texted
        .expr_as(Expr::col((name("firsts"), name("fsi_id"))), name("lead"))
        .expr_as(
            Expr::case(
                Expr::col((Customers::Table, Customers::BlockSms)).eq(true),
                1i64,
            )
            .finally(0i64),
            name("blocked"),
        )
        .and_where(Expr::col((Fsi::Table, Fsi::EnterpriseId)).eq(enterprise_id));
    let texted = texted.with(ctes);
    db.for_each_cells(
        &texted,
        &[
            CellKind::Text,
            CellKind::Text,
            CellKind::Integer,
            CellKind::Integer,
        ],
        |row| {
            if let [
                Cell::Text(kind),
                Cell::Text(classification),
                Cell::Integer(id),
                Cell::Integer(blocked),
            ] = row.as_slice()
                && let Some(&slot) = table.slot_of.get(id)
                && reading[slot]
            {
                table.set_texted(
                    slot,
                    TextedFacts {
                        type_a: kind == CustomerType::A.stored(),
                        blocked: *blocked != 0,
                        classification,
                    },
                );
            }
            Ok(())
        },
    )
    .await?;
    // Their events: texts and replies (with the replies' insights), then bookings.
    let mut found: Vec<(u32, Event)> = Vec::with_capacity(read.len() * 3);
    let mut found_replies: Vec<(u32, i32, u32)> = Vec::with_capacity(read.len());
    let received_text = is_customer_reply()
        .and(Expr::col((Msg::Table, Msg::MessageType)).eq(MessageType::Sms.as_str()));
    let mut messages = Query::select();
    messages
        .column((Msg::Table, Msg::FsiId))
        .expr(utc_period(
            backend,
            Expr::col((Msg::Table, Msg::CreatedAt)),
            Grain::Day,
        ))
        .column((Msg::Table, Msg::StoreId))
        .expr(
            Expr::case(is_assistant_text(), i64::from(TEXTED | ASSISTANT_TEXTED))
                .case(is_outreach_text(), i64::from(TEXTED))
                .case(
                    received_text.clone().and(
                        Expr::col((
                            MessageUnderstandings::Table,
                            MessageUnderstandings::CarrierKeyword,
                        ))
                        .is_null(),
                    ),
                    i64::from(REPLIED | IN_WORDS | ANSWERED),
                )
                .case(received_text, i64::from(REPLIED | ANSWERED))
                .case(is_customer_reply(), i64::from(ANSWERED))
                .finally(0i64)
                .add(Expr::case(is_assistant_handoff(), i64::from(HANDED_OFF)).finally(0i64)),
        )
        .expr(Expr::case(is_customer_reply(), reply_insight()).finally(""))
        .from(Msg::Table)
        .left_join(
            MessageUnderstandings::Table,
            Expr::col((
                MessageUnderstandings::Table,
                MessageUnderstandings::MessageId,
            ))
            .equals((Msg::Table, Msg::Id)),
        )
        .and_where(Expr::col((Msg::Table, Msg::EnterpriseId)).eq(enterprise_id))
        .and_where(Expr::col((Msg::Table, Msg::FsiId)).is_not_null())
        .and_where(
            is_outreach_text()
                .or(is_customer_reply())
                .or(is_assistant_handoff()),
        );
    narrow(&mut messages, Expr::col((Msg::Table, Msg::FsiId)));
    let mut bookings = Query::select();
    bookings
        .column((Appt::Table, Appt::FsiId))
        .expr(utc_period(
            backend,
            Expr::col((Appt::Table, Appt::CreatedAt)),
            Grain::Day,
        ))
        .expr(Expr::val(-1i64))
        .expr(
            Expr::case(
                Expr::col((Appt::Table, Appt::ApptStatus))
                    .ne(AppointmentStatus::Cancelled.as_str()),
                i64::from(BOOKED),
            )
            .finally(0i64)
            .add(Expr::case(is_assistant_booking(), i64::from(ASSISTANT_BOOKED)).finally(0i64)),
        )
        .expr(Expr::val(""))
        .from(Appt::Table)
        .and_where(Expr::col((Appt::Table, Appt::EnterpriseId)).eq(enterprise_id))
        .and_where(Expr::col((Appt::Table, Appt::FsiId)).is_not_null());
    narrow(&mut bookings, Expr::col((Appt::Table, Appt::FsiId)));
    let kinds = [
        CellKind::Integer,
        CellKind::Text,
        CellKind::Integer,
        CellKind::Integer,
        CellKind::Text,
    ];
    for select in [&messages, &bookings] {
        let mut failure = None;
        db.for_each_cells(select, &kinds, |row| {
            if let [
                Cell::Integer(id),
                Cell::Text(day),
                Cell::Integer(store),
                Cell::Integer(kinds),
                Cell::Text(insight),
            ] = row.as_slice()
                && *kinds != 0
                && let Some(&slot) = table.slot_of.get(id)
                && reading[slot]
            {
                let day = match parse_day(day) {
                    Ok(day) => day,
                    Err(error) => {
                        failure = Some(error);
                        return Ok(());
                    }
                };
                if !insight.is_empty() {
                    found_replies.push((slot as u32, day, table.insights.of(insight.as_str())));
                }
                let kinds = *kinds as u8;
                let store = if kinds & TEXTED != 0 {
                    table.stores.of(store)
                } else {
                    NO_STORE
                };
                found.push((
                    slot as u32,
                    Event {
                        day,
                        store,
                        kinds,
                        assistant_texts: u16::from(kinds & ASSISTANT_TEXTED != 0),
                    },
                ));
            }
            Ok(())
        })
        .await?;
        if let Some(error) = failure {
            return Err(error);
        }
    }
    // Each lead's events in order, those of one (day, store) merged: its list stays short.
    found.sort_unstable();
    let mut merged: Vec<Event> = Vec::new();
    let mut at = 0;
    while at < found.len() {
        let slot = found[at].0;
        merged.clear();
        while let Some((_, event)) = found.get(at).filter(|(s, _)| *s == slot) {
            match merged.last_mut() {
                Some(last) if last.day == event.day && last.store == event.store => {
                    last.kinds |= event.kinds;
                    last.assistant_texts =
                        last.assistant_texts.saturating_add(event.assistant_texts);
                }
                _ => merged.push(*event),
            }
            at += 1;
        }
        table.set_events(slot as usize, &merged);
        reading[slot as usize] = false;
    }
    // Each lead's replies counted per day and insight, likewise.
    for slot in &read {
        table.set_replies(*slot, &[]);
    }
    found_replies.sort_unstable();
    let mut counted: Vec<Replies> = Vec::new();
    for group in found_replies.chunk_by(|a, b| a.0 == b.0) {
        counted.clear();
        for &(_, day, insight) in group {
            match counted.last_mut() {
                Some(last) if last.day == day && last.insight == insight => last.count += 1,
                _ => counted.push(Replies {
                    day,
                    insight,
                    count: 1,
                }),
            }
        }
        table.set_replies(group[0].0 as usize, &counted);
    }
    let read_ids: std::collections::HashSet<i64> = match only {
        Some(_) => read.iter().map(|slot| table.ids[*slot]).collect(),
        None => Default::default(),
    };
    // Read without events (none in the enterprise any more): none.
    for slot in read {
        if reading[slot] {
            table.set_events(slot, &[]);
        }
    }
    // Asked for, and no longer a lead of the enterprise: out.
    for id in only.unwrap_or_default() {
        if !read_ids.contains(id) {
            table.remove(*id);
        }
    }
    Ok(())
}

/// Where a table's reading of the change log stands.
#[derive(Debug, Clone, Default)]
struct Cursor {
    /// Every place up to here has been read, but for the gaps.
    after: i64,
    /// Places below `after` not seen yet: (low, high, since when).
    gaps: Vec<(i64, i64, Instant)>,
}

impl Cursor {
    fn gap_ranges(&self) -> Vec<(i64, i64)> {
        self.gaps
            .iter()
            .map(|(low, high, _)| (*low, *high))
            .collect()
    }

    /// Takes in changes read (in order); answers the leads they name.
    fn take(&mut self, changes: &[LeadChange], now: Instant) -> Vec<i64> {
        let mut leads = Vec::with_capacity(changes.len());
        for change in changes {
            leads.push(change.fsi_id);
            if change.seq > self.after {
                if change.seq > self.after + 1 {
                    self.gaps.push((self.after + 1, change.seq - 1, now));
                }
                self.after = change.seq;
            } else if let Some(index) = self
                .gaps
                .iter()
                .position(|(low, high, _)| (*low..=*high).contains(&change.seq))
            {
                let (low, high, since) = self.gaps.remove(index);
                if low < change.seq {
                    self.gaps.push((low, change.seq - 1, since));
                }
                if change.seq < high {
                    self.gaps.push((change.seq + 1, high, since));
                }
            }
        }
        self.gaps
            .retain(|(_, _, since)| now.duration_since(*since) < GAP_WATCHED);
        // Rolled-back transactions leave places that never come: watch the newest only.
        if self.gaps.len() > MAX_GAPS {
            self.gaps.sort_by_key(|(low, _, _)| *low);
            self.gaps.drain(..self.gaps.len() - MAX_GAPS);
        }
        leads.sort_unstable();
        leads.dedup();
        leads
    }
}

/// A built table and how far it has read.
struct Ready {
    table: Arc<LeadTable>,
    cursor: Cursor,
    refreshed: Instant,
}

struct Slot {
    building: AtomicBool,
    last_read: Mutex<Instant>,
    state: tokio::sync::Mutex<Option<Ready>>,
}

struct Registry {
    db: Database,
    slots: Mutex<HashMap<i64, Arc<Slot>>>,
    refreshing: AtomicBool,
}

/// The tables of one process, per enterprise (see the module's notes). Cloning shares them.
#[derive(Clone)]
pub struct Snapshots {
    registry: Arc<Registry>,
}

impl std::fmt::Debug for Snapshots {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Snapshots").finish_non_exhaustive()
    }
}

impl Snapshots {
    pub fn new(db: Database) -> Self {
        Self {
            registry: Arc::new(Registry {
                db,
                slots: Mutex::new(HashMap::new()),
                refreshing: AtomicBool::new(false),
            }),
        }
    }

    fn slot(&self, enterprise_id: i64) -> Arc<Slot> {
        let mut slots = self
            .registry
            .slots
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        slots
            .entry(enterprise_id)
            .or_insert_with(|| {
                Arc::new(Slot {
                    building: AtomicBool::new(false),
                    last_read: Mutex::new(Instant::now()),
                    state: tokio::sync::Mutex::new(None),
                })
            })
            .clone()
    }

    /// The enterprise's table, current with every change committed before the call. Without
    /// one yet: `wait` builds it now; otherwise its build starts in the background and `None`
    /// answers (the caller asks the database).
    pub(crate) async fn current(
        &self,
        enterprise_id: i64,
        wait: bool,
    ) -> Result<Option<Arc<LeadTable>>> {
        let slot = self.slot(enterprise_id);
        *slot.last_read.lock().unwrap_or_else(|e| e.into_inner()) = Instant::now();
        if !wait && slot.building.load(Ordering::Acquire) {
            return Ok(None);
        }
        let mut state = slot.state.lock().await;
        if state.is_some() {
            return Ok(Some(
                refresh(&self.registry.db, enterprise_id, &mut state).await?,
            ));
        }
        if wait {
            *state = Some(build(&self.registry.db, enterprise_id).await?);
            self.keep_refreshing();
            return Ok(state.as_ref().map(|ready| ready.table.clone()));
        }
        drop(state);
        if !slot.building.swap(true, Ordering::AcqRel) {
            let db = self.registry.db.clone();
            let this = self.clone();
            tokio::spawn(async move {
                let mut state = slot.state.lock().await;
                if state.is_none() {
                    match build(&db, enterprise_id).await {
                        Ok(ready) => {
                            *state = Some(ready);
                            this.keep_refreshing();
                        }
                        Err(error) => tracing::warn!(
                            %error, enterprise_id, "the reports' snapshot could not be built"
                        ),
                    }
                }
                slot.building.store(false, Ordering::Release);
            });
        }
        Ok(None)
    }

    /// Starts (once) the background refresh: every few seconds each table catches up with
    /// the change log; a table unread for [`IDLE`] is dropped. It ends with the registry.
    fn keep_refreshing(&self) {
        if self.registry.refreshing.swap(true, Ordering::AcqRel) {
            return;
        }
        let registry: Weak<Registry> = Arc::downgrade(&self.registry);
        tokio::spawn(async move {
            loop {
                tokio::time::sleep(REFRESH_EVERY).await;
                let Some(registry) = registry.upgrade() else {
                    return;
                };
                let slots: Vec<(i64, Arc<Slot>)> = registry
                    .slots
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .iter()
                    .map(|(id, slot)| (*id, slot.clone()))
                    .collect();
                for (enterprise_id, slot) in slots {
                    let idle = slot
                        .last_read
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .elapsed()
                        > IDLE;
                    let Ok(mut state) = slot.state.try_lock() else {
                        continue;
                    };
                    if idle {
                        *state = None;
                    } else if state.is_some()
                        && let Err(error) = refresh(&registry.db, enterprise_id, &mut state).await
                    {
                        tracing::warn!(%error, enterprise_id, "the reports' snapshot could not catch up");
                    }
                }
            }
        });
    }
}

/// Builds an enterprise's table from scratch. The cursor is placed before reading, so
/// whatever commits meanwhile is read again by the next catch-up; places below it not seen
/// (PostgreSQL transactions still open) are watched as gaps.
async fn build(db: &Database, enterprise_id: i64) -> Result<Ready> {
    let started = Instant::now();
    let log = ReportChangeLog::new(db.clone());
    let after = log.latest().await?;
    // Transactions still open took places just below the newest: watch the last thousand.
    let recent = log.since(Ord::max(after - 1000, 0), &[], 1000).await?;
    let mut cursor = Cursor {
        after: Ord::max(after - 1000, 0),
        gaps: Vec::new(),
    };
    cursor.take(&recent, started);
    cursor.after = after;
    let mut table = LeadTable::default();
    read_leads(db, enterprise_id, None, &mut table).await?;
    tracing::info!(
        enterprise_id,
        leads = table.len(),
        mib = table.bytes() / (1 << 20),
        ms = started.elapsed().as_millis() as u64,
        "built the reports' snapshot"
    );
    Ok(Ready {
        table: Arc::new(table),
        cursor,
        refreshed: Instant::now(),
    })
}

/// Brings a built table up to date with the change log (or builds it again when it has gone
/// unread too long, worn out, or when catching up would read most of it).
async fn refresh(
    db: &Database,
    enterprise_id: i64,
    state: &mut Option<Ready>,
) -> Result<Arc<LeadTable>> {
    let log = ReportChangeLog::new(db.clone());
    loop {
        let Some(ready) = state.as_mut() else {
            return Err(Error::Internal(
                "report snapshot: nothing to refresh".into(),
            ));
        };
        if ready.refreshed.elapsed() > IDLE {
            *state = Some(build(db, enterprise_id).await?);
            continue;
        }
        let changes = log
            .since(
                ready.cursor.after,
                &ready.cursor.gap_ranges(),
                CHANGES_AT_ONCE,
            )
            .await?;
        let now = Instant::now();
        let leads = ready.cursor.take(&changes, now);
        if leads.len() as f64 > REBUILD_SHARE * ready.table.len().max(10_000) as f64 {
            *state = Some(build(db, enterprise_id).await?);
            continue;
        }
        if !leads.is_empty() {
            let table = Arc::make_mut(&mut ready.table);
            for batch in leads.chunks(LEADS_AT_ONCE) {
                read_leads(db, enterprise_id, Some(batch), table).await?;
            }
            if table.is_worn() {
                *state = Some(build(db, enterprise_id).await?);
                continue;
            }
        }
        ready.refreshed = now;
        if (changes.len() as u64) < CHANGES_AT_ONCE {
            return Ok(ready.table.clone());
        }
    }
}

impl Reports {
    /// The table of the filter's enterprise when this process keeps one (see
    /// [`Reports::with_snapshots`]) and it is built; `None`: ask the database.
    pub(crate) async fn snapshot(&self, filter: &ReportFilter) -> Result<Option<Arc<LeadTable>>> {
        match &self.snapshots {
            Some(snapshots) => snapshots.current(filter.scope.enterprise_id, false).await,
            None => Ok(None),
        }
    }

    /// Runs `count` over a snapshot off the async workers: a pass over a million leads is
    /// milliseconds of CPU. `what` names the report in an error.
    pub(crate) async fn count_in<T: Send + 'static>(
        table: Arc<LeadTable>,
        filter: &ReportFilter,
        what: &'static str,
        count: impl FnOnce(&LeadTable, &ReportFilter) -> T + Send + 'static,
    ) -> Result<T> {
        let filter = filter.clone();
        tokio::task::spawn_blocking(move || count(&table, &filter))
            .await
            .map_err(|e| Error::Internal(format!("{what}: {e}")))
    }

    /// The store-wise table (`columns` as its SQL shape declares them) from a snapshot: one
    /// row per store with leads texted in the window, by store name, as the SQL orders it.
    pub(crate) async fn store_wise_from(
        &self,
        table: Arc<LeadTable>,
        columns: Vec<Column>,
        filter: &ReportFilter,
    ) -> Result<Table> {
        let counts =
            Self::count_in(table, filter, "store-wise", LeadTable::store_wise_counts).await?;
        let percent = |part: i64, whole: i64| 100.0 * part as f64 / whole as f64;
        let rows =
            self.by_store_name(filter, counts)
                .await?
                .into_iter()
                .map(|(name, id, counts)| {
                    vec![
                        Cell::Integer(id),
                        Cell::Text(name),
                        Cell::Integer(counts.texted),
                        Cell::Integer(counts.responded),
                        Cell::Integer(counts.booked),
                        Cell::Integer(counts.opted_out),
                        Cell::Decimal(percent(counts.responded, counts.texted)),
                        Cell::Decimal(percent(counts.booked, counts.texted)),
                    ]
                });
        Ok(Table::whole_with_totals(columns, rows))
    }

    /// The agent report (`columns` as its SQL shape declares them) from a snapshot: one row
    /// per store whose leads the assistant texted in the window, by store name, as the SQL
    /// orders it.
    pub(crate) async fn agent_report_from(
        &self,
        table: Arc<LeadTable>,
        columns: Vec<Column>,
        filter: &ReportFilter,
    ) -> Result<Table> {
        let counts = Self::count_in(table, filter, "agent report", LeadTable::agent_counts).await?;
        let rows =
            self.by_store_name(filter, counts)
                .await?
                .into_iter()
                .map(|(name, _, counts)| {
                    vec![
                        Cell::Text(name),
                        Cell::Integer(counts.texted),
                        Cell::Integer(counts.texts),
                        Cell::Integer(counts.answered),
                        Cell::Integer(counts.booked),
                        Cell::Integer(counts.handed_off),
                        Cell::Integer(counts.opted_out),
                    ]
                });
        Ok(Table::whole_with_totals(columns, rows))
    }

    /// The response-insights table (`columns` as its SQL shape declares them) from a
    /// snapshot: one row per insight with replies in the window.
    pub(crate) async fn response_insights_from(
        &self,
        table: Arc<LeadTable>,
        columns: Vec<Column>,
        filter: &ReportFilter,
    ) -> Result<Table> {
        let counts = Self::count_in(
            table,
            filter,
            "response insights",
            LeadTable::insight_counts,
        )
        .await?;
        let rows = counts.into_iter().map(|(insight, replies, leads)| {
            vec![
                Cell::Text(insight),
                Cell::Integer(replies),
                Cell::Integer(leads),
            ]
        });
        Ok(Table::whole_with_totals(columns, rows))
    }

    /// Per-store counts with each store's name, ordered by name (then id) as the reports'
    /// SQL orders its rows; stores outside the caller's scope are left out.
    async fn by_store_name<T>(
        &self,
        filter: &ReportFilter,
        counts: Vec<(i64, T)>,
    ) -> Result<Vec<(String, i64, T)>> {
        let stores = self.tenancy().stores(&filter.scope).await?;
        let mut rows: Vec<(String, i64, T)> = counts
            .into_iter()
            .filter_map(|(id, counts)| {
                let store = stores.iter().find(|s| s.id == id)?;
                Some((store.name.clone(), id, counts))
            })
            .collect();
        rows.sort_by(|a, b| (&a.0, a.1).cmp(&(&b.0, b.1)));
        Ok(rows)
    }

    /// The leads-status table (`columns` as its SQL shape declares them) from a snapshot: one
    /// row per store name and service type with leads created in the window, ordered as the
    /// SQL orders them.
    pub(crate) async fn leads_status_from(
        &self,
        table: Arc<LeadTable>,
        columns: Vec<Column>,
        filter: &ReportFilter,
    ) -> Result<Table> {
        let counts = Self::count_in(
            table,
            filter,
            "leads status",
            LeadTable::leads_status_counts,
        )
        .await?;
        let stores = self.tenancy().stores(&filter.scope).await?;
        // The SQL groups by the store's name: stores of one name share a row.
        let mut rows: BTreeMap<(String, String), StatusCounts> = BTreeMap::new();
        for (id, service, counts) in counts {
            if let Some(store) = stores.iter().find(|s| s.id == id) {
                rows.entry((store.name.clone(), service))
                    .or_default()
                    .add(&counts);
            }
        }
        let rows = rows.into_iter().map(|((store, service), counts)| {
            vec![
                Cell::Text(store),
                Cell::Text(service),
                Cell::Integer(counts.leads),
                Cell::Integer(counts.open),
                Cell::Integer(counts.texted),
                Cell::Integer(counts.responded),
                Cell::Integer(counts.booked),
                Cell::Integer(counts.awaiting_staff),
                Cell::Integer(counts.closed),
            ]
        });
        Ok(Table::whole_with_totals(columns, rows))
    }

    /// A page of the not-responded list from a snapshot: which leads and how many from
    /// memory, their rows from the database by id (`shape` is the list's SQL, whose
    /// conditions still hold on those rows).
    pub(crate) async fn not_responded_from(
        &self,
        table: Arc<LeadTable>,
        shape: Shape,
        filter: &ReportFilter,
        page: PageRequest,
    ) -> Result<Table> {
        let (total, ids) = Self::count_in(table, filter, "not responded", move |table, filter| {
            table.not_responded(filter, page)
        })
        .await?;
        let rows = if ids.is_empty() {
            Vec::new()
        } else {
            let mut query = shape.query.clone();
            query.and_where(Expr::col((Fsi::Table, Fsi::Id)).is_in(ids));
            let rows = self.db().fetch_cells(&query, &shape.kinds()).await?;
            rows.into_iter()
                .map(|row| tidy(&shape.columns, row))
                .collect()
        };
        Ok(Table::paged(shape.columns, rows, page, total))
    }

    /// Builds (or brings up to date) the enterprise's table now, and answers its size in
    /// leads: for the bench, tests and a warm start.
    pub async fn warm_snapshot(&self, enterprise_id: i64) -> Result<usize> {
        match &self.snapshots {
            Some(snapshots) => Ok(snapshots
                .current(enterprise_id, true)
                .await?
                .map_or(0, |table| table.len())),
            None => Ok(0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn change(seq: i64, fsi_id: i64) -> LeadChange {
        LeadChange { seq, fsi_id }
    }

    #[test]
    fn the_cursor_watches_places_skipped_until_they_come_or_expire() {
        let now = Instant::now();
        let mut cursor = Cursor::default();
        let leads = cursor.take(&[change(1, 10), change(2, 11), change(5, 10)], now);
        assert_eq!(leads, [10, 11]);
        assert_eq!(cursor.after, 5);
        assert_eq!(cursor.gap_ranges(), [(3, 4)]);
        // The late transaction commits: its place fills the gap, its lead is read.
        assert_eq!(cursor.take(&[change(4, 12)], now), [12]);
        assert_eq!(cursor.gap_ranges(), [(3, 3)]);
        // A rolled-back place is given up after a while.
        cursor.take(&[], now + GAP_WATCHED + Duration::from_secs(1));
        assert!(cursor.gaps.is_empty());
    }

    #[test]
    fn places_that_never_come_do_not_pile_up() {
        let now = Instant::now();
        let mut cursor = Cursor::default();
        let skipping: Vec<LeadChange> = (1..=200).map(|n| change(n * 2, n)).collect();
        cursor.take(&skipping, now);
        assert_eq!(cursor.gaps.len(), MAX_GAPS, "the newest gaps only");
        assert_eq!(cursor.gap_ranges().last(), Some(&(399, 399)));
    }

    #[test]
    fn periods_read_as_the_sql_writes_them() {
        let day = parse_day("2026-03-09").unwrap();
        assert_eq!(period_text(Grain::Day, day), "2026-03-09");
        assert_eq!(period_text(Grain::Month, month_number(day)), "2026-03");
        assert_eq!(
            parse_day("2026-03-09T10:00:00+00:00").unwrap(),
            day,
            "SQLite's text timestamps"
        );
        assert!(parse_day("soon").is_err());
    }
}
