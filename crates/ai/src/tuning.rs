//! Fitting the heuristic's weights to games (Texel-style tuning, with the final store
//! difference in place of the win probability, since our values are in seeds).
//!
//! The engine plays itself from random openings drawn from a seed; every position of
//! those games becomes a sample: its features and what the mover gained from there to
//! the end (final store difference minus the present one). Least squares then gives
//! the weights under which the heuristic predicts that gain best. The same seed, depth
//! and games always give the same samples, so a tuning run is reproducible.
//!
//! With endgame tables the players play the last seeds as the Expert does, so the
//! gains of the middle game's positions are what good endgame play makes of them, and
//! positions the tables cover are left out of the fit: the search never asks the
//! heuristic about them.
//!
//! `mancala-cli tune` drives this for the app; the weights it found are
//! [`Weights::tuned`](crate::Weights::tuned). A run in miniature:
//!
//! ```
//! use mancala_ai::tuning::{error, fit, self_play, to_weights, SelfPlay};
//! use mancala_ai::{Eval, FEATURES};
//! use mancala_engine::{Position, Rules, Variant};
//!
//! let plan = SelfPlay {
//!     start: Position::start(Rules::new(Variant::Oware).with_seeds(3).unwrap()),
//!     games: 2,
//!     seed: 1,
//!     depth: 2,
//!     random_plies: 2,
//!     random_rate: 0.1,
//!     eval: Eval::Hand,
//!     endgame: None,
//! };
//! let samples: Vec<_> = self_play(&plan).into_iter().flatten().collect();
//! assert!(!samples.is_empty());
//! let weights = to_weights(&fit(&samples, &[true; FEATURES]));
//! // The fitted weights predict these games better than no weights at all.
//! assert!(error(&samples, &weights) < error(&samples, &Default::default()));
//! ```

use super::endgame::EndgameTable;
use super::eval::{features, final_value, store_difference, Eval, Weights, FEATURES, WEIGHT_SCALE};
use super::limits::Limits;
use super::search::Searcher;
use mancala_engine::{Game, Lockstep, Opening, Position};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::sync::Arc;

/// How to make the samples.
#[derive(Clone)]
pub struct SelfPlay {
    /// The start of every game (its rules and seeds).
    pub start: Position,
    /// How many games to play; every position of each (after its random opening) is a
    /// sample.
    pub games: u32,
    /// Seed of the random openings and of the random moves.
    pub seed: u64,
    /// Depth of each move's search.
    pub depth: u32,
    /// Plies played at random at the start of each game, so games differ.
    pub random_plies: u32,
    /// Chance that a later move is random, so the samples also cover positions that
    /// good play avoids (the search meets them at its horizon).
    pub random_rate: f64,
    /// The weights the players search with.
    pub eval: Eval,
    /// Endgame tables the players search with (for the rules of `start`); the
    /// positions they cover are not samples.
    pub endgame: Option<Arc<EndgameTable>>,
}

impl SelfPlay {
    /// Whether `pos`, reached after the random plies, is a sample: the search values
    /// it with the heuristic, not with the endgame tables.
    fn samples(&self, pos: &Position) -> bool {
        self.endgame
            .as_ref()
            .is_none_or(|table| table.probe(pos).is_none())
    }
}

/// One position of a self-play game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    /// The position's [`features`], from the mover's view, the largest capture
    /// included.
    pub features: [i32; FEATURES],
    /// Seeds the mover gained from here to the end: final store difference minus the
    /// present one, both from the mover's view.
    pub gain: i32,
}

/// Plays the games and returns, game by game, every position reached after the random
/// opening plies that the endgame tables (if any) do not cover (by game, so that a
/// check can hold whole games out of the fit: the positions of one game are alike).
pub fn self_play(plan: &SelfPlay) -> Vec<Vec<Sample>> {
    let mut rng = StdRng::seed_from_u64(plan.seed);
    let mut searcher = Searcher::new(8).with_eval(plan.eval);
    searcher.set_endgame(plan.endgame.clone());
    let limits = Limits::depth(plan.depth);
    let mut samples = Vec::new();
    for _ in 0..plan.games {
        let mut game = Game::from_start(plan.start);
        if game.in_opening() {
            // Congkak's simultaneous first move: random hands, as the random plies are.
            let opening = random_opening(game.position(), &mut rng);
            game.play_opening(&opening)
                .expect("a first move just played");
        }
        let mut positions = Vec::new();
        while !game.is_over() {
            let pos = *game.position();
            let ply = game.history().len() as u32;
            let moves = pos.legal_moves().to_vec();
            let random = ply < plan.random_plies || rng.random_bool(plan.random_rate);
            let house = if random {
                moves[rng.random_range(0..moves.len())]
            } else {
                searcher.set_history(game.history());
                searcher
                    .search(&pos, &limits)
                    .expect("the game goes on")
                    .best
            };
            if ply >= plan.random_plies && plan.samples(&pos) {
                positions.push(pos);
            }
            game.play(house).expect("a legal move plays");
        }
        samples.push(labelled(&positions, game.position()));
    }
    samples
}

/// Samples of finished games played elsewhere (against another engine, say), one list
/// per game: every position after the first `skip` plies that `endgame` does not
/// cover, labelled with what its mover gained by the game's end. Positions our own
/// self-play never reaches (a row starved by a stronger opponent) are fitted this way.
/// Unfinished games give none.
pub fn recorded(games: &[Game], skip: usize, endgame: Option<&EndgameTable>) -> Vec<Vec<Sample>> {
    games
        .iter()
        .filter(|game| game.is_over())
        .map(|game| {
            let positions: Vec<Position> = game
                .history()
                .iter()
                .skip(skip)
                .filter(|pos| !pos.is_over() && !pos.in_opening())
                .filter(|pos| endgame.is_none_or(|table| table.probe(pos).is_none()))
                .copied()
                .collect();
            labelled(&positions, game.position())
        })
        .collect()
}

/// `positions` of one game as samples: each labelled with the gain its mover made from
/// there to `end`, the game's final position.
fn labelled(positions: &[Position], end: &Position) -> Vec<Sample> {
    positions
        .iter()
        .map(|pos| Sample {
            features: features(pos, true),
            gain: final_value(end, pos.side_to_move()) - store_difference(pos),
        })
        .collect()
}

/// A simultaneous first move of random choices from `start`.
fn random_opening(start: &Position, rng: &mut StdRng) -> Opening {
    let lockstep = Lockstep::new(start).expect("a position waiting for a first move");
    let done = lockstep.play_out(|lockstep, side| {
        let choices = lockstep.choices(side).to_vec();
        Some(choices[rng.random_range(0..choices.len())])
    });
    done.opening().clone()
}

/// The weights (in seeds per unit of each feature) that predict the samples' gains
/// with the least squared error, using only the features `used` marks (the others get
/// 0). A small ridge term keeps the fit defined when a feature never varies.
pub fn fit(samples: &[Sample], used: &[bool; FEATURES]) -> [f64; FEATURES] {
    let index: Vec<usize> = (0..FEATURES).filter(|&i| used[i]).collect();
    let n = index.len();
    let mut a = vec![vec![0.0f64; n + 1]; n];
    for s in samples {
        for (r, &i) in index.iter().enumerate() {
            let xi = s.features[i] as f64;
            for (c, &j) in index.iter().enumerate() {
                a[r][c] += xi * s.features[j] as f64;
            }
            a[r][n] += xi * s.gain as f64;
        }
    }
    for (r, row) in a.iter_mut().enumerate() {
        row[r] += 1e-6 * samples.len() as f64;
    }
    let solution = solve_linear(a);
    let mut weights = [0.0; FEATURES];
    for (&i, w) in index.iter().zip(solution) {
        weights[i] = w;
    }
    weights
}

/// Gaussian elimination with partial pivoting on an augmented n x (n+1) matrix.
fn solve_linear(mut a: Vec<Vec<f64>>) -> Vec<f64> {
    let n = a.len();
    for col in 0..n {
        let pivot = (col..n)
            .max_by(|&x, &y| a[x][col].abs().total_cmp(&a[y][col].abs()))
            .expect("a column has rows");
        a.swap(col, pivot);
        let pivot_row = a[col].clone();
        let p = pivot_row[col];
        if p.abs() < 1e-12 {
            continue;
        }
        for (r, row) in a.iter_mut().enumerate() {
            if r != col {
                let factor = row[col] / p;
                for (x, q) in row[col..].iter_mut().zip(&pivot_row[col..]) {
                    *x -= factor * q;
                }
            }
        }
    }
    a.iter()
        .enumerate()
        .map(|(i, row)| {
            if row[i].abs() < 1e-12 {
                0.0
            } else {
                row[n] / row[i]
            }
        })
        .collect()
}

/// Real weights rounded to the integer units the heuristic uses.
pub fn to_weights(real: &[f64; FEATURES]) -> Weights {
    Weights(real.map(|w| (w * WEIGHT_SCALE as f64).round() as i32))
}

/// Root mean squared error, in seeds, of the gains the heuristic with `weights` would
/// predict for the samples (rounded to whole seeds, as the search sees them).
pub fn error(samples: &[Sample], weights: &Weights) -> f64 {
    let squares: f64 = samples
        .iter()
        .map(|s| {
            let sum: i32 = s.features.iter().zip(weights.0).map(|(x, w)| x * w).sum();
            let predicted = (sum + sum.signum() * WEIGHT_SCALE / 2) / WEIGHT_SCALE;
            let miss = (predicted - s.gain) as f64;
            miss * miss
        })
        .sum();
    (squares / samples.len().max(1) as f64).sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_engine::{Rules, Side, Variant};

    fn sample(features: [i32; FEATURES], gain: i32) -> Sample {
        Sample { features, gain }
    }

    #[test]
    fn the_fit_recovers_weights_that_generated_the_gains() {
        // gain = 12 * tempo + 0.25 * feature 1 - 0.5 * feature 4, exactly.
        let mut samples = Vec::new();
        for weak in -3..=3 {
            for moves in 1..=6 {
                let gain = 12 + moves - 2 * weak;
                samples.push(sample([1, 4 * moves, 0, 0, 4 * weak, 0, 0, 0], gain));
            }
        }
        let used = [true, true, false, false, true, false, false, false];
        let w = fit(&samples, &used);
        assert!((w[0] - 12.0).abs() < 1e-3, "{w:?}");
        assert!((w[1] - 0.25).abs() < 1e-3, "{w:?}");
        assert!((w[4] + 0.5).abs() < 1e-3, "{w:?}");
        assert_eq!(w[2], 0.0);
        assert_eq!(to_weights(&w).0[..2], [12 * 1024, 256]);
    }

    #[test]
    fn the_error_of_exact_weights_is_zero_and_of_others_is_not() {
        let samples = vec![
            sample([1, 2, 0, 0, 0, 0, 0, 0], 3),
            sample([1, 4, 0, 0, 0, 0, 0, 0], 5),
        ];
        let exact = Weights([1024, 1024, 0, 0, 0, 0, 0, 0]);
        assert_eq!(error(&samples, &exact), 0.0);
        assert!(error(&samples, &Weights::default()) > 3.0);
    }

    /// Two short games of Oware with 3 seeds a house, searched 2 plies deep.
    fn short_games(endgame: Option<Arc<EndgameTable>>) -> SelfPlay {
        SelfPlay {
            start: Position::start(Rules::new(Variant::Oware).with_seeds(3).unwrap()),
            games: 2,
            seed: 7,
            depth: 2,
            random_plies: 2,
            random_rate: 0.1,
            eval: Eval::Hand,
            endgame,
        }
    }

    #[test]
    fn self_play_plays_a_simultaneous_first_move_and_matches_of_rounds() {
        let plan = SelfPlay {
            start: Position::start(Rules::traditional_congkak().with_seeds(3).unwrap()),
            ..short_games(None)
        };
        let games = self_play(&plan);
        assert_eq!(games.len(), 2);
        assert!(games.iter().all(|game| !game.is_empty()));
        assert_eq!(games, self_play(&plan), "reproducible from its seed");
    }

    #[test]
    fn self_play_is_reproducible_from_its_seed_and_labels_every_position() {
        let plan = short_games(None);
        let first = self_play(&plan);
        assert_eq!(first.len(), 2);
        assert!(first.iter().all(|game| game.len() > 10), "{first:?}");
        assert_eq!(first, self_play(&plan));
        let other = self_play(&SelfPlay {
            seed: 8,
            ..plan.clone()
        });
        assert_ne!(first, other);
        // Every gain stays within what is left to win.
        assert!(first.iter().flatten().all(|s| s.gain.abs() <= 36));
    }

    #[test]
    fn with_endgame_tables_the_positions_they_cover_are_no_samples() {
        let start = Position::start(Rules::new(Variant::Oware).with_seeds(3).unwrap());
        let plan = short_games(Some(Arc::new(EndgameTable::build(start.rules(), 6))));
        assert!(plan.samples(&start), "36 seeds on the board");
        let late = |row: &[u8], stores| {
            Position::from_parts(
                start.rules(),
                [row, &[1, 0, 1, 0, 1, 0]],
                stores,
                Side::South,
            )
            .expect("a position")
        };
        let six = late(&[0, 2, 0, 1, 0, 0], [15, 15]);
        let seven = late(&[0, 2, 0, 1, 0, 1], [15, 14]);
        assert!(!plan.samples(&six), "6 seeds on the board");
        assert!(plan.samples(&seven), "7 seeds on the board");
        let games = self_play(&plan);
        assert!(games.iter().all(|game| !game.is_empty()));
        assert_eq!(games, self_play(&plan));
    }

    #[test]
    fn recorded_games_give_a_sample_for_each_position_after_the_skipped_plies() {
        let rules = Rules::new(Variant::Kalah).with_seeds(3).unwrap();
        let mut game = Game::new(rules);
        let mut searcher = Searcher::new(1);
        while !game.is_over() {
            let best = searcher
                .search(game.position(), &Limits::depth(2))
                .unwrap()
                .best;
            game.play(best).unwrap();
        }
        let unfinished = Game::parse_record(Position::start(rules), "3 1").unwrap();
        let games = recorded(&[game.clone(), unfinished], 2, None);
        assert_eq!(games.len(), 1, "an unfinished game gives none");
        // Every position but the first two and the last (over).
        assert_eq!(games[0].len(), game.history().len() - 3);
        // The first sample's mover gains what the stores say at the end.
        let pos = game.history()[2];
        let end = game.position();
        let me = pos.side_to_move();
        let final_difference = end.store(me) as i32 - end.store(me.opponent()) as i32;
        assert_eq!(games[0][0].gain, final_difference - store_difference(&pos));
    }
}
