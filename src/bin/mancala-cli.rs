//! Engine tools for scripts and benchmarks; see `mancala-cli --help`.

use clap::Parser;
use mancala::cli::{shorten_tokens, stdout_closed, Cli, BROKEN_PIPE_EXIT};
use std::io::Write;

fn main() {
    // clap prints help and version to stdout (exit 0) and flag errors to stderr (exit 2);
    // a huge argument is quoted by its first characters only.
    let cli = Cli::try_parse().unwrap_or_else(|mut error| {
        shorten_tokens(&mut error);
        error.exit()
    });
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
