//! Congkak's simultaneous first move (docs/rules.md, Congkak rule 10): the computer
//! chooses its first house without seeing the person's, so it plays a mixed strategy:
//! an equilibrium of the matrix of searched values of every pair of first houses,
//! softened so that no single house is certain.
//!
//! A hand that must choose again (its last seed fell in its own store) sees the board
//! and the other hand in flight, so it searches its choices, unless the other hand
//! chooses at the same moment, which is again a matrix.

use super::eval::final_value;
use super::level::Level;
use super::limits::Limits;
use super::search::Searcher;
use mancala_engine::{Hand, House, Lockstep, Position, Side};
use rand::Rng;
use std::time::Duration;

/// Rounds of fictitious play that approximate the equilibrium (a 7×7 matrix converges
/// to well under a tenth of a seed).
const FICTITIOUS_ROUNDS: usize = 20_000;

/// The values of every pair of choices, from South's view (rows South's houses,
/// columns North's), with the mixed strategies found for both.
#[derive(Clone, Debug, PartialEq)]
pub struct OpeningMatrix {
    /// South's choices, the rows.
    pub south: Vec<House>,
    /// North's choices, the columns.
    pub north: Vec<House>,
    /// `values[r][c]`: South's expected final store difference after South's
    /// `south[r]` and North's `north[c]`, each hand's later choices played greedily and
    /// the position after the first move searched.
    pub values: Vec<Vec<f64>>,
}

impl OpeningMatrix {
    /// The equilibrium of the zero-sum game (South maximises, North minimises), by
    /// fictitious play: each side's mix over its choices, and the game's value to South.
    pub fn equilibrium(&self) -> (Vec<f64>, Vec<f64>, f64) {
        let (rows, cols) = (self.south.len(), self.north.len());
        let mut row_count = vec![0u32; rows];
        let mut col_count = vec![0u32; cols];
        // Running payoff of each row against North's plays so far, and of each column
        // against South's.
        let mut row_payoff = vec![0.0; rows];
        let mut col_payoff = vec![0.0; cols];
        let (mut r, mut c) = (0, 0);
        for _ in 0..FICTITIOUS_ROUNDS {
            row_count[r] += 1;
            col_count[c] += 1;
            for (k, payoff) in row_payoff.iter_mut().enumerate() {
                *payoff += self.values[k][c];
            }
            for (k, payoff) in col_payoff.iter_mut().enumerate() {
                *payoff += self.values[r][k];
            }
            r = arg_best(&row_payoff, |a, b| a > b);
            c = arg_best(&col_payoff, |a, b| a < b);
        }
        let mix = |counts: &[u32]| -> Vec<f64> {
            let total: u32 = counts.iter().sum();
            counts.iter().map(|&n| n as f64 / total as f64).collect()
        };
        let (south, north) = (mix(&row_count), mix(&col_count));
        let value = (0..rows)
            .map(|i| {
                (0..cols)
                    .map(|j| south[i] * north[j] * self.values[i][j])
                    .sum::<f64>()
            })
            .sum();
        (south, north, value)
    }

    /// The mix `side` plays: its equilibrium strategy blended with a quantal response
    /// (choices weighted by `exp(payoff / temperature)` against the opponent's
    /// equilibrium), so that every choice within a seed or two of the best keeps a
    /// real chance and no house is certain while another is nearly as good.
    pub fn strategy(&self, side: Side, temperature: f64) -> Vec<f64> {
        let (south, north, _) = self.equilibrium();
        let (mine, theirs) = match side {
            Side::South => (south, north),
            Side::North => (north, south),
        };
        let payoffs: Vec<f64> = (0..mine.len())
            .map(|i| {
                (0..theirs.len())
                    .map(|j| {
                        let v = match side {
                            Side::South => self.values[i][j],
                            Side::North => -self.values[j][i],
                        };
                        theirs[j] * v
                    })
                    .sum()
            })
            .collect();
        let best = payoffs.iter().cloned().fold(f64::MIN, f64::max);
        let soft: Vec<f64> = payoffs
            .iter()
            .map(|p| ((p - best) / temperature.max(0.01)).exp())
            .collect();
        let soft_total: f64 = soft.iter().sum();
        mine.iter()
            .zip(&soft)
            .map(|(e, s)| (e + s / soft_total) / 2.0)
            .collect()
    }
}

fn arg_best(values: &[f64], better: impl Fn(f64, f64) -> bool) -> usize {
    let mut best = 0;
    for (k, &v) in values.iter().enumerate() {
        if better(v, values[best]) {
            best = k;
        }
    }
    best
}

/// How hard the computer thinks about the first move at `level`: each entry of the
/// matrix is searched to this depth, within this share of time.
fn entry_limits(level: Level, time_scale: f64) -> Limits<'static> {
    let depth = level.style().depth.min(8);
    Limits {
        depth: Some(depth),
        // A 7×7 matrix is 49 searches: a fiftieth of a second each keeps the whole
        // choice within about a second even on a slow phone.
        time: Some(Duration::from_millis(20).mul_f64(time_scale)),
        ..Limits::default()
    }
}

/// How far from the best a choice may be and still be played often: weaker levels
/// spread their choices wider.
fn temperature(level: Level) -> f64 {
    match level {
        Level::Beginner => 8.0,
        Level::Casual => 4.0,
        Level::Intermediate => 2.0,
        Level::Strong | Level::Expert => 1.0,
    }
}

/// South's value of `pos` (a position after the first move): the final store
/// difference if the game is over, else a search's estimate.
fn searched_value(searcher: &mut Searcher, pos: &Position, limits: &Limits) -> f64 {
    if pos.is_over() {
        return final_value(pos, Side::South) as f64;
    }
    match searcher.search(pos, limits) {
        Some(result) if pos.side_to_move() == Side::South => result.score as f64,
        Some(result) => -(result.score as f64),
        None => final_value(pos, Side::South) as f64,
    }
}

/// A quick choice for a hand that must choose while another is being valued: the house
/// whose hand ends best for its side (store difference, and another choice counted as
/// a seed) when run to the next choice, the other hand's pending choice made by the
/// same rule without looking further.
fn greedy_choice(lockstep: &Lockstep, side: Side) -> Option<House> {
    let mut best: Option<(i32, House)> = None;
    for house in lockstep.choices(side) {
        let mut trial = lockstep.clone();
        trial.choose(side, house).expect("one of the choices");
        let other = side.opponent();
        if let Some(theirs) = trial.choices(other).last() {
            trial.choose(other, theirs).expect("one of the choices");
        }
        trial.run();
        let board = trial.board();
        let mut score = board.store(side) as i32 - board.store(other) as i32;
        if trial.hand(side) == Hand::Choosing {
            score += 1;
        }
        if best.is_none_or(|(s, _)| score > s) {
            best = Some((score, house));
        }
    }
    best.map(|(_, house)| house)
}

/// Plays the rest of the first move with [`greedy_choice`] for every later choice and
/// returns the position after it.
fn complete(lockstep: Lockstep) -> Position {
    lockstep
        .play_out(greedy_choice)
        .finish()
        .expect("both hands stopped")
}

/// The matrix of the choices both hands must make now (at the start, or when both
/// must choose again at once), each pair's first move completed greedily and the
/// position after it searched under `limits`.
pub fn opening_matrix(
    searcher: &mut Searcher,
    lockstep: &Lockstep,
    limits: &Limits,
) -> OpeningMatrix {
    let south = lockstep.choices(Side::South).to_vec();
    let north = lockstep.choices(Side::North).to_vec();
    let values = south
        .iter()
        .map(|&s| {
            north
                .iter()
                .map(|&n| {
                    let mut pair = lockstep.clone();
                    pair.choose(Side::South, s).expect("one of the choices");
                    pair.choose(Side::North, n).expect("one of the choices");
                    searched_value(searcher, &complete(pair), limits)
                })
                .collect()
        })
        .collect();
    OpeningMatrix {
        south,
        north,
        values,
    }
}

/// The computer's choice for `side`'s hand in the simultaneous first move: the first
/// house, or another after its hand ended in its store. When the other hand chooses at
/// the same moment (always at the start), the choice is drawn from the mixed strategy of
/// [`OpeningMatrix::strategy`], never from what the other side chose; when only this
/// hand chooses, the board is in full view and the best searched choice is played (at
/// the weaker levels, drawn with their spread). `None` if `side` has nothing to choose.
///
/// ```
/// use mancala_ai::{choose_in_opening, Level, Searcher};
/// use mancala_engine::{Lockstep, Position, Rules, Side};
/// let start = Position::start(Rules::traditional_congkak());
/// let lockstep = Lockstep::new(&start).unwrap();
/// let mut searcher = Searcher::new(1);
/// let mut rng = rand::rng();
/// let house = choose_in_opening(&mut searcher, &lockstep, Side::North, Level::Casual, 1.0, &mut rng);
/// assert!(lockstep.choices(Side::North).contains(house.unwrap()));
/// ```
pub fn choose_in_opening<R: Rng>(
    searcher: &mut Searcher,
    lockstep: &Lockstep,
    side: Side,
    level: Level,
    time_scale: f64,
    rng: &mut R,
) -> Option<House> {
    let choices = lockstep.choices(side);
    if choices.len() <= 1 {
        return choices.first();
    }
    let limits = entry_limits(level, time_scale);
    let weights: Vec<f64> = if lockstep.hand(side.opponent()) == Hand::Choosing {
        let matrix = opening_matrix(searcher, lockstep, &limits);
        matrix.strategy(side, temperature(level))
    } else {
        let values: Vec<f64> = choices
            .iter()
            .map(|house| {
                let mut trial = lockstep.clone();
                trial.choose(side, house).expect("one of the choices");
                let south_value = searched_value(searcher, &complete(trial), &limits);
                match side {
                    Side::South => south_value,
                    Side::North => -south_value,
                }
            })
            .collect();
        let best = values.iter().cloned().fold(f64::MIN, f64::max);
        // Strong play takes the best (a quarter-seed temperature all but ensures it);
        // weaker levels spread as in the matrix.
        let t = match level {
            Level::Strong | Level::Expert => 0.25,
            other => temperature(other),
        };
        values.iter().map(|v| ((v - best) / t).exp()).collect()
    };
    let total: f64 = weights.iter().sum();
    let mut draw = rng.random::<f64>() * total;
    for (house, weight) in choices.iter().zip(&weights) {
        if draw < *weight {
            return Some(house);
        }
        draw -= weight;
    }
    choices.last()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matching_pennies_mixes_half_and_half() {
        let h = |n| House::new(n).unwrap();
        let matrix = OpeningMatrix {
            south: vec![h(1), h(2)],
            north: vec![h(1), h(2)],
            values: vec![vec![1.0, -1.0], vec![-1.0, 1.0]],
        };
        let (south, north, value) = matrix.equilibrium();
        for p in south.iter().chain(&north) {
            assert!((p - 0.5).abs() < 0.02, "{south:?} {north:?}");
        }
        assert!(value.abs() < 0.05);
    }

    #[test]
    fn a_dominant_row_is_found_and_the_strategy_still_keeps_close_choices() {
        let h = |n| House::new(n).unwrap();
        let matrix = OpeningMatrix {
            south: vec![h(1), h(2), h(3)],
            north: vec![h(1), h(2)],
            values: vec![vec![5.0, 4.0], vec![4.5, 3.5], vec![-10.0, -10.0]],
        };
        let (south, north, value) = matrix.equilibrium();
        assert!(south[0] > 0.99 && north[1] > 0.99, "{south:?} {north:?}");
        assert!((value - 4.0).abs() < 0.01);
        let mix = matrix.strategy(Side::South, 1.0);
        assert!(
            mix[0] > mix[1] && mix[1] > 0.1,
            "the close second keeps a chance: {mix:?}"
        );
        assert!(
            mix[2] < 1e-6,
            "a house ten seeds worse is not played: {mix:?}"
        );
        assert!((mix.iter().sum::<f64>() - 1.0).abs() < 1e-9);
    }
}
