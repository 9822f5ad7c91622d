//! `mancala-cli tune`: fits the heuristic's weights to self-play games (see
//! `ai::tuning`) and prints them with how well each set of weights predicts games the
//! fit did not see. The output is what `eval::Weights::tuned` is set to.

use super::args::{CliError, GameArgs};
use super::out;
use super::values;
use crate::ai::tuning::{error, fit, recorded, self_play, to_weights, SelfPlay};
use crate::ai::{Eval, Weights, FEATURES, FEATURE_NAMES, WEIGHT_SCALE};
use crate::engine::{Game, Position};
use serde_json::json;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

#[derive(clap::Args, Debug)]
pub struct TuneArgs {
    /// Self-play games to learn from, 1 to 1000000 (the last fifth checks the fit).
    #[arg(long, value_name = "N", value_parser = values::tune_games, default_value_t = 2000)]
    games: u32,
    /// Depth of each self-play move's search, 1 to 20 plies.
    #[arg(long, value_name = "D", value_parser = values::tune_depth, default_value_t = 6)]
    depth: u32,
    /// Seed of the random openings and moves: the same seed gives the same games.
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// Random plies at the start of each game, 1 to 120.
    #[arg(long, value_name = "P", value_parser = values::random_plies, default_value_t = 4)]
    random_plies: u32,
    /// Chance that a later move is random, 0 to 1.
    #[arg(long, value_name = "R", value_parser = values::random_rate, default_value_t = 0.05)]
    random_rate: f64,
    /// The weights the self-play games search with: tuned, hand or weights.
    #[arg(long, value_name = "E", default_value_t = Eval::Tuned, allow_hyphen_values = true)]
    eval: Eval,
    /// Leave out the largest-capture feature (the costliest to compute).
    #[arg(long)]
    no_capture: bool,
    /// Endgame tables (Kalah and Oware) for boards of up to N seeds, 0 to 20, Oware at
    /// most 12: the games' players search with them, and the positions they cover are
    /// left out of the fit [default: none].
    #[arg(long, value_name = "N", value_parser = values::table_seeds)]
    tables: Option<u32>,
    /// Keep the endgame tables in DIR (as `analyze --table-cache`).
    #[arg(long, value_name = "DIR", requires = "tables")]
    table_cache: Option<PathBuf>,
    /// Learn from the finished games recorded in FILE, one record a line in the
    /// notation of --moves from the start of --variant (games against another engine,
    /// say), instead of self-play; the first --random-plies plies of each are skipped.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["games", "depth", "seed", "random_rate", "eval"])]
    records: Option<PathBuf>,
    /// Print one JSON object: the samples, the weights and the errors.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    game: GameArgs,
}

pub fn run(args: &TuneArgs) -> Result<(), CliError> {
    let started = Instant::now();
    let start = *args.game.game()?.position();
    let variant = start.variant();
    let table_seeds = super::args::table_seeds(
        args.tables,
        None,
        start.rules(),
        args.table_cache.as_deref(),
    )?;
    let endgame = table_seeds.map(|seeds| {
        Arc::new(super::args::endgame_table(
            start.rules(),
            seeds,
            args.table_cache.as_deref(),
        ))
    });
    let games = match &args.records {
        Some(path) => recorded(
            &read_records(path, start)?,
            args.random_plies as usize,
            endgame.as_deref(),
        ),
        None => self_play(&SelfPlay {
            start,
            games: args.games,
            seed: args.seed,
            depth: args.depth,
            random_plies: args.random_plies,
            random_rate: args.random_rate,
            eval: args.eval,
            endgame,
        }),
    };
    if games.len() < 5 {
        return Err(CliError(format!(
            "--records: {} finished games; at least 5 are needed (a fifth checks the fit)",
            games.len()
        )));
    }
    let checked_from = games.len() - games.len() / 5;
    let learn: Vec<_> = games[..checked_from].iter().flatten().copied().collect();
    let check: Vec<_> = games[checked_from..].iter().flatten().copied().collect();
    let mut used = [true; FEATURES];
    used[FEATURES - 1] = !args.no_capture;
    let real = fit(&learn, &used);
    let fitted = to_weights(&real);
    let baselines = [
        ("stores only", Weights::default()),
        ("hand", Weights::hand(variant)),
        ("tuned", Weights::tuned(variant)),
        ("fitted", fitted),
    ];
    let errors: Vec<(&str, f64, f64)> = baselines
        .iter()
        .map(|(name, w)| (*name, error(&learn, w), error(&check, w)))
        .collect();
    let seconds = started.elapsed().as_secs_f64();
    if args.json {
        return out::line(json!({
            "variant": variant.to_string(),
            "games": games.len(),
            "samples": learn.len() + check.len(),
            "weights": fitted.to_string(),
            "real_weights": real.to_vec(),
            "errors": errors.iter().map(|(name, learned, checked)| json!({
                "weights": name, "learn_rmse": learned, "check_rmse": checked,
            })).collect::<Vec<_>>(),
            "tables": table_seeds.unwrap_or(0),
            "seconds": seconds,
        }));
    }
    let source = match &args.records {
        Some(path) => format!("recorded games of {}", path.display()),
        None => format!("self-play games (depth {}, seed {})", args.depth, args.seed),
    };
    out::line(format_args!(
        "{variant}: {} {source} ({}), {} positions learnt from, {} checked, {seconds:.1} s",
        games.len(),
        table_seeds.map_or("no endgame tables".to_string(), |seeds| format!(
            "endgame tables of {seeds} seeds"
        )),
        learn.len(),
        check.len()
    ))?;
    out::line(format_args!(
        "fitted weights (seeds per unit; x{WEIGHT_SCALE} in the code):"
    ))?;
    for ((name, w), units) in FEATURE_NAMES.iter().zip(real).zip(fitted.0) {
        out::line(format_args!("  {w:+9.4}  {units:+7}  {name}"))?;
    }
    out::line(format_args!("--eval {fitted}"))?;
    out::line("root mean squared error of the predicted gain, seeds (learnt / checked):")?;
    for (name, learned, checked) in errors {
        out::line(format_args!("  {name:12} {learned:.3} / {checked:.3}"))?;
    }
    Ok(())
}

/// The games recorded in `path`, one record a line (blank lines skipped) from `start`;
/// an unreadable file or an illegal record is an error naming its line.
fn read_records(path: &Path, start: Position) -> Result<Vec<Game>, CliError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| CliError(format!("--records: cannot read {}: {e}", path.display())))?;
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(at, line)| {
            Game::parse_record(start, line.trim())
                .map_err(|e| CliError(format!("--records: line {}: {e}", at + 1)))
        })
        .collect()
}
