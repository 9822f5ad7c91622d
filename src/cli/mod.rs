//! `mancala-cli`: engine tools and screenshots. Other tools drive it, so its flags and
//! JSON are a contract: every subcommand takes `--variant`, `--seeds`, `--houses`,
//! `--rule NAME=VALUE` and `--moves "3 6 1"` (notation as in docs/rules.md), and
//! `--json` prints exactly one JSON object; the shapes are documented on each module.
//! One module per subcommand; each has `run(&Args) -> Result<(), CliError>`.

mod analyze;
mod args;
mod match_games;
mod perft;
mod screenshot;
mod show;
mod solve;

pub use args::{Args, CliError};
pub use show::position_json;

const USAGE: &str =
    "usage: mancala-cli <show|perft|analyze|solve|match> [--variant kalah|oware|congkak] \
[--seeds N] [--houses H] [--rule NAME=VALUE]... [--moves \"3 6 1\"] [--json] [command flags]";

/// Runs one subcommand; `args` excludes the program name.
pub fn run(args: &[String]) -> Result<(), CliError> {
    let (command, rest) = args
        .split_first()
        .ok_or_else(|| CliError(USAGE.to_string()))?;
    let parsed = Args::parse(rest)?;
    match command.as_str() {
        "show" => show::run(&parsed),
        "perft" => perft::run(&parsed),
        "analyze" => analyze::run(&parsed),
        "solve" => solve::run(&parsed),
        "match" => match_games::run(&parsed),
        "screenshot" => screenshot::run(&parsed),
        "help" | "--help" | "-h" => {
            println!("{USAGE}");
            Ok(())
        }
        other => Err(CliError(format!("unknown command '{other}'\n{USAGE}"))),
    }
}
