//! `mancala-cli review [--movetime MS]`: every move of `--moves` graded by the seeds it
//! lost against the best move, exact where the solver reaches (the code of the app's
//! review, `ai::review`).
//!
//! JSON: `{"moves":[{"ply":1,"side":0,"move":3,"best":3,"loss":0,"grade":"best",
//! "value":8,"exact":true},...]}`, one entry per move of the record; `value` is the value
//! before the move from the mover's view, `loss` the best move's value minus the played
//! move's (0 for the best), in seeds; `exact` when both come from the exact solver or the
//! endgame tables.

use super::args::{CliError, GameArgs};
use super::out;
use super::values;
use crate::ai::{review, EndgameTable, Limits, ReviewBudget, Searcher};
use serde_json::json;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Budget per position of the plies the solver does not reach, in ms.
const DEFAULT_MOVETIME_MS: u64 = 100;

/// The review's transposition table, in MB: solved endgames fill it.
const REVIEW_HASH_MB: usize = 128;

#[derive(clap::Args, Debug)]
pub struct ReviewArgs {
    /// Time per position, 1 to 3600000 ms: the solver's budget, then the search's where
    /// the solver does not reach.
    #[arg(long, value_name = "MS", value_parser = values::movetime_ms, default_value_t = DEFAULT_MOVETIME_MS)]
    movetime: u64,
    /// Print one JSON object: {"moves":[{"ply":1,"side":0,"move":3,"best":3,"loss":0,
    /// "grade":"best","value":8,"exact":true},...]}.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    game: GameArgs,
}

pub fn run(args: &ReviewArgs) -> Result<(), CliError> {
    let started = Instant::now();
    let game = args.game.game()?;
    let rules = game.position().rules();
    let mut searcher = Searcher::new(REVIEW_HASH_MB);
    if let Some(seeds) = EndgameTable::default_seeds(rules) {
        // The app's tables: they make the last third or so of a Kalah game exact; in
        // Oware their bounds end some searches of the last few seeds early.
        searcher.set_endgame(Some(Arc::new(EndgameTable::build(rules, seeds))));
    }
    let budget = ReviewBudget {
        per_position: Duration::from_millis(args.movetime),
    };
    let moves = review(&mut searcher, &game, budget, &Limits::default(), |_, _| {})
        .ok_or_else(|| CliError("the review was stopped".into()))?;
    if args.json {
        let moves: Vec<_> = moves
            .iter()
            .map(|m| {
                json!({
                    "ply": m.ply, "side": m.side.index(), "move": m.played, "best": m.best,
                    "loss": m.loss, "grade": m.grade.name(), "value": m.value, "exact": m.exact,
                })
            })
            .collect();
        out::line(json!({ "moves": moves }))?;
    } else {
        out::line("ply side move best value loss grade")?;
        for m in &moves {
            out::line(format_args!(
                "{:>3} {:>4} {:>4} {:>4} {:>+5} {:>4} {}{}",
                m.ply,
                if m.side.index() == 0 { "S" } else { "N" },
                m.played,
                m.best,
                m.value,
                m.loss,
                m.grade.name(),
                if m.exact { " (exact)" } else { "" }
            ))?;
        }
        let exact = moves.iter().filter(|m| m.exact).count();
        out::line(format_args!(
            "{} moves, {exact} exact, in {:.1} s",
            moves.len(),
            started.elapsed().as_secs_f64()
        ))?;
    }
    Ok(())
}
