//! How the search sees a position: a key from the mover's point of view, hard bounds
//! on the final result, and a heuristic value at the search horizon, per variant.
//!
//! Every value is in seeds, from the view of the side to move: the final store
//! difference, mover minus opponent, that perfect play (or the heuristic) expects.

use mancala_engine::{excerpt, Position, Rules, Side, Variant};
use std::fmt;
use std::str::FromStr;

/// The value of a finished game in whole seeds, from the view of `me`: `me`'s store
/// minus the opponent's. (Of a game still going on, the store difference so far.)
///
/// ```
/// use mancala_ai::final_value;
/// use mancala_engine::{Position, Rules, Side, Variant};
///
/// let rules = Rules::new(Variant::Kalah);
/// let pos = Position::from_parts(rules, [&[0; 6], &[0; 6]], [30, 18], Side::North).unwrap();
/// assert!(pos.is_over());
/// assert_eq!(final_value(&pos, Side::South), 12);
/// assert_eq!(final_value(&pos, Side::North), -12);
/// ```
#[inline]
pub fn final_value(pos: &Position, me: Side) -> i32 {
    pos.store(me) as i32 - pos.store(me.opponent()) as i32
}

/// A value of `child` from the view of `me`, who moved into it: the same when `me` moves
/// again there, else the other side's value turned round.
#[inline]
pub(crate) fn for_mover(me: Side, child: &Position, value_for_child_mover: i32) -> i32 {
    if child.side_to_move() == me {
        value_for_child_mover
    } else {
        -value_for_child_mover
    }
}

/// Store difference of the side to move.
#[inline]
pub(crate) fn store_difference(pos: &Position) -> i32 {
    final_value(pos, pos.side_to_move())
}

/// Does the value of a position depend on its stores only through their difference?
/// True for Kalah and Congkak, where the game ends by emptied rows alone; false for
/// Oware, where "more than half the seeds" ends it, and for a Congkak match of rounds,
/// where each store refills its owner's houses.
#[inline]
pub(crate) fn stores_are_additive(rules: &Rules) -> bool {
    rules.variant() != Variant::Oware && !rules.plays_rounds()
}

/// The transposition key (the board as the mover sees it: own houses first) and the
/// part of the value the key leaves out (the store difference, where it is additive
/// and `additive` allows it: a search playing to win values a margin by its sign too).
#[inline]
pub(crate) fn perspective_key(pos: &Position, additive: bool) -> (u128, i32) {
    // Built from the position's own key (pits, burnt marks, side to move) with a few
    // shifts rather than byte by byte: a search computes it for every node it probes.
    // The mover's half (houses, then store) comes first, the opponent's second.
    let half = 8 * (pos.rules().houses() as u32 + 1);
    let pits = pos.key() & !(1u128 << 127);
    let seen = match pos.side_to_move() {
        Side::South => pits,
        Side::North => (pits >> half) | ((pits & ((1u128 << half) - 1)) << half),
    };
    if additive && stores_are_additive(&pos.rules()) {
        // Swapping the halves leaves each store's byte where it was.
        (seen & !stores_mask(pos), store_difference(pos))
    } else {
        (seen, 0)
    }
}

/// The bits of [`Position::key`] (and of a [`perspective_key`]) that hold the two stores.
#[inline]
pub(crate) fn stores_mask(pos: &Position) -> u128 {
    let h = pos.rules().houses() as u32;
    (0xFFu128 << (8 * h)) | (0xFFu128 << (8 * (2 * h + 1)))
}

/// Bounds no line of play can leave: seeds in a store stay there, so the mover ends
/// with at least their store and at most everything the opponent has not banked. In a
/// match of rounds a store gives its seeds back to the houses, so only the total bounds.
#[inline]
pub(crate) fn value_bounds(pos: &Position) -> (i32, i32) {
    let me = pos.side_to_move();
    let total = pos.total_seeds() as i32;
    if pos.rules().plays_rounds() {
        return (-total, total);
    }
    let mine = pos.store(me) as i32;
    let theirs = pos.store(me.opponent()) as i32;
    (2 * mine - total, total - 2 * theirs)
}

/// The features the heuristic weighs, each the mover's count minus the opponent's
/// (except the first two). Their weights are fitted to self-play games by
/// `mancala-cli tune` (see [`super::tuning`]), not guessed.
pub const FEATURES: usize = 8;

/// What each feature counts, in the order of [`Weights`].
pub const FEATURE_NAMES: [&str; FEATURES] = [
    "tempo (1 for the mover)",
    "mover's legal moves",
    "row seeds, early (times seeds on board / total, x16)",
    "row seeds, late (times seeds off board / total, x16)",
    "houses of 1-2 seeds",
    "empty houses",
    "houses that lap the board",
    "largest capture the mover has",
];

/// Weights are in 1/1024 seed per unit of their feature: fine enough for the row
/// features, whose units are a sixteenth of a seed on the row.
pub const WEIGHT_SCALE: i32 = 1024;

/// The weights of the heuristic's [`FEATURES`] features, in the order of
/// [`FEATURE_NAMES`], each in 1/[`WEIGHT_SCALE`] seed per unit of its feature: a weight
/// of 512 adds half a seed to the value for each unit the mover is ahead in that
/// feature.
///
/// They print and parse as the integers separated by colons (the form
/// `mancala-cli tune` writes and `--eval` reads).
///
/// ```
/// use mancala_ai::Weights;
/// use mancala_engine::Variant;
///
/// let hand = Weights::hand(Variant::Oware);
/// assert_eq!(hand.to_string(), "0:0:0:0:-512:0:0:0");
/// assert_eq!("0:0:0:0:-512:0:0:0".parse(), Ok(hand));
/// assert!("1:2:3".parse::<Weights>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Weights(pub [i32; FEATURES]);

impl Weights {
    /// The weights the computer plays with, from `mancala-cli tune` (the README gives
    /// each run's command, seed and figures).
    pub const fn tuned(variant: Variant) -> Weights {
        match variant {
            // tune --variant kalah --games 3000 --depth 10 --eval hand (seed 1).
            Variant::Kalah => Weights([-2181, 642, -36, 36, 121, -1316, 5589, 537]),
            // tune --variant oware --games 4000 --depth 8 --eval hand (seed 1).
            Variant::Oware => Weights([-168, -131, -4, -12, -662, -1689, 1692, 839]),
            // tune --variant congkak --games 3000 --depth 8 --eval hand (seed 1).
            Variant::Congkak => Weights([-6238, 2616, -14, 14, 688, 962, 3058, 826]),
        }
    }

    /// The hand-set weights used before any tuning, kept as the baseline the tuned
    /// ones are measured against: the plain store difference (Kalah), a quarter seed
    /// per seed on one's own row (Congkak), minus half a seed per own house of 1 or 2
    /// seeds, which a sown seed turns into a capture (Oware).
    pub const fn hand(variant: Variant) -> Weights {
        match variant {
            Variant::Kalah => Weights([0; FEATURES]),
            Variant::Oware => Weights([0, 0, 0, 0, -WEIGHT_SCALE / 2, 0, 0, 0]),
            Variant::Congkak => Weights([0, 0, 16, 16, 0, 0, 0, 0]),
        }
    }

    /// Kalah's plain store difference needs no features at all: it searches fastest.
    #[inline]
    fn is_zero(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }
}

impl fmt::Display for Weights {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = self.0.iter().map(i32::to_string).collect();
        f.write_str(&parts.join(":"))
    }
}

/// The weights [`Weights::from_str`] accepts.
const WEIGHT_RANGE: std::ops::RangeInclusive<i32> = -100_000..=100_000;

impl FromStr for Weights {
    type Err = String;

    /// `FEATURES` integers separated by colons, as `Display` writes them.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let parts: Vec<&str> = s.split(':').collect();
        if parts.len() != FEATURES {
            return Err(format!(
                "weights are {FEATURES} integers separated by ':', not '{}'",
                excerpt(s)
            ));
        }
        let mut w = [0; FEATURES];
        for (slot, part) in w.iter_mut().zip(parts) {
            *slot = part
                .trim()
                .parse::<i32>()
                .ok()
                // A range, not `v.abs() <= …`: the absolute value of i32::MIN overflows
                // (a panic in a debug build, i32::MIN itself in a release one).
                .filter(|v| WEIGHT_RANGE.contains(v))
                .ok_or_else(|| {
                    format!(
                        "'{}' is not a weight (an integer of -100000 to 100000)",
                        excerpt(part)
                    )
                })?;
        }
        Ok(Weights(w))
    }
}

/// Which weights a search plays with ([`Searcher::with_eval`](crate::Searcher::with_eval)):
/// the tuned ones unless a comparison asks otherwise. Prints and parses as `tuned`,
/// `hand` or the weights themselves.
///
/// ```
/// use mancala_ai::{Eval, Weights};
/// use mancala_engine::Variant;
///
/// assert_eq!(Eval::default(), Eval::Tuned);
/// assert_eq!(Eval::Hand.weights(Variant::Kalah), Weights::hand(Variant::Kalah));
/// let custom: Eval = "0:0:16:16:0:0:0:0".parse().unwrap();
/// assert_eq!(custom.weights(Variant::Oware), Weights::hand(Variant::Congkak));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Eval {
    /// [`Weights::tuned`] of the position's variant.
    #[default]
    Tuned,
    /// [`Weights::hand`] of the position's variant.
    Hand,
    /// These weights, whatever the variant (to try a tuning run's output).
    Custom(Weights),
}

impl Eval {
    /// The weights this choice stands for in games of `variant` (a custom set is the
    /// same for every variant).
    pub fn weights(self, variant: Variant) -> Weights {
        match self {
            Eval::Tuned => Weights::tuned(variant),
            Eval::Hand => Weights::hand(variant),
            Eval::Custom(w) => w,
        }
    }
}

impl FromStr for Eval {
    type Err = String;

    /// `tuned`, `hand`, or weights as [`Weights`] parses them.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "tuned" => Ok(Eval::Tuned),
            "hand" => Ok(Eval::Hand),
            _ => s
                .parse()
                .map(Eval::Custom)
                .map_err(|e| format!("an evaluation is 'tuned', 'hand' or weights: {e}")),
        }
    }
}

impl fmt::Display for Eval {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Eval::Tuned => f.write_str("tuned"),
            Eval::Hand => f.write_str("hand"),
            Eval::Custom(w) => w.fmt(f),
        }
    }
}

/// The features of `pos`, from the mover's view, in the order of [`FEATURE_NAMES`]
/// (the inputs of [`evaluate`] and of tuning). `capture`: also the largest capture
/// (one trial sowing per legal move, the costliest feature; 0 when `false`, as the
/// search skips it when its weight is 0).
pub fn features(pos: &Position, capture: bool) -> [i32; FEATURES] {
    let me = pos.side_to_move();
    let them = me.opponent();
    let h = pos.rules().houses() as i32;
    let total = pos.total_seeds() as i32;
    let mine = pos.houses(me);
    let theirs = pos.houses(them);
    let (mut row, mut weak, mut empty, mut lap) = (0, 0, 0, 0);
    for (&m, &t) in mine.iter().zip(theirs) {
        let (m, t) = (m as i32, t as i32);
        row += m - t;
        weak += (m == 1 || m == 2) as i32 - (t == 1 || t == 2) as i32;
        empty += (m == 0) as i32 - (t == 0) as i32;
        lap += (m >= 2 * h) as i32 - (t >= 2 * h) as i32;
    }
    let on_board = total - pos.store(me) as i32 - pos.store(them) as i32;
    // 0 when the board is empty, 16 at the start: how early in the game it is.
    let phase = 16 * on_board / total.max(1);
    let moves = pos.legal_moves();
    let best_capture = if capture {
        let before = store_difference(pos);
        moves
            .iter()
            .map(|house| {
                let mut child = *pos;
                child.play_unchecked(house);
                final_value(&child, me) - before
            })
            .max()
            .unwrap_or(0)
    } else {
        0
    };
    [
        1,
        moves.len() as i32,
        row * phase,
        row * (16 - phase),
        weak,
        empty,
        lap,
        best_capture,
    ]
}

/// The heuristic value of `pos` in whole seeds, from the view of the side to move: the
/// store difference plus the weighted features, rounded to the nearest seed. It never
/// leaves what the stores already prove (the mover ends with at least their store and
/// at most everything the opponent has not banked). The search uses it, in finer
/// eighths of a seed, where it stops looking ahead.
///
/// ```
/// use mancala_ai::{evaluate, Weights};
/// use mancala_engine::{Position, Rules, Side, Variant};
///
/// let rules = Rules::new(Variant::Kalah);
/// let pos = Position::from_parts(rules, [&[4; 6], &[4; 6]], [5, 2], Side::South).unwrap();
/// // Kalah's hand-set weights are all 0: the plain store difference.
/// assert_eq!(evaluate(&pos, &Weights::hand(Variant::Kalah)), 3);
/// ```
#[inline]
pub fn evaluate(pos: &Position, weights: &Weights) -> i32 {
    evaluate_in(pos, weights, 1)
}

/// [`evaluate`] in `1/per_seed` seed (the search's finer values).
#[inline]
pub(crate) fn evaluate_in(pos: &Position, weights: &Weights, per_seed: i32) -> i32 {
    let stores = store_difference(pos) * per_seed;
    if weights.is_zero() {
        // The plain store difference (Kalah's hand-set baseline, what published Kalah
        // programs use) needs no features: the fastest search.
        return stores;
    }
    let f = features(pos, weights.0[FEATURES - 1] != 0);
    let sum: i32 = f.iter().zip(weights.0).map(|(x, w)| x * w).sum::<i32>() * per_seed;
    // Rounded to the nearest unit, halves away from zero, so mirrored positions stay
    // mirrored.
    let extra = (sum + sum.signum() * WEIGHT_SCALE / 2) / WEIGHT_SCALE;
    let (lower, upper) = value_bounds(pos);
    (stores + extra).clamp(lower * per_seed, upper * per_seed)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Positions of a game in which each mover takes the `k`-th legal move, `k` cycling.
    fn positions(variant: Variant, plies: usize) -> Vec<Position> {
        let mut pos = Position::start(Rules::new(variant));
        let mut seen = Vec::new();
        for ply in 0..plies {
            if pos.is_over() {
                break;
            }
            seen.push(pos);
            let moves: Vec<_> = pos.legal_moves().iter().collect();
            pos.play_unchecked(moves[(ply * 7 + 3) % moves.len()]);
        }
        seen
    }

    /// A burnt house and an empty one are different positions to the table (rule 11:
    /// nothing is sown into a burnt house), and a match of rounds keeps its stores in
    /// the key (they refill the houses).
    #[test]
    fn the_key_of_a_round_tells_burnt_houses_and_stores_apart() {
        use mancala_engine::House;
        let rules = Rules::traditional_congkak().with_seeds(3).unwrap();
        let round = |burnt: Vec<House>, stores| {
            Position::from_round(
                rules,
                [&[3, 3, 3, 3, 3, 0, 0], &[3; 7]],
                stores,
                Side::South,
                2,
                [burnt, vec![]],
            )
            .unwrap()
        };
        let seven = House::new(7).unwrap();
        let six = House::new(6).unwrap();
        let one_burnt = round(vec![seven], [6, 0]);
        let two_burnt = round(vec![six, seven], [6, 0]);
        assert_ne!(
            perspective_key(&one_burnt, true),
            perspective_key(&two_burnt, true)
        );
        assert_ne!(one_burnt.key(), two_burnt.key());
        let other_stores = round(vec![six, seven], [5, 1]);
        assert_ne!(
            perspective_key(&two_burnt, true).0,
            perspective_key(&other_stores, true).0
        );
        assert_eq!(value_bounds(&two_burnt), (-42, 42));
    }

    /// The key is the board as the mover sees it: a position and its mirror image (the
    /// other player to move on the swapped board) share it and the store difference
    /// from the mover's view; boards that differ anywhere else do not share a key.
    #[test]
    fn a_position_and_its_mirror_share_a_key_and_other_boards_do_not() {
        for variant in [Variant::Kalah, Variant::Oware, Variant::Congkak] {
            let seen = positions(variant, 60);
            let mut keys = std::collections::HashMap::new();
            for pos in &seen {
                let me = pos.side_to_move();
                let mirror = Position::from_parts(
                    pos.rules(),
                    [pos.houses(me), pos.houses(me.opponent())],
                    [pos.store(me), pos.store(me.opponent())],
                    Side::South,
                )
                .unwrap();
                for additive in [true, false] {
                    let (key, base) = perspective_key(pos, additive);
                    assert_eq!(perspective_key(&mirror, additive), (key, base), "{pos:?}");
                }
                let (key, _) = perspective_key(pos, false);
                let board = (
                    mirror.houses(Side::South).to_vec(),
                    mirror.houses(Side::North).to_vec(),
                );
                let stores = (mirror.store(Side::South), mirror.store(Side::North));
                if let Some(other) = keys.insert(key, (board.clone(), stores)) {
                    assert_eq!(other, (board, stores), "two boards share key {key:x}");
                }
            }
            assert!(keys.len() > 20, "{variant:?}: {} boards", keys.len());
        }
    }

    /// `i32::MIN` is outside the range: its absolute value overflowed, so the old
    /// check let it through (a release build) or panicked (a debug one).
    #[test]
    fn weights_outside_the_range_are_refused_even_at_the_ends_of_i32() {
        for bad in [i32::MIN, i32::MAX, -100_001, 100_001] {
            let text = format!("{bad}:0:0:0:0:0:0:0");
            let error = text.parse::<Weights>().expect_err(&text);
            assert!(error.contains("-100000 to 100000"), "{error}");
        }
        let ends: Weights = "-100000:100000:0:0:0:0:0:0".parse().unwrap();
        assert_eq!(&ends.0[..2], &[-100_000, 100_000]);
        // A long part is quoted by its start only.
        let long = format!("{}:0:0:0:0:0:0:0", "9".repeat(1000));
        assert!(long.parse::<Weights>().unwrap_err().len() < 200);
    }

    #[test]
    fn finer_values_round_to_the_seed_values_and_keep_what_rounding_hid() {
        let weights = Weights::tuned(Variant::Oware);
        let mut told_apart = 0;
        let mut by_seed_value = std::collections::HashMap::new();
        for pos in positions(Variant::Oware, 120) {
            let seeds = evaluate(&pos, &weights);
            let eighths = evaluate_in(&pos, &weights, 8);
            assert!(
                (eighths - 8 * seeds).abs() <= 4,
                "{eighths}/8 is not {seeds} to the nearest seed"
            );
            let (lower, upper) = value_bounds(&pos);
            assert!((8 * lower..=8 * upper).contains(&eighths));
            // Positions the seed value ties, the finer value may order.
            if let Some(&other) = by_seed_value.get(&seeds) {
                told_apart += (other != eighths) as u32;
            }
            by_seed_value.insert(seeds, eighths);
        }
        assert!(told_apart > 10, "only {told_apart} ties told apart");
    }

    #[test]
    fn kalahs_plain_store_difference_is_the_same_at_any_grain() {
        let weights = Weights::hand(Variant::Kalah);
        for pos in positions(Variant::Kalah, 60) {
            assert_eq!(evaluate_in(&pos, &weights, 8), 8 * evaluate(&pos, &weights));
        }
    }
}
