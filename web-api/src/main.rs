//! `bayline`: the server, its migrations, the demo-data generator and the OpenAPI document.

use anyhow::Context;
use clap::{Parser, Subcommand};
use web_api::app::{Mode, Server, open_database, run_worker};
use web_api::config::Config;

#[derive(Parser)]
#[command(
    name = "bayline",
    version,
    about = "Service leads and customer messaging for dealerships"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run the API, serve the UI and run job workers (settings from the environment; see
    /// .env.example).
    Serve,
    /// Run the API and serve the UI, without job workers (they run as `bayline worker`).
    Api,
    /// Run job workers only; with REDIS_URL, any number of them share the queues.
    Worker {
        /// Jobs this process runs at once (overrides BAYLINE_WORKERS).
        #[arg(long)]
        concurrency: Option<usize>,
    },
    /// Apply database migrations and exit.
    Migrate,
    /// Fill an empty database with a generated dealership world.
    DemoData {
        /// Number of vehicles to generate (customers, sales, repair orders and leads scale with it).
        #[arg(long, default_value_t = web_api::config::DEFAULT_DEMO_SCALE)]
        scale: u64,
        /// Seed for the random generator; the same seed gives the same world.
        #[arg(long, default_value_t = sample_data::DEFAULT_SEED)]
        seed: u64,
        /// Also write sample import files of the world (one of each kind, and a messy one)
        /// into this directory, e.g. sample-data/files.
        #[arg(long)]
        files: Option<std::path::PathBuf>,
    },
    /// Copy the embedded (SQLite) database to a new file while Bayline runs, and check the copy
    /// (PostgreSQL: pg_dump, see docs/operations.md).
    Backup {
        /// The backup file to write; it must not exist.
        #[arg(long)]
        to: std::path::PathBuf,
    },
    /// Put a backup made by `bayline backup` in place of the embedded database. Stop Bayline
    /// first; the database it replaces is kept beside it as `.before-restore`.
    Restore {
        /// The backup file.
        #[arg(long)]
        from: std::path::PathBuf,
        /// Restore although the database looks open (its write-ahead log is there), e.g. after
        /// a crash.
        #[arg(long)]
        force: bool,
    },
    /// Print the OpenAPI document as JSON.
    Openapi,
    /// The assistant's understanding of customer replies.
    Assistant {
        #[command(subcommand)]
        command: AssistantCommand,
    },
}

#[derive(Subcommand)]
enum AssistantCommand {
    /// Understand every reply of a JSONL file (`id`, `received_at`, `tz`, `text`) and write one
    /// prediction per line, the format scripts/assistant/score.py reads. When the input is
    /// labelled, the scores are printed too.
    Eval {
        #[arg(long)]
        input: std::path::PathBuf,
        #[arg(long)]
        output: std::path::PathBuf,
    },
}

fn main() -> anyhow::Result<()> {
    // A child started to read one workbook under limits: nothing else of the server starts.
    if let Some(code) = engine::imports::child_reader::run_if_asked() {
        std::process::exit(code);
    }
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("starting the async runtime")?
        .block_on(run())
}

async fn run() -> anyhow::Result<()> {
    let cli = Cli::parse();
    if let Command::Openapi = cli.command {
        println!("{}", web_api::openapi::document());
        return Ok(());
    }
    if let Command::Assistant {
        command: AssistantCommand::Eval { input, output },
    } = &cli.command
    {
        if let Err(error) = assistant_eval(input, output) {
            eprintln!("error: {error:#}");
            std::process::exit(2);
        }
        return Ok(());
    }
    let mut config = Config::from_env()?;
    init_logging(config.log_json);
    match cli.command {
        Command::Serve | Command::Api => {
            let mode = if matches!(cli.command, Command::Serve) {
                Mode::Serve
            } else {
                Mode::Api
            };
            let server = Server::start_with(
                &config,
                mode,
                jobs::Registry::standard(&config.job_settings()?),
            )
            .await?;
            tracing::info!(
                address = %server.address,
                database = %config.database_url,
                queue = ?config.queue,
                "Bayline is listening on http://{}",
                server.address
            );
            server.wait().await
        }
        Command::Worker { concurrency } => {
            if let Some(concurrency) = concurrency {
                anyhow::ensure!(
                    (1..=256).contains(&concurrency),
                    "--concurrency must be from 1 to 256"
                );
                config.worker_concurrency = concurrency;
            }
            run_worker(&config).await
        }
        Command::Migrate => {
            open_database(&config).await?;
            tracing::info!(database = %config.database_url, "migrations applied");
            Ok(())
        }
        Command::DemoData { scale, seed, files } => {
            let db = open_database(&config).await?;
            let options = sample_data::DemoOptions {
                vehicles: scale,
                seed,
                ..sample_data::DemoOptions::default()
            };
            let started = std::time::Instant::now();
            let mut last_report = std::time::Instant::now();
            let summary = sample_data::generate(&db, &options, |progress| {
                if last_report.elapsed().as_secs() >= 5 {
                    last_report = std::time::Instant::now();
                    tracing::info!(
                        done = progress.vehicles_done,
                        total = progress.vehicles_total,
                        "generating demo data"
                    );
                }
            })
            .await
            .context("demo data generation failed")?;
            println!(
                "demo data: {} enterprises, {} stores, {} users, {} customers, {} vehicles, {} sales, \
                 {} repair orders, {} appointments, {} leads, {} messages, {} bulk runs in {:.1} s",
                summary.enterprises,
                summary.stores,
                summary.users,
                summary.customers,
                summary.vehicles,
                summary.sales,
                summary.repair_orders,
                summary.appointments,
                summary.leads,
                summary.messages,
                summary.job_runs,
                started.elapsed().as_secs_f64()
            );
            if let Some(dir) = files {
                let written =
                    sample_data::files::write_sample_files(&db, &dir, options.today).await?;
                for file in written {
                    tracing::info!(
                        file = %file.path.display(),
                        file_type = file.file_type,
                        rows = file.rows,
                        "sample import file written"
                    );
                }
            }
            Ok(())
        }
        Command::Backup { to } => {
            let db = open_database(&config).await?;
            let backup = db.backup_to(&to).await?;
            db.close().await;
            println!(
                "backup written: {} ({} bytes, migration {}), integrity checked",
                backup.path.display(),
                backup.bytes,
                backup.migration
            );
            Ok(())
        }
        Command::Restore { from, force } => {
            let live = engine::db::sqlite_file(&config.database_url)?;
            let restored = engine::db::restore(&from, &live, force).await?;
            println!(
                "restored {} into {} (migration {}); the database it replaced is kept beside it as .before-restore",
                from.display(),
                restored.path.display(),
                restored.migration
            );
            Ok(())
        }
        Command::Openapi | Command::Assistant { .. } => {
            unreachable!("handled before configuration is read")
        }
    }
}

fn init_logging(json: bool) {
    use tracing_subscriber::EnvFilter;
    let filter = EnvFilter::try_from_env("BAYLINE_LOG")
        .unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn,poem=warn"));
    let builder = tracing_subscriber::fmt().with_env_filter(filter);
    if json {
        builder.json().init();
    } else {
        builder.init();
    }
}

/// `bayline assistant eval`: a bad input line is an error naming it, and nothing is written.
fn assistant_eval(input: &std::path::Path, output: &std::path::Path) -> anyhow::Result<()> {
    use engine::assistant::eval;
    let text = std::fs::read_to_string(input)
        .with_context(|| format!("cannot read {}", input.display()))?;
    let records =
        eval::read_records(&text).with_context(|| format!("{} is not valid", input.display()))?;
    let predictions: Vec<_> = records.iter().map(eval::predict).collect();
    let mut lines = String::with_capacity(records.len() * 96);
    for (record, prediction) in records.iter().zip(&predictions) {
        lines.push_str(&eval::prediction_json(record, prediction).to_string());
        lines.push('\n');
    }
    std::fs::write(output, lines).with_context(|| format!("cannot write {}", output.display()))?;
    eprintln!(
        "{} predictions written to {}",
        records.len(),
        output.display()
    );
    if records.iter().any(|r| r.gold.is_some()) {
        eprintln!("{}", eval::score(&records, &predictions).summary());
    }
    Ok(())
}
