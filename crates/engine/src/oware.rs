//! Oware, Abapa rules (docs/rules.md, "Oware" rules 1-9). Rule 8 (cycles) needs the game's
//! history and lives in [`super::game::Game`] and in perft.

use super::house::House;
use super::layout::Layout;
use super::moves::MoveSet;
use super::position::{IllegalMove, Position, Side};
use super::report::EndReason;
use super::rules::GrandSlam;
use super::sowing;
use super::trace::{NoTrace, Observer};

/// Sows over the twelve houses, skipping both stores and, on every lap, the origin
/// house (rule 2), after picking up all seeds of `start`. Returns the last seed's house.
#[inline(always)]
fn sow<O: Observer>(pos: &mut Position, start: usize, observer: &mut O) -> usize {
    let mover = pos.to_move.index();
    let table = sowing::oware_table();
    // A lap passes 11 pits: the 12 houses less the one sown from (rule 2).
    sowing::pick_up_and_sow(&mut pos.pits, table, mover, start, 2 * 6 - 1, observer).pit as usize
}

/// The capture chain of rule 3 ending at `last`: the run of opponent houses holding 2
/// or 3, walking clockwise from `last`. Returns the first house of the run and the
/// seeds in it; an empty run when `last` does not capture.
#[inline(always)]
fn capture_chain<const H: usize>(pos: &Position, last: usize, opponent: Side) -> (usize, u32) {
    let base = Layout::<H>::base(opponent);
    if !Layout::<H>::is_house_of(opponent, last) {
        return (last + 1, 0);
    }
    let mut first = last + 1;
    let mut seeds = 0u32;
    while first > base && matches!(pos.pits[first - 1], 2 | 3) {
        first -= 1;
        seeds += pos.pits[first] as u32;
    }
    (first, seeds)
}

/// Plays a legal move: sow (rule 2), capture (3) with the grand-slam option (4).
#[inline(always)]
pub(crate) fn play<const H: usize, O: Observer>(
    pos: &mut Position,
    house: House,
    observer: &mut O,
) {
    let me = pos.to_move;
    let them = me.opponent();
    let start = Layout::<H>::base(me) + house.offset();
    let last = sow(pos, start, observer);

    let (first, captured) = capture_chain::<H>(pos, last, them);
    if captured > 0 {
        let grand_slam = captured == pos.side_seeds(them);
        if grand_slam && pos.rules.grand_slam() != GrandSlam::CaptureAll {
            observer.grand_slam_spared();
        } else {
            let store = Layout::<H>::store(me);
            for k in (first..=last).rev() {
                observer.capture(k, pos.pits[k], store);
                pos.pits[store] += pos.pits[k];
                pos.pits[k] = 0;
            }
        }
    }
    settle::<H, O>(pos, me, captured > 0, observer);
}

/// Does playing `house` capture every seed of the opponent?
fn is_grand_slam(pos: &Position, house: House) -> bool {
    let mut copy = *pos;
    let start = copy.house_index(copy.to_move, house);
    let last = sow(&mut copy, start, &mut NoTrace);
    let them = copy.to_move.opponent();
    let (_, captured) = capture_chain::<6>(&copy, last, them);
    captured > 0 && captured == copy.side_seeds(them)
}

/// Houses of the side to move whose sowing reaches the opponent's row (rule 5).
#[inline]
fn feeding_moves(pos: &Position, side: Side) -> MoveSet {
    let h = pos.h();
    let base = pos.base(side);
    let mut bits = 0u16;
    for k in 0..h {
        // From house k+1 there are h-1-k own houses left before the opponent's row.
        bits |= ((pos.pits[base + k] as usize > h - 1 - k) as u16) << k;
    }
    MoveSet::from_bits(bits)
}

#[inline]
pub(crate) fn legal_moves(pos: &Position) -> MoveSet {
    let mut moves = pos.non_empty_houses();
    if pos.side_is_empty(pos.to_move.opponent()) {
        moves = MoveSet::from_bits(moves.bits() & feeding_moves(pos, pos.to_move).bits());
    }
    if pos.rules.grand_slam() == GrandSlam::Forbidden && !moves.is_empty() {
        let mut slams = MoveSet::EMPTY;
        for house in moves {
            if is_grand_slam(pos, house) {
                slams.insert(house);
            }
        }
        // Rule 4, forbidden: only when some other move exists.
        if slams != moves {
            moves = MoveSet::from_bits(moves.bits() & !slams.bits());
        }
    }
    moves
}

/// The reason a non-empty house is not a legal move.
pub(crate) fn why_illegal(pos: &Position, house: House) -> IllegalMove {
    if pos.side_is_empty(pos.to_move.opponent()) && !feeding_moves(pos, pos.to_move).contains(house)
    {
        IllegalMove::MustFeed { house }
    } else {
        IllegalMove::GrandSlam { house }
    }
}

/// After `mover` moved: more than half wins at once (rule 6), a player left without
/// seeds ends the game (rule 7), an opponent who cannot be fed ends it (rule 5).
#[inline(always)]
/// `stores_changed`: only a capture can bring a store past half, so the hot path skips
/// rule 6 after a quiet move.
pub(crate) fn settle<const H: usize, O: Observer>(
    pos: &mut Position,
    mover: Side,
    stores_changed: bool,
    observer: &mut O,
) {
    let next = mover.opponent();
    pos.to_move = next;
    if stores_changed && past_half::<H>(pos) {
        pos.end = Some(EndReason::Majority);
    } else if Layout::<H>::row_is_empty(&pos.pits, next) {
        pos.sweep(mover, mover, observer);
        pos.end = Some(EndReason::NoSeeds {
            side: next,
            swept_to: mover,
        });
    } else if Layout::<H>::row_is_empty(&pos.pits, mover) && feeding_moves(pos, next).is_empty() {
        pos.sweep(next, next, observer);
        pos.end = Some(EndReason::CannotFeed { side: next });
    }
}

/// Rule 6: a store holds more than half the seeds, or both hold exactly half.
#[inline(always)]
fn past_half<const H: usize>(pos: &Position) -> bool {
    let total = pos.total as u32;
    let s = 2 * pos.pits[Layout::<H>::store(Side::South)] as u32;
    let n = 2 * pos.pits[Layout::<H>::store(Side::North)] as u32;
    s > total || n > total || (s == total && n == total)
}
