//! Buffered multi-row inserts: rows collect per table and go out in statements sized under both
//! backends' bind-parameter limits.

use engine::{Result, Transaction};
use sea_query::{Expr, Iden, Query, Value};

/// Stays well below SQLite's 32,766 and PostgreSQL's 65,535 parameters per statement.
const MAX_PARAMETERS: usize = 30_000;

pub struct Rows<C: Iden + Copy + 'static> {
    table: C,
    columns: Vec<C>,
    rows: Vec<Vec<Value>>,
    pub written: u64,
}

impl<C: Iden + Copy + 'static> Rows<C> {
    pub fn new(table: C, columns: &[C]) -> Self {
        Self {
            table,
            columns: columns.to_vec(),
            rows: Vec::new(),
            written: 0,
        }
    }

    pub fn push(&mut self, row: Vec<Value>) {
        debug_assert_eq!(row.len(), self.columns.len(), "row width");
        self.rows.push(row);
    }

    pub async fn flush(&mut self, tx: &mut Transaction) -> Result<()> {
        let per_statement = (MAX_PARAMETERS / self.columns.len()).max(1);
        while !self.rows.is_empty() {
            let take = self.rows.len().min(per_statement);
            let mut insert = Query::insert()
                .into_table(self.table)
                .columns(self.columns.iter().copied())
                .to_owned();
            for row in self.rows.drain(..take) {
                insert.values_panic(row.into_iter().map(Expr::Value));
            }
            tx.execute(&insert).await?;
            self.written += take as u64;
        }
        Ok(())
    }
}
