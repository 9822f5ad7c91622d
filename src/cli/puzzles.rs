//! `mancala-cli puzzles`: positions of self-play games whose best move the exact solver
//! proves (`mancala_ai::find_puzzles`), printed as they are found. The same flags and
//! seed make the same puzzles: the app's puzzle files are this command's output, with
//! the command written beside them (src/puzzles/README.md).

use super::args::{CliError, GameArgs};
use super::out;
use super::values;
use crate::ai::{find_puzzles, Puzzle, PuzzleSearch};
use crate::engine::{RuleOption, Rules};
use rand::rngs::StdRng;
use rand::SeedableRng;
use serde_json::json;
use std::path::PathBuf;
use std::sync::Arc;

/// Transposition table of the solver: proofs of middle games need a few million entries.
const PUZZLE_HASH_MB: usize = 32;

#[derive(clap::Args, Debug)]
pub struct PuzzlesArgs {
    /// How many puzzles to find, 1 to 10000.
    #[arg(long, value_name = "N", default_value_t = 10,
          value_parser = clap::value_parser!(u32).range(1..=10_000))]
    count: u32,
    /// Seed of the self-play games (the same seed and flags make the same puzzles).
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// Positions the solver may visit to value each move [default: 1000000]; a move it
    /// cannot prove in that many leaves the position out.
    #[arg(long, value_name = "N", value_parser = values::nodes)]
    nodes: Option<u64>,
    /// Try only positions with at most this many seeds on the board [default: half of
    /// all the seeds].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=200))]
    board_seeds: Option<u32>,
    /// Self-play games to play at most, 1 to 1000000 [default: 100 a puzzle].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    games: Option<u32>,
    /// Keep only puzzles of at least this difficulty, 1 (easy) to 5 (hard).
    #[arg(long, value_name = "D", default_value_t = 1,
          value_parser = clap::value_parser!(u8).range(1..=5))]
    min_difficulty: u8,
    /// At most a fifth of --count of each difficulty, so that the set runs from easy to
    /// hard (easy puzzles are by far the most common).
    #[arg(long)]
    spread: bool,
    /// Transposition table size, 1 to 16384 MB.
    #[arg(long, value_name = "MB", value_parser = values::hash_mb, default_value_t = PUZZLE_HASH_MB)]
    hash: usize,
    /// Endgame tables (Kalah and Oware) for boards of up to N seeds, 0 to 20, Oware at
    /// most 12 (0: none) [default: the app's, 16 for Kalah and 10 for Oware].
    #[arg(long, value_name = "N", value_parser = values::table_seeds)]
    tables: Option<u32>,
    /// Keep the endgame tables in DIR (see `solve --table-cache`).
    #[arg(long, value_name = "DIR")]
    table_cache: Option<PathBuf>,
    /// Print each puzzle as one line of JSON (the shape is in docs/cli.md).
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    game: GameArgs,
}

pub fn run(args: &PuzzlesArgs) -> Result<(), CliError> {
    if args.game.moves.is_some() {
        return Err(CliError(
            "--moves: puzzles come from self-play games from the start; give the rules only".into(),
        ));
    }
    let rules = args.game.rules()?;
    if rules.plays_rounds() || rules.simultaneous_start() {
        return Err(CliError(
            "puzzles are proven by the exact solver, which plays one round with alternate turns: add --rule rounds=off --rule start=alternate".into(),
        ));
    }
    let default_tables = match rules.variant() {
        crate::engine::Variant::Oware => crate::ai::DEFAULT_OWARE_TABLE_SEEDS,
        _ => crate::ai::DEFAULT_TABLE_SEEDS,
    };
    let cache = args.table_cache.as_deref();
    let tables = super::args::table_seeds(args.tables, Some(default_tables), rules, cache)?;
    let mut searcher = super::args::searcher(args.hash)?;
    searcher
        .set_endgame(tables.map(|seeds| Arc::new(super::args::endgame_table(rules, seeds, cache))));

    let mut search = PuzzleSearch::new(rules);
    if let Some(nodes) = args.nodes {
        search.solve_nodes = nodes;
    }
    if let Some(seeds) = args.board_seeds {
        search.max_board_seeds = seeds;
    }
    search.min_difficulty = args.min_difficulty;
    search.per_difficulty = args.spread.then(|| (args.count as usize).div_ceil(5));
    search.max_games = args
        .games
        .map_or(args.count as usize * 100, |games| games as usize);
    let (count, seed, json) = (args.count as usize, args.seed, args.json);
    // The solver recurses once a ply to the end of every line: a long Oware line needs
    // more stack than the main thread's 8 MB (only the pages used are ever touched).
    std::thread::Builder::new()
        .name("puzzles".into())
        .stack_size(SOLVER_STACK)
        .spawn(move || {
            let mut rng = StdRng::seed_from_u64(seed);
            let mut failure = None;
            find_puzzles(&search, count, &mut searcher, &mut rng, |puzzle| {
                if failure.is_none() {
                    let printed = if json {
                        out::line(puzzle_json(puzzle))
                    } else {
                        out::line(puzzle_text(puzzle))
                    };
                    failure = printed.err();
                }
            })
            .ok_or_else(|| CliError("these rules cannot be solved".into()))?;
            failure.map_or(Ok(()), Err)
        })
        .map_err(|e| CliError(format!("cannot start the solver's thread: {e}")))?
        .join()
        .map_err(|_| CliError("the solver's thread failed".into()))?
}

/// The stack of the thread that proves the puzzles.
const SOLVER_STACK: usize = 512 << 20;

/// The rule options of `rules`, every one of its variant, as `--rule` takes them.
pub fn rule_options(rules: Rules) -> Vec<String> {
    let on_off = |on: bool| if on { "on" } else { "off" };
    rules
        .variant()
        .options()
        .iter()
        .map(|&option| {
            let value = match option {
                RuleOption::EmptyCapture => on_off(rules.empty_capture()),
                RuleOption::GrandSlam => rules.grand_slam().name(),
                RuleOption::Start => rules.start().name(),
                RuleOption::Rounds => on_off(rules.rounds()),
            };
            format!("{}={value}", option.name())
        })
        .collect()
}

fn record(puzzle: &Puzzle) -> String {
    let moves: Vec<String> = puzzle.moves.iter().map(|m| m.to_string()).collect();
    moves.join(" ")
}

/// One puzzle as the docs/cli.md contract gives it: `{"variant","seeds","houses",
/// "rules","moves","to_move","best","value","kind","difficulty"}`.
pub fn puzzle_json(puzzle: &Puzzle) -> serde_json::Value {
    let rules = puzzle.rules;
    let to_move = puzzle
        .game()
        .map_or(0, |game| game.position().side_to_move().index());
    json!({
        "variant": rules.variant().name(),
        "seeds": rules.seeds(),
        "houses": rules.houses(),
        "rules": rule_options(rules),
        "moves": record(puzzle),
        "to_move": to_move,
        "best": puzzle.verdict.best,
        "value": puzzle.verdict.value,
        "kind": puzzle.verdict.kind.name(),
        "difficulty": puzzle.difficulty,
    })
}

fn puzzle_text(puzzle: &Puzzle) -> String {
    let best: Vec<String> = puzzle.verdict.best.iter().map(|m| m.to_string()).collect();
    format!(
        "{} (difficulty {}): after \"{}\", play {} to end {:+}",
        puzzle.verdict.kind.name(),
        puzzle.difficulty,
        record(puzzle),
        best.join(" or "),
        puzzle.verdict.value
    )
}
