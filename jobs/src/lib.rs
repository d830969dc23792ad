//! Bayline's background work: job kinds (one file each under `kinds/`), the context handlers
//! report through, the executor that gives runs their failure semantics, and the queues
//! (apalis-sqlite embedded, apalis-redis for scale-out) that carry run ids to workers.

pub mod backend;
pub mod context;
pub mod dispatcher;
pub mod events;
pub mod executor;
pub mod kinds;
pub mod queue;
pub mod registry;
pub mod scheduler;
pub mod starter;

pub use backend::QueueBackend;
pub use context::JobContext;
pub use events::{Event, EventBus};
pub use executor::{Executor, ExecutorSettings, Outcome};
pub use queue::{JobQueue, WorkerPool};
pub use registry::{JobError, JobKind, Registry};
pub use starter::{JobStarter, StartRequest};
