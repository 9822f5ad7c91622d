//! `mancala-cli`: engine tools and screenshots. Other tools drive it, so its flags and
//! JSON are a contract (docs/cli.md): every subcommand takes `--variant`, `--seeds`,
//! `--houses`, `--rule NAME=VALUE` and `--moves "3 6 1"` (notation as in docs/rules.md),
//! and `--json` prints exactly one JSON object; the shapes are documented on each module.
//! One module per subcommand, each with its flags (a clap `Args` struct) and `run`.
//! clap refuses unknown flags and checks every value (`values.rs`) before a command runs.
//! Output goes through `out::line`, never `println!` (which panics on a closed or full
//! stdout); the lints below keep it so.
#![deny(clippy::print_stdout, clippy::print_stderr)]

mod analyze;
mod args;
mod engine;
mod match_games;
mod out;
mod perft;
mod puzzles;
mod review;
mod screenshot;
mod show;
mod solve;
mod tune;
mod values;

pub use args::{CliError, GameArgs};
pub use out::{stdout_closed, BROKEN_PIPE_EXIT};
pub use show::position_json;

use clap::{Parser, Subcommand};

/// Engine tools for Kalah, Oware and Congkak: positions, perft, analysis, exact solving,
/// matches between computer levels, and screenshots of the app.
#[derive(Parser, Debug)]
#[command(
    name = "mancala-cli",
    version,
    after_help = "Moves are house numbers 1..H of the side to move, counted from the mover's \
left (docs/rules.md). `mancala-cli <COMMAND> --help` lists a command's flags, their ranges \
and defaults; the JSON of each is in docs/cli.md."
)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// The position after the moves, and the legal moves.
    Show(show::ShowArgs),
    /// Counts the move sequences of a given depth (and times move making).
    Perft(perft::PerftArgs),
    /// The best move for the side to move, within a time or depth budget.
    Analyze(analyze::AnalyzeArgs),
    /// One searcher for a whole game, driven by commands on stdin (as a peer engine is).
    Engine(engine::EngineArgs),
    /// The exact value of the position under perfect play.
    Solve(solve::SolveArgs),
    /// Two computer levels play each other, both colours of each random opening.
    Match(match_games::MatchArgs),
    /// Every move of the record graded by the seeds it lost, exact where solvable.
    Review(review::ReviewArgs),
    /// Puzzles from self-play games, each answer proven by the exact solver.
    Puzzles(puzzles::PuzzlesArgs),
    /// Fits the heuristic's weights to self-play games and prints them.
    Tune(tune::TuneArgs),
    /// Renders a screen of the real app headless and writes it as a PNG.
    Screenshot(screenshot::ScreenshotArgs),
}

/// Cuts the arguments a clap error quotes (an unknown argument, an invalid value) to
/// their first characters and an ellipsis ([`crate::engine::excerpt`]), so that a 100 kB
/// argument does not fill the terminal; a tip that quotes one is left out.
pub fn shorten_tokens(error: &mut clap::Error) {
    use crate::engine::{excerpt, EXCERPT_CHARS};
    use clap::error::{ContextKind, ContextValue};
    let kinds = [
        ContextKind::InvalidArg,
        ContextKind::InvalidValue,
        ContextKind::InvalidSubcommand,
        ContextKind::PriorArg,
    ];
    for kind in kinds {
        let shortened = match error.get(kind) {
            Some(ContextValue::String(text)) if text.chars().count() > EXCERPT_CHARS => {
                ContextValue::String(excerpt(text).into_owned())
            }
            Some(ContextValue::Strings(texts))
                if texts.iter().any(|t| t.chars().count() > EXCERPT_CHARS) =>
            {
                ContextValue::Strings(texts.iter().map(|t| excerpt(t).into_owned()).collect())
            }
            _ => continue,
        };
        error.insert(kind, shortened);
    }
    let long_tip = |value: &ContextValue| match value {
        ContextValue::StyledStrs(tips) => tips.iter().any(|t| t.to_string().len() > 200),
        _ => false,
    };
    if error.get(ContextKind::Suggested).is_some_and(long_tip) {
        error.remove(ContextKind::Suggested);
    }
}

impl Cli {
    /// Runs the parsed command.
    pub fn run(self) -> Result<(), CliError> {
        match self.command {
            Command::Show(args) => show::run(&args),
            Command::Perft(args) => perft::run(&args),
            Command::Analyze(args) => analyze::run(&args),
            Command::Engine(args) => engine::run(&args),
            Command::Solve(args) => solve::run(&args),
            Command::Match(args) => match_games::run(&args),
            Command::Review(args) => review::run(&args),
            Command::Puzzles(args) => puzzles::run(&args),
            Command::Tune(args) => tune::run(&args),
            Command::Screenshot(args) => screenshot::run(&args),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn the_command_line_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn unknown_and_misspelt_flags_are_refused() {
        for args in [
            &["show", "--seed", "3"][..],
            &["analyze", "--movetme", "100"],
            &["show", "--json=no"],
            &["solve", "--frobnicate"],
            &["show", "stray"],
        ] {
            let argv = std::iter::once("mancala-cli").chain(args.iter().copied());
            assert!(Cli::try_parse_from(argv).is_err(), "{args:?} was accepted");
        }
    }
}
