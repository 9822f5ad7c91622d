//! What the board shows: seeds per pit (mid-animation or settled), which houses the
//! person may tap, the last move's marks (its house, where its seeds fell, what it
//! captured), the pit the animation touches and the hint. Pure and
//! Slint-free, so the rules of what is lit can be tested without a window; the game view
//! adapter turns it into the UI's `PitView`s.

use crate::app::game::last_move::LastMove;
use crate::engine::{House, MoveSet, Pit, Side};

/// One house as the board draws it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HouseView {
    pub seeds: u8,
    /// The player to move may sow from here (a legal move on a person's turn).
    pub playable: bool,
    /// The last move was sown from this house.
    pub last_move: bool,
    /// Seeds the last move dropped here.
    pub sown: u16,
    /// Seeds the last move captured from here.
    pub captured: u8,
    /// A Congkak relay took this house's seeds up again and sowed on.
    pub relayed: bool,
    /// The animation is dropping a seed here or taking seeds out.
    pub active: bool,
    /// The hint's suggestion.
    pub hinted: bool,
    /// Burnt for this round (Congkak with rounds): out of play, never lit.
    pub burnt: bool,
}

/// The whole board as it should look now.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BoardView {
    /// Houses 1..H of each side, indexed by `Side::index()`.
    pub houses: [Vec<HouseView>; 2],
    pub stores: [u8; 2],
    pub store_active: [bool; 2],
    /// Seeds the last move dropped into each store.
    pub store_sown: [u16; 2],
    /// Seeds the last move captured into each store.
    pub store_captured: [u32; 2],
}

/// The facts the board is drawn from.
pub struct BoardFacts<'a> {
    pub houses: u8,
    /// Pits in `Position::pits` order, as they should look now.
    pub pits: &'a [u8],
    /// The pit each sowing hand touched last (two in Congkak's simultaneous first move).
    pub active: [Option<usize>; 2],
    /// Houses the person may tap now, of `mover`.
    pub playable: MoveSet,
    pub mover: Side,
    /// The last move's marks (during an animation, of the steps shown so far).
    pub last_move: Option<&'a LastMove>,
    pub hint: Option<House>,
    /// Each side's burnt houses.
    pub burnt: [MoveSet; 2],
}

pub fn board_view(facts: &BoardFacts<'_>) -> BoardView {
    let pit_view = |side: Side, house: House| {
        let index = Pit::House(side, house).index(facts.houses);
        let own = side == facts.mover;
        let last = facts.last_move;
        let burnt = facts.burnt[side.index()].contains(house);
        HouseView {
            seeds: facts.pits[index],
            playable: own && !burnt && facts.playable.contains(house),
            last_move: last.is_some_and(|m| (m.mover, m.house) == (side, house)),
            sown: last.map_or(0, |m| m.sown[index]),
            captured: last.map_or(0, |m| m.captured[index]),
            relayed: last.is_some_and(|m| m.relayed[index]),
            active: facts.active.contains(&Some(index)),
            hinted: own && facts.hint == Some(house),
            burnt,
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
        store_active: Side::BOTH.map(|side| facts.active.contains(&Some(store(side)))),
        store_sown: Side::BOTH.map(|side| facts.last_move.map_or(0, |m| m.sown[store(side)])),
        store_captured: Side::BOTH.map(|side| {
            facts
                .last_move
                .filter(|m| m.mover == side)
                .map_or(0, LastMove::captured_total)
        }),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_burnt_house_is_never_lit_and_both_hands_are_active() {
        let start = Position::start(Rules::traditional_congkak());
        let burnt: MoveSet = [h(6), h(7)].into_iter().collect();
        let view = board_view(&BoardFacts {
            houses: 7,
            pits: start.pits(),
            active: [Some(0), Some(8)],
            playable: House::all(7).collect(),
            mover: Side::North,
            last_move: None,
            hint: None,
            burnt: [MoveSet::EMPTY, burnt],
        });
        let north = &view.houses[1];
        assert!(north[5].burnt && north[6].burnt && !north[4].burnt);
        assert!(!north[5].playable && !north[6].playable && north[4].playable);
        assert!(view.houses[0][0].active && north[0].active);
    }

    use super::*;
    use crate::engine::{Position, Rules, Variant};

    fn h(number: u8) -> House {
        House::new(number).unwrap()
    }

    #[test]
    fn only_the_movers_legal_houses_are_lit_and_marks_land_on_their_pits() {
        let start = Position::start(Rules::new(Variant::Kalah));
        let pos = start.play(h(3)).unwrap();
        let last = LastMove::replayed(&start, h(3)).unwrap();
        let view = board_view(&BoardFacts {
            houses: 6,
            pits: pos.pits(),
            active: [Some(13), None],
            playable: [h(1), h(2), h(3)].into_iter().collect(),
            mover: Side::North,
            last_move: Some(&last),
            hint: Some(h(3)),
            burnt: [MoveSet::EMPTY; 2],
        });
        assert!(view.houses[1][0].playable && !view.houses[0][0].playable);
        assert!(view.houses[0][2].last_move);
        assert_eq!(view.houses[0][2].seeds, 0);
        assert!(view.houses[1][2].hinted && !view.houses[0][2].hinted);
        assert_eq!(view.store_active, [false, true]);
        assert_eq!(view.stores, [1, 0]);
        // South 3's four seeds: South 4, 5, 6 and South's store.
        let sown: Vec<u16> = view.houses[0].iter().map(|house| house.sown).collect();
        assert_eq!(sown, [0, 0, 0, 1, 1, 1]);
        assert!(view.houses[1].iter().all(|house| house.sown == 0));
        assert_eq!(view.store_sown, [1, 0]);
        assert_eq!(view.store_captured, [0, 0]);
    }

    #[test]
    fn a_capture_marks_the_houses_taken_from_and_the_movers_store() {
        // Kalah: South 5, North 1, South 1 captures North 2's six with its seed in South 5.
        let mut pos = Position::start(Rules::new(Variant::Kalah));
        for house in [5, 1] {
            pos = pos.play(h(house)).unwrap();
        }
        let last = LastMove::replayed(&pos, h(1)).unwrap();
        let after = pos.play(h(1)).unwrap();
        let view = board_view(&BoardFacts {
            houses: 6,
            pits: after.pits(),
            active: [None; 2],
            playable: MoveSet::EMPTY,
            mover: Side::North,
            last_move: Some(&last),
            hint: None,
            burnt: [MoveSet::EMPTY; 2],
        });
        assert_eq!(view.houses[0][4].captured, 1);
        assert_eq!(view.houses[1][1].captured, 6);
        assert_eq!(view.houses[1][1].seeds, 0);
        assert_eq!(view.store_captured, [7, 0]);
        assert!(view.houses[0][0].last_move);
        assert!(
            !view.houses[1][0].last_move,
            "the row of the side that moved"
        );
    }
}
