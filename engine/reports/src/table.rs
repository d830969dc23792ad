//! The one shape every report answers in: typed columns, rows of cells, an optional totals row
//! and the chart that draws it. The screen, the JSON, CSV and XLSX all read this shape, so a
//! report is written once.

use sea_query::{Alias, Asterisk, Expr, Func, IntoColumnRef, Order, Query, SelectStatement};

pub use engine::db::{Cell, CellKind};

/// What a column holds, which decides how it is read, shown and formatted in a spreadsheet.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ColumnType {
    Text,
    Integer,
    /// A share, 0–100 with one decimal.
    Percent,
    /// Dollars with cents.
    Money,
    /// A length of time in seconds, shown as seconds, minutes, hours or days (E-E9).
    Seconds,
    Timestamp,
    Date,
}

impl ColumnType {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Text => "TEXT",
            Self::Integer => "INTEGER",
            Self::Percent => "PERCENT",
            Self::Money => "MONEY",
            Self::Seconds => "SECONDS",
            Self::Timestamp => "TIMESTAMP",
            Self::Date => "DATE",
        }
    }

    pub fn cell_kind(self) -> CellKind {
        match self {
            Self::Text => CellKind::Text,
            Self::Integer => CellKind::Integer,
            Self::Percent | Self::Money | Self::Seconds => CellKind::Decimal,
            Self::Timestamp => CellKind::Timestamp,
            Self::Date => CellKind::Date,
        }
    }

    /// Whether a totals row adds this column up.
    fn sums(self) -> bool {
        matches!(self, Self::Integer | Self::Money)
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Column {
    /// The JSON key (camelCase), stable across releases.
    pub key: String,
    /// The header a person reads.
    pub label: String,
    pub kind: ColumnType,
    /// What a header that is a code means ("SPA-SS": service performed already, same store).
    pub description: Option<String>,
}

impl Column {
    pub fn new(key: &str, label: &str, kind: ColumnType) -> Self {
        Self {
            key: key.to_owned(),
            label: label.to_owned(),
            kind,
            description: None,
        }
    }

    /// The column with what its header means.
    pub fn described(self, description: &str) -> Self {
        Self {
            description: Some(description.to_owned()),
            ..self
        }
    }
}

/// How a report is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChartKind {
    Bar,
    StackedBar,
    Line,
    Funnel,
}

impl ChartKind {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Bar => "BAR",
            Self::StackedBar => "STACKED_BAR",
            Self::Line => "LINE",
            Self::Funnel => "FUNNEL",
        }
    }
}

/// A chart: one bar group (or point) per row, labelled by `category`, one series per column
/// named in `series` (all of the report's number columns when empty).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Chart {
    pub kind: ChartKind,
    pub category: &'static str,
    pub series: &'static [&'static str],
}

/// A report's answer: all its rows (aggregates) or one page of them (lists).
#[derive(Debug, Clone, PartialEq)]
pub struct Table {
    pub columns: Vec<Column>,
    pub rows: Vec<Vec<Cell>>,
    /// The sums of the number columns over every row (not only this page), when the report
    /// has them.
    pub totals: Option<Vec<Cell>>,
    pub page: u64,
    pub size: u64,
    pub total_elements: u64,
}

impl Table {
    /// A table that is all there is: one page holding every row.
    pub fn whole(columns: Vec<Column>, rows: Vec<Vec<Cell>>) -> Self {
        let count = rows.len() as u64;
        Self {
            columns,
            rows,
            totals: None,
            page: 0,
            size: count.max(1),
            total_elements: count,
        }
    }

    /// One page of a longer list: `rows` are `page`'s, `total` counts them all.
    /// Every row of a report read whole, tidied as its columns say, with its totals row.
    pub fn whole_with_totals(
        columns: Vec<Column>,
        rows: impl IntoIterator<Item = Vec<Cell>>,
    ) -> Self {
        let rows = rows.into_iter().map(|row| tidy(&columns, row)).collect();
        Self::whole(columns, rows).with_totals()
    }

    pub fn paged(
        columns: Vec<Column>,
        rows: Vec<Vec<Cell>>,
        page: engine::store::PageRequest,
        total: u64,
    ) -> Self {
        Self {
            columns,
            rows,
            totals: None,
            page: page.page,
            size: page.size,
            total_elements: total,
        }
    }

    /// Adds the totals row: the number columns summed, the first column saying "Total".
    pub fn with_totals(mut self) -> Self {
        self.totals = Some(totals_of(&self.columns, &self.rows));
        self
    }

    /// The values of one column, by key.
    pub fn column(&self, key: &str) -> Option<Vec<&Cell>> {
        let index = self.columns.iter().position(|c| c.key == key)?;
        Some(self.rows.iter().map(|row| &row[index]).collect())
    }
}

/// Rounds a row read from the database as its columns show it: percentages to one decimal,
/// money to cents, durations to whole seconds (the database computes them unrounded:
/// PostgreSQL rounds only NUMERIC, and SQLite's julianday arithmetic is off by microseconds).
pub fn tidy(columns: &[Column], mut row: Vec<Cell>) -> Vec<Cell> {
    for (column, cell) in columns.iter().zip(row.iter_mut()) {
        let places = match column.kind {
            ColumnType::Percent => 10.0,
            ColumnType::Money => 100.0,
            ColumnType::Seconds => 1.0,
            _ => continue,
        };
        if let Cell::Decimal(value) = cell {
            *value = (*value * places).round() / places;
        }
    }
    row
}

/// The totals row of `rows`: integer and money columns summed (identifiers, `…Id`, are not
/// figures), the first text column (else the first not summed) saying "Total".
pub fn totals_of(columns: &[Column], rows: &[Vec<Cell>]) -> Vec<Cell> {
    let sums = |column: &Column| column.kind.sums() && !column.key.ends_with("Id");
    let label_at = columns
        .iter()
        .position(|c| c.kind == ColumnType::Text)
        .or_else(|| columns.iter().position(|c| !sums(c)));
    columns
        .iter()
        .enumerate()
        .map(|(index, column)| {
            if Some(index) == label_at {
                return Cell::Text("Total".to_owned());
            }
            if !sums(column) {
                return Cell::Empty;
            }
            let values = rows.iter().map(|row| &row[index]);
            match column.kind {
                ColumnType::Integer => Cell::Integer(
                    values
                        .map(|cell| match cell {
                            Cell::Integer(n) => *n,
                            _ => 0,
                        })
                        .sum(),
                ),
                _ => Cell::Decimal(
                    (values
                        .map(|cell| match cell {
                            Cell::Decimal(n) => *n,
                            Cell::Integer(n) => *n as f64,
                            _ => 0.0,
                        })
                        .sum::<f64>()
                        * 100.0)
                        .round()
                        / 100.0,
                ),
            }
        })
        .collect()
}

/// A report's query and its columns, declared together: each `column` adds the header and the
/// expression that fills it, in order, so the two cannot drift apart.
#[derive(Debug, Clone)]
pub struct Shape {
    pub columns: Vec<Column>,
    pub query: SelectStatement,
}

impl Shape {
    pub fn new(query: SelectStatement) -> Self {
        Self {
            columns: Vec::new(),
            query,
        }
    }

    pub fn column(
        mut self,
        key: &str,
        label: &str,
        kind: ColumnType,
        value: impl Into<Expr>,
    ) -> Self {
        self.query.expr_as(value.into(), Alias::new(key));
        self.columns.push(Column::new(key, label, kind));
        self
    }

    pub fn order_by(mut self, column: impl IntoColumnRef, order: Order) -> Self {
        self.query.order_by(column, order);
        self
    }

    pub fn order_by_expr(mut self, value: Expr, order: Order) -> Self {
        self.query.order_by_expr(value, order);
        self
    }

    pub fn kinds(&self) -> Vec<CellKind> {
        self.columns.iter().map(|c| c.kind.cell_kind()).collect()
    }

    /// `SELECT COUNT(*)` over the rows this shape would give.
    pub fn count_query(&self) -> SelectStatement {
        let mut inner = self.query.clone();
        inner.clear_order_by();
        Query::select()
            .expr(Func::count(Expr::col(Asterisk)))
            .from_subquery(inner, Alias::new("report_rows"))
            .to_owned()
    }
}
