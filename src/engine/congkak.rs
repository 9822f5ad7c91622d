//! Congkak (RULES.md, "Congkak" rules 1-9).

use super::kalah::capture_opposite;
use super::position::{Position, Side};
use super::sowing::sow;
use super::trace::Observer;

/// Plays a legal move: sow into the own store only (rule 2), relay from any occupied
/// house (3), extra turn (4), capture (5), stop in an empty opponent house (6).
#[inline]
pub(crate) fn play<O: Observer>(pos: &mut Position, house: u8, observer: &mut O) {
    let me = pos.to_move;
    let h = pos.h();
    let n = pos.rules.pits();
    let my_store = pos.store_index(me);
    let their_store = pos.store_index(me.opponent());
    let my_houses = pos.base(me)..pos.base(me) + h;

    let mut from = pos.house_index(me, house);
    let mut extra_turn = false;
    loop {
        let seeds = pos.pits[from];
        pos.pits[from] = 0;
        observer.pick_up(from, seeds);
        let last = sow(&mut pos.pits[..n], from, seeds, their_store, observer);
        if last == my_store {
            extra_turn = true;
            break;
        }
        if pos.pits[last] > 1 {
            // Relay (rule 3). Rule 9: each lap feeds the mover's store, so this ends.
            from = last;
            continue;
        }
        if my_houses.contains(&last) {
            capture_opposite(pos, last, my_store, observer);
        }
        break;
    }
    settle(pos, me, extra_turn, observer);
}

/// Rule 7: when the player to move has no seeds, the game ends and the other player
/// sweeps their own houses into their own store.
#[inline]
pub(crate) fn settle<O: Observer>(
    pos: &mut Position,
    mover: Side,
    extra_turn: bool,
    observer: &mut O,
) {
    let next = if extra_turn { mover } else { mover.opponent() };
    pos.to_move = next;
    if pos.side_is_empty(next) {
        let other = next.opponent();
        pos.sweep(other, other, observer);
        pos.over = true;
    }
}
