//! Congkak (docs/rules.md, "Congkak" rules 1-12; the simultaneous first move of rule 10
//! is [`crate::Lockstep`]).

use super::house::House;
use super::kalah::capture_opposite;
use super::layout::Layout;
use super::position::{Position, Side, MAX_PITS};
use super::report::EndReason;
use super::sowing::{kalah_like_table, pick_up_and_sow, Landing};
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
    let mut from = Layout::<H>::base(me) + house.offset();
    let mut extra_turn = false;
    loop {
        let last = sow::<H, O>(pos, me, from, observer);
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

/// Picks up the seeds of pit `from` and sows them for `me` (rule 2), passing over burnt
/// houses (rule 11). Without burnt houses this is the table-driven sowing of Kalah.
#[inline(always)]
pub(crate) fn sow<const H: usize, O: Observer>(
    pos: &mut Position,
    me: Side,
    from: usize,
    observer: &mut O,
) -> Landing {
    if pos.has_burnt() {
        return sow_around_burnt::<H, O>(pos, me, from, observer);
    }
    let table = kalah_like_table(H);
    pick_up_and_sow(&mut pos.pits, table, me.index(), from, 2 * H + 1, observer)
}

/// Seed by seed: burnt houses make every lap a different length, which the tables of
/// whole laps do not know. Only later rounds of a match take this path.
#[cold]
fn sow_around_burnt<const H: usize, O: Observer>(
    pos: &mut Position,
    me: Side,
    from: usize,
    observer: &mut O,
) -> Landing {
    let seeds = pos.pits[from];
    pos.pits[from] = 0;
    observer.pick_up(from, seeds);
    let passed_over = pos.burnt | 1 << Layout::<H>::store(me.opponent());
    let mut at = from;
    for _ in 0..seeds {
        loop {
            at = (at + 1) % (2 * H + 2);
            if passed_over & (1 << at) == 0 {
                break;
            }
        }
        pos.pits[at] += 1;
        observer.drop_seed(at);
    }
    debug_assert!(at < MAX_PITS);
    Landing::at(at, Layout::<H>::base(me), H)
}

/// Rule 7: when the player to move has no seeds, the round ends and the other player
/// sweeps their own houses into their own store. Without rounds that ends the game;
/// with them, rule 12 starts the next round or ends the match.
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
        if pos.rules.plays_rounds() {
            next_round::<H, O>(pos, next, observer);
        } else {
            pos.end = Some(EndReason::NoSeeds {
                side: next,
                swept_to: other,
            });
        }
    }
}

/// Rule 12: every seed is in a store. A player whose store cannot fill one house loses
/// the match; otherwise each fills their houses from their own store, `seeds` a house
/// from house 1 up, burns the houses that cannot be filled, keeps the rest in the store,
/// and the winner of the round (on equal stores, `stuck`, who could not move) starts.
#[cold]
fn next_round<const H: usize, O: Observer>(pos: &mut Position, stuck: Side, observer: &mut O) {
    let seeds = pos.rules.seeds();
    let stores = pos.stores();
    if let Some(loser) = Side::BOTH.into_iter().find(|s| stores[s.index()] < seeds) {
        pos.end = Some(EndReason::MatchLost { side: loser });
        return;
    }
    let starter = match stores[0].cmp(&stores[1]) {
        std::cmp::Ordering::Greater => Side::South,
        std::cmp::Ordering::Less => Side::North,
        std::cmp::Ordering::Equal => stuck,
    };
    pos.round = pos.round.saturating_add(1);
    observer.new_round(pos.round);
    pos.burnt = 0;
    for side in Side::BOTH {
        let store = Layout::<H>::store(side);
        for house in Layout::<H>::base(side)..store {
            if pos.pits[store] >= seeds {
                pos.pits[store] -= seeds;
                pos.pits[house] = seeds;
                observer.refill(store, house, seeds);
            } else {
                pos.burnt |= 1 << house;
                observer.burn(house);
            }
        }
    }
    pos.to_move = starter;
}
