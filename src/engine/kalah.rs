//! Kalah (RULES.md, "Kalah" rules 1-6).

use super::position::{Position, Side};
use super::sowing::sow;
use super::trace::Observer;

/// Plays a legal move: sow (rule 2), extra turn (3), capture (4), end and sweep (5).
#[inline]
pub(crate) fn play<O: Observer>(pos: &mut Position, house: u8, observer: &mut O) {
    let me = pos.to_move;
    let h = pos.h();
    let n = pos.rules.pits();
    let start = pos.house_index(me, house);
    let my_store = pos.store_index(me);
    let their_store = pos.store_index(me.opponent());
    let seeds = pos.pits[start];
    pos.pits[start] = 0;
    observer.pick_up(start, seeds);
    let last = sow(&mut pos.pits[..n], start, seeds, their_store, observer);

    let extra_turn = last == my_store;
    let my_houses = pos.base(me)..pos.base(me) + h;
    if my_houses.contains(&last) && pos.pits[last] == 1 {
        capture_opposite(pos, last, my_store, observer);
    }
    settle(pos, me, extra_turn, observer);
}

/// Kalah rule 4 and Congkak rule 5: the last seed landed in an empty own house.
#[inline(always)]
pub(crate) fn capture_opposite<O: Observer>(
    pos: &mut Position,
    last: usize,
    my_store: usize,
    observer: &mut O,
) {
    let opposite = 2 * pos.h() - last;
    let taken = pos.pits[opposite];
    if taken > 0 || pos.rules.empty_capture {
        if taken > 0 {
            observer.capture(opposite, taken, my_store);
        }
        observer.capture(last, 1, my_store);
        pos.pits[my_store] += taken + 1;
        pos.pits[opposite] = 0;
        pos.pits[last] = 0;
    }
}

/// Rule 5: if either row is empty the game ends and each player sweeps their own row.
#[inline]
pub(crate) fn settle<O: Observer>(
    pos: &mut Position,
    mover: Side,
    extra_turn: bool,
    observer: &mut O,
) {
    pos.to_move = if extra_turn { mover } else { mover.opponent() };
    if pos.side_is_empty(Side::South) || pos.side_is_empty(Side::North) {
        for side in Side::BOTH {
            pos.sweep(side, side, observer);
        }
        pos.over = true;
    }
}
