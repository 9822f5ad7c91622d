//! What the board shows: seeds per pit (mid-animation or settled), which houses the
//! person may tap, the last move, the pit the animation touches and the hint. Pure and
//! Slint-free, so the rules of what is lit can be tested without a window; the game view
//! adapter turns it into the UI's `PitView`s.

use crate::engine::{House, MoveSet, Pit, Side};

/// One house as the board draws it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HouseView {
    pub seeds: u8,
    /// The player to move may sow from here (a legal move on a person's turn).
    pub playable: bool,
    /// The last move was sown from this house.
    pub last_move: bool,
    /// The animation is dropping a seed here or taking seeds out.
    pub active: bool,
    /// The hint's suggestion.
    pub hinted: bool,
}

/// The whole board as it should look now.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BoardView {
    /// Houses 1..H of each side, indexed by `Side::index()`.
    pub houses: [Vec<HouseView>; 2],
    pub stores: [u8; 2],
    pub store_active: [bool; 2],
}

/// The facts the board is drawn from.
pub struct BoardFacts<'a> {
    pub houses: u8,
    /// Pits in `Position::pits` order, as they should look now.
    pub pits: &'a [u8],
    /// The pit the animation touched last.
    pub active: Option<usize>,
    /// Houses the person may tap now, of `mover`.
    pub playable: MoveSet,
    pub mover: Side,
    pub last_move: Option<(Side, House)>,
    pub hint: Option<House>,
}

pub fn board_view(facts: &BoardFacts<'_>) -> BoardView {
    let pit_view = |side: Side, house: House| {
        let index = Pit::House(side, house).index(facts.houses);
        let own = side == facts.mover;
        HouseView {
            seeds: facts.pits[index],
            playable: own && facts.playable.contains(house),
            last_move: facts.last_move == Some((side, house)),
            active: facts.active == Some(index),
            hinted: own && facts.hint == Some(house),
        }
    };
    let houses = Side::BOTH.map(|side| {
        House::all(facts.houses)
            .map(|h| pit_view(side, h))
            .collect()
    });
    let store = |side: Side| Pit::Store(side).index(facts.houses);
    BoardView {
        houses,
        stores: Side::BOTH.map(|side| facts.pits[store(side)]),
        store_active: Side::BOTH.map(|side| facts.active == Some(store(side))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Position, Rules, Variant};

    fn h(number: u8) -> House {
        House::new(number).unwrap()
    }

    #[test]
    fn only_the_movers_legal_houses_are_lit_and_marks_land_on_their_pits() {
        let pos = Position::start(Rules::new(Variant::Kalah))
            .play(h(3))
            .unwrap();
        let view = board_view(&BoardFacts {
            houses: 6,
            pits: pos.pits(),
            active: Some(13),
            playable: [h(1), h(2), h(3)].into_iter().collect(),
            mover: Side::North,
            last_move: Some((Side::South, h(3))),
            hint: Some(h(3)),
        });
        assert!(view.houses[1][0].playable && !view.houses[0][0].playable);
        assert!(view.houses[0][2].last_move);
        assert_eq!(view.houses[0][2].seeds, 0);
        assert!(view.houses[1][2].hinted && !view.houses[0][2].hinted);
        assert_eq!(view.store_active, [false, true]);
        assert_eq!(view.stores, [1, 0]);
    }
}
