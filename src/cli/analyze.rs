//! `mancala-cli analyze --movetime MS | --depth D`: the best move for the side to move.

use super::args::{CliError, GameArgs};
use super::out;
use super::values;
use crate::ai::{describe, Eval, Limits, Objective, SearchResult, Searcher};
use crate::engine::Game;
use serde_json::{json, Value};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

/// The transposition table of a plain analysis, in MB.
const ANALYZE_HASH_MB: usize = 128;

#[derive(clap::Args, Debug)]
#[command(group(clap::ArgGroup::new("budget").required(true).multiple(true)))]
pub struct AnalyzeArgs {
    /// Think for this long, 1 to 3600000 ms.
    #[arg(long, value_name = "MS", value_parser = values::movetime_ms, group = "budget")]
    movetime: Option<u64>,
    /// Search this many plies, 1 to 120 (with --movetime: whichever comes first).
    #[arg(long, value_name = "D", value_parser = values::search_depth, group = "budget")]
    depth: Option<u32>,
    #[command(flatten)]
    search: SearchArgs,
    /// Print one JSON object: {"best":m,"score":s,"depth":d,"pv":[...],"nodes":n,"seconds":t}.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    game: GameArgs,
}

/// How a search is set up: its table, endgame tables, weights and objective. Shared by
/// `analyze` and `engine`, which keeps one searcher through a whole game.
#[derive(clap::Args, Debug)]
pub struct SearchArgs {
    /// Transposition table size, 1 to 16384 MB.
    #[arg(long, value_name = "MB", value_parser = values::hash_mb, default_value_t = ANALYZE_HASH_MB)]
    hash: usize,
    /// Endgame tables (Kalah and Oware) for boards of up to N seeds, 0 to 20, Oware at
    /// most 12 [default: none: building them takes longer than a short analysis].
    #[arg(long, value_name = "N", value_parser = values::table_seeds)]
    tables: Option<u32>,
    /// Keep the endgame tables of --tables in DIR: read them from there when an earlier
    /// run left them, else build them and write them there [default: build them every
    /// run].
    #[arg(long, value_name = "DIR")]
    table_cache: Option<PathBuf>,
    /// Oware's endgame database keyed by the board, for boards of up to N seeds, 0 to
    /// 15 (12: 5.4 MB, seconds to build; 15: 35 MB, minutes), trusted right after a
    /// capture (docs/engine.md); kept in --table-cache when one is given [default: none].
    #[arg(long, value_name = "N", value_parser = values::database_seeds)]
    database: Option<u32>,
    /// The heuristic's weights: tuned, hand (the baseline before tuning) or eight
    /// integers separated by ':' (docs/cli.md).
    #[arg(long, value_name = "E", default_value_t = Eval::Tuned, allow_hyphen_values = true)]
    eval: Eval,
    /// What the search plays for: margin (the most seeds, proven or estimated alike,
    /// as the app's computer plays) or win (a proven win above any estimate).
    #[arg(long, value_name = "O", default_value_t = Objective::Margin)]
    objective: Objective,
}

impl SearchArgs {
    /// A searcher for games of `game`'s rules, with its endgame tables loaded (or built).
    pub fn searcher(&self, game: &Game) -> Result<Searcher, CliError> {
        let rules = game.position().rules();
        let cache = self.table_cache.as_deref();
        let tables = super::args::table_seeds(self.tables, None, rules, cache)?;
        let mut searcher = super::args::searcher(self.hash)?
            .with_eval(self.eval)
            .with_objective(self.objective);
        if let Some(seeds) = tables {
            let table = super::args::endgame_table(rules, seeds, cache);
            searcher.set_endgame(Some(Arc::new(table)));
        }
        if let Some(seeds) = super::args::database_seeds(self.database, rules)? {
            searcher.set_database(Some(Arc::new(super::args::database(rules, seeds, cache))));
        }
        Ok(searcher)
    }
}

/// The budget of one search: `--movetime` and `--depth` (at least one).
pub fn limits<'a>(movetime: Option<u64>, depth: Option<u32>) -> Limits<'a> {
    Limits {
        depth,
        time: movetime.map(Duration::from_millis),
        ..Limits::default()
    }
}

/// The search of the game's position, or an error once the game is over.
pub fn best_move(
    searcher: &mut Searcher,
    game: &Game,
    limits: &Limits,
) -> Result<SearchResult, CliError> {
    if game.in_opening() {
        return Err(CliError(
            "both players choose the first move at once: a single best move does not exist; `match` plays it from each side's mixed strategy".into(),
        ));
    }
    searcher.set_history(game.history());
    searcher
        .search(game.position(), limits)
        .ok_or_else(|| CliError("the game is over: there is no move to analyze".into()))
}

/// The JSON of a search's result, as `analyze --json` prints it (docs/cli.md).
pub fn result_json(result: &SearchResult) -> Value {
    json!({
        "best": result.best,
        "score": result.score,
        "depth": result.depth,
        "pv": result.pv,
        "nodes": result.nodes,
        "seconds": result.seconds,
    })
}

pub fn run(args: &AnalyzeArgs) -> Result<(), CliError> {
    let game = args.game.game()?;
    let mut searcher = args.search.searcher(&game)?;
    let result = best_move(&mut searcher, &game, &limits(args.movetime, args.depth))?;
    if args.json {
        out::line(result_json(&result))
    } else {
        let pv: Vec<String> = result.pv.iter().map(|house| house.to_string()).collect();
        out::line(format_args!(
            "best {} ({}), score {:+}, depth {}, pv {}\n{} nodes in {:.3} s ({:.2} million/s)",
            result.best,
            describe(result.score, result.exact),
            result.score,
            result.depth,
            pv.join(" "),
            result.nodes,
            result.seconds,
            result.nodes as f64 / result.seconds.max(1e-9) / 1e6
        ))
    }
}
