//! `mancala-cli match --levels A,B --games N`: plays level A against level B, both
//! colours and varied openings, and prints the score (how the levels are calibrated).

use super::args::{CliError, GameArgs};
use super::out;
use super::values;
use crate::ai::{choose_in_opening, Eval, Level, Objective, Searcher};
use crate::engine::{Game, Lockstep, Outcome, Position, Side};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::json;

/// Random plies that start each pair of games, so that games differ.
const OPENING_PLIES: usize = 2;

/// The result of a match, from A's side.
#[derive(Debug, Default, Clone, Copy, PartialEq)]
pub struct Tally {
    pub a_wins: u32,
    pub b_wins: u32,
    pub draws: u32,
    /// Sum over games of A's final store difference.
    pub margin: i64,
    /// Games won and lost by the player who took the first turn: the first player, or in
    /// Congkak with a simultaneous start the one who moved first after it (how fair the
    /// start is: `docs/benchmarks.md`).
    pub first_mover_wins: u32,
    pub first_mover_losses: u32,
}

impl Tally {
    pub fn games(&self) -> u32 {
        self.a_wins + self.b_wins + self.draws
    }

    /// The share of decided games won by the player who took the first turn.
    pub fn first_mover_share(&self) -> f64 {
        let decided = self.first_mover_wins + self.first_mover_losses;
        self.first_mover_wins as f64 / decided.max(1) as f64
    }

    /// A's points per game: a win is 1, a draw one half.
    pub fn score(&self) -> f64 {
        (self.a_wins as f64 + self.draws as f64 / 2.0) / self.games().max(1) as f64
    }
}

#[derive(clap::Args, Debug)]
pub struct MatchArgs {
    /// The two levels, A,B, each beginner, casual, intermediate, strong or expert.
    #[arg(long, value_name = "A,B", value_parser = values::level_pair)]
    levels: (Level, Level),
    /// The heuristic each side plays with, A,B: tuned, hand or weights (as analyze --eval).
    #[arg(long, value_name = "A,B", value_parser = values::eval_pair, default_value = "tuned,tuned", allow_hyphen_values = true)]
    evals: (Eval, Eval),
    /// What each side's search plays for, A,B: win (a proven win above any estimate) or
    /// margin (the most seeds, proven or estimated alike).
    #[arg(long, value_name = "A,B", value_parser = values::objective_pair, default_value = "margin,margin")]
    objectives: (Objective, Objective),
    /// Whether each side's expert uses the endgame tables, A,B: on or off.
    #[arg(long, value_name = "A,B", value_parser = values::switch_pair, default_value = "on,on")]
    tables: (bool, bool),
    /// Games to play, 1 to 100000 (rounded up to pairs: each opening with both colours).
    #[arg(long, value_name = "N", value_parser = values::match_games, default_value_t = 20)]
    games: u32,
    /// Seed of the random openings (the same seed plays the same openings).
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// Factor on each level's thinking time, 0.001 to 100.
    #[arg(long, value_name = "F", value_parser = values::time_scale, default_value_t = 1.0,
          allow_negative_numbers = true)]
    time_scale: f64,
    /// Print one JSON object with the games, wins, draws, score and margin.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    game: GameArgs,
}

pub fn run(args: &MatchArgs) -> Result<(), CliError> {
    let (a, b) = args.levels;
    let start = *args.game.game()?.position();
    let (eval_a, eval_b) = args.evals;
    let (tables_a, tables_b) = args.tables;
    let (objective_a, objective_b) = args.objectives;
    let tally = play_match(
        start,
        [
            Player {
                level: a,
                eval: eval_a,
                tables: tables_a,
                objective: objective_a,
            },
            Player {
                level: b,
                eval: eval_b,
                tables: tables_b,
                objective: objective_b,
            },
        ],
        args.games,
        args.seed,
        args.time_scale,
    );
    if args.json {
        out::line(json!({
                "a": a.name(), "b": b.name(), "games": tally.games(),
                "a_eval": eval_a.to_string(), "b_eval": eval_b.to_string(),
                "a_tables": tables_a, "b_tables": tables_b,
                "a_objective": objective_a.name(), "b_objective": objective_b.name(),
                "a_wins": tally.a_wins, "b_wins": tally.b_wins, "draws": tally.draws,
                "a_score": tally.score(),
                "first_mover_wins": tally.first_mover_wins,
                "first_mover_losses": tally.first_mover_losses,
            "a_margin": tally.margin as f64 / tally.games().max(1) as f64,
        }))
    } else {
        out::line(format_args!(
            "{a} vs {b}: {} games, {a} won {}, lost {}, drew {}; score {:.1}% ; average margin {:+.1} seeds; the first to move won {} and lost {} ({:.1}% of decided games)",
            tally.games(),
            tally.a_wins,
            tally.b_wins,
            tally.draws,
            100.0 * tally.score(),
            tally.margin as f64 / tally.games().max(1) as f64,
            tally.first_mover_wins,
            tally.first_mover_losses,
            100.0 * tally.first_mover_share()
        ))
    }
}

/// One side of a match.
#[derive(Clone, Copy, Debug)]
pub struct Player {
    pub level: Level,
    /// The weights its heuristic plays with.
    pub eval: Eval,
    /// Does its expert use the endgame tables?
    pub tables: bool,
    /// What its search plays for.
    pub objective: Objective,
}

/// Plays `games` games (rounded up to pairs): each opening twice, A as South then as
/// North.
pub fn play_match(
    start: Position,
    players: [Player; 2],
    games: u32,
    seed: u64,
    time_scale: f64,
) -> Tally {
    let mut rng = StdRng::seed_from_u64(seed);
    let levels = players.map(|p| p.level);
    if players.iter().any(|p| p.level == Level::Expert && p.tables) {
        // The expert plays with the endgame tables once built; built here, before the
        // games, every expert move of the match has them.
        let _ = crate::ai::EndgameTable::shared(start.rules());
        let _ = crate::ai::OwareDatabase::shared(start.rules());
    }
    let mut searchers = players.map(|p| {
        let searcher = Searcher::new(16)
            .with_eval(p.eval)
            .with_objective(p.objective);
        if p.tables {
            searcher
        } else {
            searcher.without_endgame()
        }
    });
    let mut tally = Tally::default();
    for _ in 0..games.div_ceil(2) {
        let opening = random_opening(start, &mut rng);
        for a_side in Side::BOTH {
            let mut game = opening.clone();
            if game.in_opening() {
                // Congkak's simultaneous first move: each side draws from its own mixed
                // strategy, never seeing the other's choice.
                let lockstep = Lockstep::new(game.position()).expect("an opening");
                let done = lockstep.play_out(|lockstep, side| {
                    let player = if side == a_side { 0 } else { 1 };
                    let searcher = &mut searchers[player];
                    choose_in_opening(
                        searcher,
                        lockstep,
                        side,
                        levels[player],
                        time_scale,
                        &mut rng,
                    )
                });
                game.play_opening(done.opening())
                    .expect("the first move just played");
            }
            // Who takes the first turn: the first player, or after a simultaneous first
            // move whoever the rules give the move to.
            let first_mover = if game.start().in_opening() {
                game.history()[1].side_to_move()
            } else {
                game.start().side_to_move()
            };
            while !game.is_over() {
                let side = game.position().side_to_move();
                let player = if side == a_side { 0 } else { 1 };
                let searcher = &mut searchers[player];
                searcher.set_history(game.history());
                let pos = *game.position();
                let house = levels[player].choose(searcher, &pos, time_scale, None, &mut rng);
                game.play(house).expect("levels choose legal moves");
            }
            let end = game.position();
            tally.margin += crate::ai::final_value(end, a_side) as i64;
            match end.outcome() {
                Some(Outcome::Win(side)) if side == a_side => tally.a_wins += 1,
                Some(Outcome::Win(_)) => tally.b_wins += 1,
                _ => tally.draws += 1,
            }
            match end.outcome() {
                Some(Outcome::Win(side)) if side == first_mover => tally.first_mover_wins += 1,
                Some(Outcome::Win(_)) => tally.first_mover_losses += 1,
                _ => {}
            }
        }
    }
    tally
}

/// A few random plies from the start (fewer if the game ends first). A simultaneous
/// first move is left to the players: their mixed strategies vary the games.
fn random_opening(start: Position, rng: &mut StdRng) -> Game {
    let mut game = Game::from_start(start);
    for _ in 0..OPENING_PLIES {
        let moves = game.position().legal_moves().to_vec();
        if moves.is_empty() {
            break;
        }
        let house = moves[rng.random_range(0..moves.len())];
        game.play(house).expect("a legal move plays");
    }
    game
}
