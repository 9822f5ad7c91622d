//! Kalah (docs/rules.md, "Kalah" rules 1-6).

use super::house::House;
use super::layout::Layout;
use super::position::{Position, Side};
use super::report::EndReason;
use super::sowing::{kalah_like_table, pick_up_and_sow};
use super::trace::Observer;

/// Plays a legal move: sow (rule 2), extra turn (3), capture (4), end and sweep (5).
#[inline(always)]
pub(crate) fn play<const H: usize, O: Observer>(
    pos: &mut Position,
    house: House,
    observer: &mut O,
) {
    let me = pos.to_move;
    let start = Layout::<H>::base(me) + house.offset();
    let table = kalah_like_table(H);
    let last = pick_up_and_sow(&mut pos.pits, table, me.index(), start, 2 * H + 1, observer);

    let last_pit = last.pit as usize;
    if last.own_house && pos.pits[last_pit] == 1 {
        capture_opposite::<H, O>(pos, me, last_pit, observer);
    }
    let extra_turn = last.own_store;
    settle::<H, O>(pos, me, extra_turn, observer);
}

/// Kalah rule 4 and Congkak rule 5: the last seed landed in an empty own house.
#[inline(always)]
pub(crate) fn capture_opposite<const H: usize, O: Observer>(
    pos: &mut Position,
    me: Side,
    last: usize,
    observer: &mut O,
) {
    let opposite = Layout::<H>::opposite(last);
    let my_store = Layout::<H>::store(me);
    let taken = pos.pits[opposite];
    if taken > 0 || pos.rules.empty_capture() {
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
#[inline(always)]
pub(crate) fn settle<const H: usize, O: Observer>(
    pos: &mut Position,
    mover: Side,
    extra_turn: bool,
    observer: &mut O,
) {
    let next = if extra_turn { mover } else { mover.opponent() };
    pos.to_move = next;
    if Layout::<H>::row_is_empty(&pos.pits, Side::South)
        || Layout::<H>::row_is_empty(&pos.pits, Side::North)
    {
        end::<H, O>(pos, next, observer);
    }
}

/// The end of rule 5, out of the hot path: the sweeps and the reason.
#[cold]
#[inline(never)]
fn end<const H: usize, O: Observer>(pos: &mut Position, next: Side, observer: &mut O) {
    let empty = if Layout::<H>::row_is_empty(&pos.pits, next) {
        next
    } else {
        next.opponent()
    };
    for side in Side::BOTH {
        pos.sweep(side, side, observer);
    }
    pos.end = Some(EndReason::NoSeeds {
        side: empty,
        swept_to: empty.opponent(),
    });
}
