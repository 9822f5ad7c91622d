//! Everything `mancala-cli` prints on stdout goes through [`line`]: a write that fails
//! is an error the command returns, never a panic (`println!` panics when stdout is
//! closed or full, and the process then exits 101 with "failed printing to stdout").
//!
//! A reader that went away (`mancala-cli show --json | head -c1`, a driver that closed
//! its end) is no failure of ours: [`stdout_closed`] tells the caller, which then ends
//! quietly with [`BROKEN_PIPE_EXIT`], as a command-line tool ended by SIGPIPE does. Any
//! other write error (a full disk: `>/dev/full`) is reported like every other error.

use super::args::CliError;
use std::fmt::Display;
use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};

/// The exit status after stdout's reader went away: 128 + SIGPIPE, what a shell
/// reports for a tool that SIGPIPE ended.
pub const BROKEN_PIPE_EXIT: i32 = 141;

/// Set once a write found stdout's reader gone.
static CLOSED: AtomicBool = AtomicBool::new(false);

/// Prints `text` and a line break on stdout and flushes it (a driver waits for each
/// line). A failed write is an error: "cannot write the output: …", and for a reader
/// that went away also [`stdout_closed`].
pub fn line(text: impl Display) -> Result<(), CliError> {
    let mut out = io::stdout().lock();
    writeln!(out, "{text}")
        .and_then(|()| out.flush())
        .map_err(|e| {
            if e.kind() == io::ErrorKind::BrokenPipe {
                CLOSED.store(true, Ordering::Relaxed);
            }
            CliError(format!("cannot write the output: {e}"))
        })
}

/// Whether a write found stdout's reader gone (a broken pipe): the command's error is
/// then no one's concern, and the process ends quietly with [`BROKEN_PIPE_EXIT`].
pub fn stdout_closed() -> bool {
    CLOSED.load(Ordering::Relaxed)
}
