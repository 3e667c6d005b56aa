//! `storefront`: one binary for every role of the store. See `storefront --help`.

use std::process::ExitCode;

use clap::Parser;
use projections::bus::BusConfig;
use storefront::cli::{
    accounts, database, inspect, mail, orders, pipeline, privacy, read_models, serve, staff, Cli,
    Command, Options,
};
use storefront::config;

/// mimalloc instead of glibc's allocator: under beacon load about a quarter of the store's CPU
/// samples were glibc's malloc and free (with lock waits between threads); with mimalloc the
/// store takes about a tenth more beacons (docs/performance.md, "mimalloc, measured again").
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn init_logging(json: bool) {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| "info,sqlx=warn,librdkafka=warn,rdkafka=warn,tower_http=warn".into());
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr);
    if json {
        builder.json().init();
    } else {
        builder.init();
    }
}

#[tokio::main]
async fn main() -> ExitCode {
    let cli = Cli::parse();
    init_logging(cli.options.log_json);
    match run(cli).await {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}

/// Installs the privacy keys of configuration; `serve --insecure-dev-keys` without them uses
/// keys of this process (`serve` without them and the flag refuses to start: `cli::serve`).
fn install_privacy_keys(options: &Options, subcommand: &Command) -> anyhow::Result<()> {
    use command::privacy::{install, PrivacyKeys};
    match (&options.pseudonym_key, &options.master_keys) {
        (Some(pseudonym), Some(masters)) => {
            let keys = PrivacyKeys::parse(pseudonym, masters)
                .map_err(|e| config::setting_error("PSEUDONYM_KEY / MASTER_KEYS", e.to_string()))?;
            install(keys);
        }
        (None, None) if matches!(subcommand, Command::Serve(args) if args.insecure_dev_keys) => {
            tracing::warn!(
                "--insecure-dev-keys: personal data is sealed with random keys of this process \
                 and cannot be read after a restart (infra/run sets PSEUDONYM_KEY and MASTER_KEYS)"
            );
            install(PrivacyKeys::ephemeral());
        }
        (None, None) => {}
        _ => {
            return Err(
                config::setting_error("PSEUDONYM_KEY / MASTER_KEYS", "set both or neither").into(),
            )
        }
    }
    Ok(())
}

async fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    let Cli { options, command } = cli;
    let bus = BusConfig::new(&options.kafka_brokers);
    install_privacy_keys(&options, &command)?;
    match command {
        Command::Serve(args) => serve::run(options, bus, args).await,
        Command::Migrate => database::migrate(&options).await,
        Command::Openapi => {
            print!("{}", storefront::openapi::document_text());
            Ok(ExitCode::SUCCESS)
        }
        Command::Seed { products, if_empty } => database::seed(&options, products, if_empty).await,
        Command::Import { file } => database::import(&options, &file).await,
        Command::Projections { action } => read_models::run(&options, action).await,
        Command::Reindex { index_dir } => read_models::reindex(&options, &index_dir).await,
        Command::Accounts { action } => accounts::run(&options, action).await,
        Command::Privacy { action } => privacy::run(&options, action).await,
        Command::Staff { action } => staff::run(&options, action).await,
        Command::Orders { action } => orders::run(&options, action).await,
        Command::Mail { action } => mail::run(&options, action).await,
        Command::Deadletters { action } => pipeline::deadletters(&options, action).await,
        Command::Topic { action } => inspect::topic(&bus, action).await,
        Command::Analytics { action } => inspect::analytics(&options, action).await,
        Command::Popular { action } => inspect::popular(&options, action).await,
        Command::Relay { batch_size } => pipeline::relay(&options, &bus, batch_size).await,
    }
}
