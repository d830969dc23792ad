//! Storage, one module per aggregate. Every list pages on the server.

pub mod appointments;
pub mod bulk_initiations;
pub mod customers;
pub mod cv_leads;
pub mod data_sources;
pub mod dealer_records;
mod dms_rows;
pub mod follow_ups;
pub mod housekeeping;
pub mod imports;
pub mod job_runs;
pub mod lead_lists;
pub mod leads;
pub mod messages;
pub mod notifications;
pub mod operations;
pub mod planners;
pub mod recipients;
pub mod report_changes;
pub mod schedules;
#[rustfmt::skip]
pub mod schema;
pub mod sessions;
pub mod settings;
pub mod templates;
pub mod tenancy;
pub mod test_texts;
pub mod understandings;
pub mod unmapped;
pub mod uploads;
pub mod users;
pub mod virtual_records;

use serde::Serialize;

use crate::error::{Error, Result};

/// The largest page any list serves (the lead manager asks for 500).
pub const MAX_PAGE_SIZE: u64 = 500;
pub const DEFAULT_PAGE_SIZE: u64 = 20;
/// The last page any list serves: far past any real list, small enough that the row offset
/// stays a plain number on both databases.
pub const MAX_PAGE: u64 = 1_000_000;

/// A zero-based page request, validated.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PageRequest {
    pub page: u64,
    pub size: u64,
}

impl PageRequest {
    pub fn new(page: Option<u64>, size: Option<u64>) -> Result<Self> {
        let size = size.unwrap_or(DEFAULT_PAGE_SIZE);
        if size == 0 || size > MAX_PAGE_SIZE {
            return Err(Error::invalid(format!(
                "size must be between 1 and {MAX_PAGE_SIZE}"
            )));
        }
        let page = page.unwrap_or(0);
        if page > MAX_PAGE {
            return Err(Error::invalid(format!(
                "page must be between 0 and {MAX_PAGE}"
            )));
        }
        Ok(Self { page, size })
    }

    pub fn offset(&self) -> u64 {
        self.page.saturating_mul(self.size)
    }
}

/// One page of a list, in the spec's shape.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Page<T> {
    pub content: Vec<T>,
    pub page: u64,
    pub size: u64,
    pub total_elements: u64,
}

impl<T> Page<T> {
    pub fn new(content: Vec<T>, request: PageRequest, total_elements: u64) -> Self {
        Self {
            content,
            page: request.page,
            size: request.size,
            total_elements,
        }
    }
}

/// The longest text a search takes: longer is no one's search, and SQLite refuses `LIKE`
/// patterns past 50,000 bytes.
pub const MAX_SEARCH_CHARS: usize = 200;

/// Wraps a text search as a case-insensitive `LIKE` pattern, escaping its wildcards. A search
/// longer than [`MAX_SEARCH_CHARS`] is refused.
pub fn like_pattern(search: &str) -> Result<String> {
    if search.trim().chars().count() > MAX_SEARCH_CHARS {
        return Err(Error::invalid(format!(
            "A search must have at most {MAX_SEARCH_CHARS} characters"
        )));
    }
    let escaped = search
        .trim()
        .to_lowercase()
        .replace('\\', "\\\\")
        .replace('%', "\\%")
        .replace('_', "\\_");
    Ok(format!("%{escaped}%"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn page_size_is_bounded() {
        assert!(PageRequest::new(None, Some(0)).is_err());
        assert!(PageRequest::new(None, Some(501)).is_err());
        assert!(PageRequest::new(Some(u64::MAX), None).is_err());
        assert!(PageRequest::new(Some(MAX_PAGE), Some(MAX_PAGE_SIZE)).is_ok());
        assert_eq!(PageRequest::new(Some(2), Some(500)).unwrap().offset(), 1000);
        assert_eq!(
            PageRequest::new(None, None).unwrap().size,
            DEFAULT_PAGE_SIZE
        );
    }

    #[test]
    fn like_patterns_escape_wildcards() {
        assert_eq!(like_pattern(" Ann_%").unwrap(), "%ann\\_\\%%");
        assert!(like_pattern(&"a".repeat(MAX_SEARCH_CHARS + 1)).is_err());
    }
}
