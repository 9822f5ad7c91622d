//! Engine tools for scripts and benchmarks; see `mancala-cli --help`.

use clap::Parser;

fn main() {
    // clap prints help and version to stdout (exit 0) and flag errors to stderr (exit 2).
    let cli = mancala::cli::Cli::parse();
    if let Err(error) = cli.run() {
        eprintln!("mancala-cli: {error}");
        std::process::exit(2);
    }
}
