//! How the search sees a position: a key from the mover's point of view, hard bounds
//! on the final result, and a heuristic value at the search horizon, per variant.
//!
//! Every value is in seeds, from the view of the side to move: the final store
//! difference, mover minus opponent, that perfect play (or the heuristic) expects.

use crate::engine::{Position, Side, Variant};

/// The final value of a finished game, from the view of `me`.
#[inline]
pub fn final_value(pos: &Position, me: Side) -> i32 {
    pos.store(me) as i32 - pos.store(me.opponent()) as i32
}

/// Store difference of the side to move.
#[inline]
pub(crate) fn store_difference(pos: &Position) -> i32 {
    final_value(pos, pos.side_to_move())
}

/// Does the value of a position depend on its stores only through their difference?
/// True for Kalah and Congkak, where the game ends by emptied rows alone; false for
/// Oware, where "more than half the seeds" ends it.
#[inline]
pub(crate) fn stores_are_additive(variant: Variant) -> bool {
    variant != Variant::Oware
}

/// The transposition key (the board as the mover sees it: own houses first) and the
/// part of the value the key leaves out (the store difference, where it is additive).
#[inline]
pub(crate) fn perspective_key(pos: &Position) -> (u128, i32) {
    let me = pos.side_to_move();
    let mut bytes = [0u8; 16];
    let h = pos.rules().houses() as usize;
    bytes[..h].copy_from_slice(pos.houses(me));
    bytes[h..2 * h].copy_from_slice(pos.houses(me.opponent()));
    if stores_are_additive(pos.variant()) {
        (u128::from_le_bytes(bytes), store_difference(pos))
    } else {
        bytes[2 * h] = pos.store(me);
        bytes[2 * h + 1] = pos.store(me.opponent());
        (u128::from_le_bytes(bytes), 0)
    }
}

/// Bounds no line of play can leave: seeds in a store stay there, so the mover ends
/// with at least their store and at most everything the opponent has not banked.
#[inline]
pub(crate) fn value_bounds(pos: &Position) -> (i32, i32) {
    let me = pos.side_to_move();
    let total = pos.total_seeds() as i32;
    let mine = pos.store(me) as i32;
    let theirs = pos.store(me.opponent()) as i32;
    (2 * mine - total, total - 2 * theirs)
}

#[inline]
fn row_sum(pos: &Position, side: Side) -> i32 {
    pos.houses(side).iter().map(|&s| s as i32).sum()
}

/// The heuristic value at the horizon, in seeds, from the mover's view. It stays inside
/// `value_bounds` so that bound pruning remains sound.
pub fn evaluate(pos: &Position) -> i32 {
    let me = pos.side_to_move();
    let them = me.opponent();
    let stores = store_difference(pos);
    let extra = match pos.variant() {
        // Kalah: the store difference alone. Seeds on one's own row do end there if the
        // other row empties first, but they are also what the opponent captures; the
        // plain difference searches faster (integer values repeat, so more cutoffs) and
        // is what published Kalah programs use.
        Variant::Kalah => 0,
        // Congkak: the player who still has seeds when the other runs out keeps them,
        // so seeds on one's own side are worth a quarter seed each.
        Variant::Congkak => (row_sum(pos, me) - row_sum(pos, them)) / 4,
        // Oware: opponent houses holding 1 or 2 seeds are targets (a sown seed makes
        // them 2 or 3); our own such houses are weaknesses.
        Variant::Oware => {
            let targets = |side: Side| {
                pos.houses(side)
                    .iter()
                    .filter(|&&s| s == 1 || s == 2)
                    .count() as i32
            };
            (targets(them) - targets(me)) / 2
        }
    };
    let (lower, upper) = value_bounds(pos);
    (stores + extra).clamp(lower, upper)
}
