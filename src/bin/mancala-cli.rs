//! Engine tools for scripts and benchmarks; see `mancala-cli --help`.

use clap::Parser;
use mancala::cli::{stdout_closed, Cli, BROKEN_PIPE_EXIT};
use std::io::Write;

fn main() {
    // clap prints help and version to stdout (exit 0) and flag errors to stderr (exit 2).
    let cli = Cli::parse();
    if let Err(error) = cli.run() {
        if stdout_closed() {
            // The reader went away (`| head`): nothing to say, and no one to say it to.
            std::process::exit(BROKEN_PIPE_EXIT);
        }
        // A closed stderr must not turn an error into a panic: the message is lost.
        let _ = writeln!(std::io::stderr(), "mancala-cli: {error}");
        std::process::exit(2);
    }
}
