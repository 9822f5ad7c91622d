//! `mancala-cli solve`: the exact value of the position under perfect play.

use super::args::{CliError, GameArgs};
use super::out;
use super::values;
use crate::ai::{Limits, DEFAULT_DATABASE_SEEDS};
use crate::engine::Variant;
use serde_json::json;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Transposition table of the solver (`--hash MB` changes it). 128 MB solves
/// Kalah(6,4) fastest here: 512 MB saved a few nodes but waited on memory for them
/// (a 64 MB table: 25 % more nodes, slower still); see docs/benchmarks.md. (Until
/// 2026-12-08 a table was half the size asked for, and these figures were "256 MB",
/// "1 GB" and "128 MB".)
const SOLVER_HASH_MB: usize = 128;

/// Seeds on the board covered by the solver's Kalah endgame tables.
const SOLVER_TABLE_SEEDS: u32 = 16;

/// Seeds on the board covered by the solver's Oware endgame tables: the app's size, 20 MB
/// built in about 10 s (12 seeds would take 98 MB and far longer).
const SOLVER_OWARE_TABLE_SEEDS: u32 = 10;

#[derive(clap::Args, Debug)]
pub struct SolveArgs {
    /// Give up after this long, 1 to 3600000 ms [default: no limit].
    #[arg(long, value_name = "MS", value_parser = values::movetime_ms)]
    movetime: Option<u64>,
    /// Give up after about this many positions [default: no limit].
    #[arg(long, value_name = "N", value_parser = values::nodes)]
    nodes: Option<u64>,
    /// Transposition table size, 1 to 16384 MB.
    #[arg(long, value_name = "MB", value_parser = values::hash_mb, default_value_t = SOLVER_HASH_MB)]
    hash: usize,
    /// Endgame tables (Kalah and Oware) for boards of up to N seeds, 0 to 20, Oware at
    /// most 12 (0: none) [default: 16 for Kalah, 10 for Oware].
    #[arg(long, value_name = "N", value_parser = values::table_seeds)]
    tables: Option<u32>,
    /// Keep the endgame tables in DIR: read them from there when an earlier run left
    /// them, else build them and write them there (not with --tables 0, nor for
    /// Congkak, which have none) [default: build them every run].
    #[arg(long, value_name = "DIR")]
    table_cache: Option<PathBuf>,
    /// Oware's database keyed by the board, for boards of up to N seeds, 0 to 15 (0:
    /// none): it proves who wins right after a capture [default: 12 for Oware].
    #[arg(long, value_name = "N", value_parser = values::database_seeds)]
    database: Option<u32>,
    /// Print one JSON object: {"value":v,"best":m,"nodes":n,"seconds":t}.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    game: GameArgs,
}

pub fn run(args: &SolveArgs) -> Result<(), CliError> {
    let started = Instant::now();
    let game = args.game.game()?;
    let pos = game.position();
    let limits = Limits {
        time: args.movetime.map(Duration::from_millis),
        nodes: args.nodes,
        ..Limits::default()
    };
    // Checked before anything is built: the tables alone take seconds.
    if pos.is_over() {
        return Err(CliError(
            "the game is over: there is nothing to solve".into(),
        ));
    }
    if pos.in_opening() {
        return Err(CliError(
            "both players choose the first move at once: it has no single value under perfect play (play it, then solve)".into(),
        ));
    }
    if pos.rules().plays_rounds() {
        return Err(CliError(
            "a match of rounds can go on round after round: solve one round with --rule rounds=off"
                .into(),
        ));
    }
    // The default tables are larger than the app's: 30 MB built in seconds saves a third
    // of the nodes of a full solve.
    let default = match pos.rules().variant() {
        Variant::Oware => SOLVER_OWARE_TABLE_SEEDS,
        _ => SOLVER_TABLE_SEEDS,
    };
    let cache = args.table_cache.as_deref();
    let tables = super::args::table_seeds(args.tables, Some(default), pos.rules(), cache)?;
    let mut searcher = super::args::searcher(args.hash)?;
    searcher.set_history(game.history());
    let table = tables.map(|seeds| Arc::new(super::args::endgame_table(pos.rules(), seeds, cache)));
    searcher.set_endgame(table);
    let database_default =
        (pos.rules().variant() == Variant::Oware).then_some(DEFAULT_DATABASE_SEEDS);
    let database = super::args::database_seeds(args.database.or(database_default), pos.rules())?;
    searcher.set_database(
        database.map(|seeds| Arc::new(super::args::database(pos.rules(), seeds, cache))),
    );
    // Reported time includes building the endgame tables: that is what a user waits.
    let solution = searcher.solve(pos, &limits).ok_or_else(|| {
        CliError("stopped by --movetime or --nodes before the value was proven".into())
    })?;
    if args.json {
        out::line(json!({
            "value": solution.value,
            "best": solution.best,
            "nodes": solution.nodes,
            "seconds": started.elapsed().as_secs_f64(),
        }))
    } else {
        out::line(format_args!(
            "value {:+} (mover minus opponent under perfect play), best move {}\n{} nodes in {:.2} s",
            solution.value,
            solution.best,
            solution.nodes,
            started.elapsed().as_secs_f64()
        ))
    }
}
