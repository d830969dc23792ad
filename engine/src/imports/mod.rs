//! Data imports: the files `import_files` reads (re-exported here under the paths the areas
//! use), loaded in batches by the `imports.file` job, and the dealer-system connectors and
//! scheduled syncs that fetch them.

pub mod connectors;
pub mod load;
pub mod sync;

pub use import_files::*;
