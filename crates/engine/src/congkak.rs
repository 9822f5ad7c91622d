//! Congkak (docs/rules.md, "Congkak" rules 1-9).

use super::house::House;
use super::kalah::capture_opposite;
use super::layout::Layout;
use super::position::{Position, Side};
use super::report::EndReason;
use super::sowing::{kalah_like_table, pick_up_and_sow};
use super::trace::Observer;

/// Plays a legal move: sow into the own store only (rule 2), relay from any occupied
/// house (3), extra turn (4), capture (5), stop in an empty opponent house (6).
#[inline(always)]
pub(crate) fn play<const H: usize, O: Observer>(
    pos: &mut Position,
    house: House,
    observer: &mut O,
) {
    let me = pos.to_move;
    let table = kalah_like_table(H);
    let mut from = Layout::<H>::base(me) + house.offset();
    let mut extra_turn = false;
    loop {
        let last = pick_up_and_sow(&mut pos.pits, table, me.index(), from, 2 * H + 1, observer);
        if last.own_store {
            extra_turn = true;
            break;
        }
        let last_pit = last.pit as usize;
        if pos.pits[last_pit] > 1 {
            // Relay (rule 3). Rule 9: each lap feeds the mover's store, so this ends.
            from = last_pit;
            continue;
        }
        if last.own_house {
            capture_opposite::<H, O>(pos, me, last_pit, observer);
        }
        break;
    }
    settle::<H, O>(pos, me, extra_turn, observer);
}

/// Rule 7: when the player to move has no seeds, the game ends and the other player
/// sweeps their own houses into their own store.
#[inline(always)]
pub(crate) fn settle<const H: usize, O: Observer>(
    pos: &mut Position,
    mover: Side,
    extra_turn: bool,
    observer: &mut O,
) {
    let next = if extra_turn { mover } else { mover.opponent() };
    pos.to_move = next;
    if Layout::<H>::row_is_empty(&pos.pits, next) {
        let other = next.opponent();
        pos.sweep(other, other, observer);
        pos.end = Some(EndReason::NoSeeds {
            side: next,
            swept_to: other,
        });
    }
}
