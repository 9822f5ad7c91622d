//! The computer player behind the controller's [`Brain`] trait.
//!
//! Until `crate::ai` (issue 3) is part of the crate this is a one-move lookahead: it
//! takes the move that leaves it the most seeds in store relative to the opponent, and
//! prefers extra turns. The controller, its worker thread and the tests do not change
//! when the search replaces it.

use super::brain::Brain;
use crate::engine::Position;
use std::sync::atomic::AtomicBool;

#[derive(Clone, Copy, Debug, Default)]
pub struct Computer;

/// The move with the best store balance one move ahead; the lowest house on ties.
fn greedy(position: &Position) -> u8 {
    let me = position.side_to_move();
    let value = |house: u8| {
        let next = position.play(house as u32).expect("a legal move plays");
        let balance = next.store(me) as i32 - next.store(me.opponent()) as i32;
        let again = (!next.is_over() && next.side_to_move() == me) as i32;
        2 * balance + again
    };
    let mut best = None;
    for house in position.legal_moves() {
        let v = value(house);
        if best.is_none_or(|(_, bv)| v > bv) {
            best = Some((house, v));
        }
    }
    best.map_or(1, |(house, _)| house)
}

impl Brain for Computer {
    fn choose_move(&self, position: &Position, _level: u8, _cancel: &AtomicBool) -> u8 {
        greedy(position)
    }

    fn hint(&self, position: &Position, _cancel: &AtomicBool) -> u8 {
        greedy(position)
    }
}
