//! `mancala-cli analyze --movetime MS | --depth D`: the best move for the side to move.

use super::args::{Args, CliError};
use crate::ai::{describe, EndgameTable, Limits, Searcher};
use crate::engine::Variant;
use serde_json::json;
use std::sync::Arc;
use std::time::Duration;

pub fn run(args: &Args) -> Result<(), CliError> {
    let game = args.game()?;
    let pos = game.position();
    let limits = Limits {
        depth: args.number("depth")?,
        time: args.number::<u64>("movetime")?.map(Duration::from_millis),
        ..Limits::default()
    };
    if limits.depth.is_none() && limits.time.is_none() {
        return Err(CliError("analyze needs --movetime MS or --depth D".into()));
    }
    let mut searcher = Searcher::new(args.number("hash")?.unwrap_or(256));
    searcher.set_history(game.history());
    // Kalah endgame tables only on request (`--tables N`, boards of up to N seeds):
    // building them takes longer than a short analysis.
    if let Some(seeds) = args.number::<u32>("tables")? {
        if seeds > 0 && pos.variant() == Variant::Kalah {
            searcher.set_endgame(Some(Arc::new(EndgameTable::build(pos.rules(), seeds))));
        }
    }
    let result = searcher
        .search(pos, &limits)
        .ok_or_else(|| CliError("the game is over: there is no move to analyze".into()))?;
    if args.json() {
        println!(
            "{}",
            json!({
                "best": result.best,
                "score": result.score,
                "depth": result.depth,
                "pv": result.pv,
                "nodes": result.nodes,
                "seconds": result.seconds,
            })
        );
    } else {
        let pv: Vec<String> = result.pv.iter().map(|house| house.to_string()).collect();
        println!(
            "best {} ({}), score {:+}, depth {}, pv {}\n{} nodes in {:.3} s ({:.2} million/s)",
            result.best,
            describe(result.score, result.exact),
            result.score,
            result.depth,
            pv.join(" "),
            result.nodes,
            result.seconds,
            result.nodes as f64 / result.seconds.max(1e-9) / 1e6
        );
    }
    Ok(())
}
