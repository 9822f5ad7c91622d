//! `mancala-cli solve`: the exact value of the position under perfect play.

use super::args::{Args, CliError};
use crate::ai::{EndgameTable, Limits, Searcher};
use crate::engine::Variant;
use serde_json::json;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Transposition table of the solver: large, since solving visits hundreds of millions
/// of positions (`--hash MB` changes it).
const SOLVER_HASH_MB: usize = 1024;

/// Seeds on the board covered by the solver's Kalah endgame tables.
const SOLVER_TABLE_SEEDS: u32 = 16;

pub fn run(args: &Args) -> Result<(), CliError> {
    let started = Instant::now();
    let game = args.game()?;
    let pos = game.position();
    let limits = Limits {
        time: args.number::<u64>("movetime")?.map(Duration::from_millis),
        nodes: args.number("nodes")?,
        ..Limits::default()
    };
    let mut searcher = Searcher::new(args.number("hash")?.unwrap_or(SOLVER_HASH_MB));
    searcher.set_history(game.history());
    // Kalah endgame tables: `--tables N` sizes them (boards of up to N seeds; 0: none).
    // The default is larger than the app's: 30 MB built in seconds saves a third of
    // the nodes of a full solve.
    let table = match args.number::<u32>("tables")?.unwrap_or(SOLVER_TABLE_SEEDS) {
        0 => None,
        seeds if pos.variant() == Variant::Kalah => {
            Some(Arc::new(EndgameTable::build(pos.rules(), seeds)))
        }
        _ => None,
    };
    searcher.set_endgame(table);
    if pos.is_over() {
        return Err(CliError(
            "the game is over: there is nothing to solve".into(),
        ));
    }
    // Reported time includes building the endgame tables: that is what a user waits.
    let solution = searcher.solve(pos, &limits).ok_or_else(|| {
        CliError("stopped by --movetime or --nodes before the value was proven".into())
    })?;
    if args.json() {
        println!(
            "{}",
            json!({
                "value": solution.value,
                "best": solution.best,
                "nodes": solution.nodes,
                "seconds": started.elapsed().as_secs_f64(),
            })
        );
    } else {
        println!(
            "value {:+} (mover minus opponent under perfect play), best move {}\n{} nodes in {:.2} s",
            solution.value,
            solution.best,
            solution.nodes,
            started.elapsed().as_secs_f64()
        );
    }
    Ok(())
}
