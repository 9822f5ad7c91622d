//! `mancala-cli analyze --movetime MS | --depth D`: the best move for the side to move.

use super::args::{CliError, GameArgs};
use super::values;
use crate::ai::{describe, Eval, Limits, Objective, Searcher};
use serde_json::json;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

/// The transposition table of a plain analysis, in MB.
const ANALYZE_HASH_MB: usize = 256;

#[derive(clap::Args, Debug)]
#[command(group(clap::ArgGroup::new("budget").required(true).multiple(true)))]
pub struct AnalyzeArgs {
    /// Think for this long, 1 to 3600000 ms.
    #[arg(long, value_name = "MS", value_parser = values::movetime_ms, group = "budget")]
    movetime: Option<u64>,
    /// Search this many plies, 1 to 120 (with --movetime: whichever comes first).
    #[arg(long, value_name = "D", value_parser = values::search_depth, group = "budget")]
    depth: Option<u32>,
    /// Transposition table size, 1 to 16384 MB.
    #[arg(long, value_name = "MB", value_parser = values::hash_mb, default_value_t = ANALYZE_HASH_MB)]
    hash: usize,
    /// Endgame tables (Kalah and Oware) for boards of up to N seeds, 0 to 20, Oware at
    /// most 12 [default: none: building them takes longer than a short analysis].
    #[arg(long, value_name = "N", value_parser = values::table_seeds)]
    tables: Option<u32>,
    /// Keep the endgame tables in DIR: read them from there when an earlier run left
    /// them, else build them and write them there [default: build them every run].
    #[arg(long, value_name = "DIR")]
    table_cache: Option<PathBuf>,
    /// The heuristic's weights: tuned, hand (the baseline before tuning) or eight
    /// integers separated by ':' (docs/cli.md).
    #[arg(long, value_name = "E", default_value_t = Eval::Tuned, allow_hyphen_values = true)]
    eval: Eval,
    /// What the search plays for: win (a proven win above any estimate, as the
    /// computer plays) or margin (the most seeds, proven or estimated alike).
    #[arg(long, value_name = "O", default_value_t = Objective::Margin)]
    objective: Objective,
    /// Print one JSON object: {"best":m,"score":s,"depth":d,"pv":[...],"nodes":n,"seconds":t}.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    game: GameArgs,
}

pub fn run(args: &AnalyzeArgs) -> Result<(), CliError> {
    let game = args.game.game()?;
    let pos = game.position();
    let limits = Limits {
        depth: args.depth,
        time: args.movetime.map(Duration::from_millis),
        ..Limits::default()
    };
    let mut searcher = Searcher::new(args.hash)
        .with_eval(args.eval)
        .with_objective(args.objective);
    searcher.set_history(game.history());
    if let Some(seeds) = super::args::table_seeds(args.tables, None, pos.rules())? {
        let table = super::args::endgame_table(pos.rules(), seeds, args.table_cache.as_deref());
        searcher.set_endgame(Some(Arc::new(table)));
    }
    let result = searcher
        .search(pos, &limits)
        .ok_or_else(|| CliError("the game is over: there is no move to analyze".into()))?;
    if args.json {
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
