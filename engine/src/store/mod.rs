//! Storage, one module per aggregate. Every list pages on the server.

pub mod appointments;
pub mod customers;
pub mod cv_leads;
pub mod job_runs;
pub mod lead_lists;
pub mod leads;
pub mod messages;
pub mod planners;
pub mod schedules;
#[rustfmt::skip]
pub mod schema;
pub mod sessions;
pub mod tenancy;
pub mod understandings;
pub mod uploads;
pub mod users;

use serde::Serialize;

use crate::error::{Error, Result};

/// The largest page any list serves (the lead manager asks for 500).
pub const MAX_PAGE_SIZE: u64 = 500;
pub const DEFAULT_PAGE_SIZE: u64 = 20;

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
        Ok(Self {
            page: page.unwrap_or(0),
            size,
        })
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

/// Wraps a text search as a case-insensitive `LIKE` pattern, escaping its wildcards.
pub fn like_pattern(search: &str) -> String {
    let escaped = search
        .trim()
        .to_lowercase()
        .replace('\\', "\\\\")
        .replace('%', "\\%")
        .replace('_', "\\_");
    format!("%{escaped}%")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn page_size_is_bounded() {
        assert!(PageRequest::new(None, Some(0)).is_err());
        assert!(PageRequest::new(None, Some(501)).is_err());
        assert_eq!(PageRequest::new(Some(2), Some(500)).unwrap().offset(), 1000);
        assert_eq!(
            PageRequest::new(None, None).unwrap().size,
            DEFAULT_PAGE_SIZE
        );
    }

    #[test]
    fn like_patterns_escape_wildcards() {
        assert_eq!(like_pattern(" Ann_%"), "%ann\\_\\%%");
    }
}
