//! What the last move did, as the board marks it: the house it started from, every pit
//! its seeds fell into (and how many), the houses a Congkak relay took up again and the
//! houses it captured from. Read off the engine's move steps, so the marks and the
//! animation tell the same story; pure and Slint-free. The board keeps the marks until
//! the next move, so after the computer's move the player can see where its seeds went.

use crate::engine::{Game, House, Pit, Position, Side, Step};

/// The marks one move leaves on the board. Per-pit lists are in `Position::pits` order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LastMove {
    pub mover: Side,
    /// The house the move was played from.
    pub house: House,
    /// Seeds dropped into each pit by the sowing (a long Congkak relay can drop more
    /// than a hundred into a store, so not a `u8`).
    pub sown: Vec<u16>,
    /// Seeds taken out of each house by captures (into the mover's store).
    pub captured: Vec<u8>,
    /// Houses the sowing took up again and went on from (Congkak relays).
    pub relayed: Vec<bool>,
}

impl LastMove {
    /// The marks of the steps shown so far of `house` played by `mover` on a board of
    /// `houses` houses a side (all of them once the move has been shown). End-of-game
    /// sweeps are not marks of the move: the banner tells them.
    pub fn from_steps(mover: Side, house: House, houses: u8, steps: &[Step]) -> LastMove {
        let pits = 2 * houses as usize + 2;
        let mut marks = LastMove {
            mover,
            house,
            sown: vec![0; pits],
            captured: vec![0; pits],
            relayed: vec![false; pits],
        };
        let mut pick_ups = 0;
        for step in steps {
            match *step {
                Step::PickUp { pit, .. } => {
                    if pick_ups > 0 {
                        marks.relayed[pit.index(houses)] = true;
                    }
                    pick_ups += 1;
                }
                Step::Drop { pit } => {
                    let sown = &mut marks.sown[pit.index(houses)];
                    *sown = sown.saturating_add(1);
                }
                Step::Capture { from, seeds, .. } => {
                    let taken = &mut marks.captured[from.index(houses)];
                    *taken = taken.saturating_add(seeds);
                }
                Step::Sweep { .. }
                | Step::GrandSlamSpared
                | Step::NewRound { .. }
                | Step::Refill { .. }
                | Step::Burn { .. }
                | Step::Hand { .. } => {}
            }
        }
        marks
    }

    /// The marks of `house` played from `before` (a settled board: a resumed game, after
    /// undo or redo); `None` if the move is not legal there.
    pub fn replayed(before: &Position, house: House) -> Option<LastMove> {
        let report = Game::from_start(*before).play(house).ok()?;
        let houses = before.rules().houses();
        Some(LastMove::from_steps(
            report.mover,
            report.house,
            houses,
            &report.steps,
        ))
    }

    /// Seeds captured into the mover's store, in all.
    pub fn captured_total(&self) -> u32 {
        self.captured.iter().map(|&seeds| seeds as u32).sum()
    }

    /// Seeds sown into `pit`.
    pub fn sown_into(&self, pit: Pit, houses: u8) -> u16 {
        self.sown[pit.index(houses)]
    }

    /// Seeds captured from `pit`.
    pub fn captured_from(&self, pit: Pit, houses: u8) -> u8 {
        self.captured[pit.index(houses)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Rules, Variant};

    fn h(number: u8) -> House {
        House::new(number).unwrap()
    }

    /// The marks of the last move of `record` (house numbers) from the start of `rules`.
    fn last_of(rules: Rules, record: &[u8]) -> LastMove {
        let mut game = Game::new(rules);
        let (last, before) = record.split_last().unwrap();
        for &number in before {
            game.play(h(number)).unwrap();
        }
        LastMove::replayed(game.position(), h(*last)).unwrap()
    }

    fn south(house: u8) -> Pit {
        Pit::House(Side::South, h(house))
    }

    fn north(house: u8) -> Pit {
        Pit::House(Side::North, h(house))
    }

    /// The pits that got seeds, with how many, in board order.
    fn sown(marks: &LastMove, houses: u8) -> Vec<(Pit, u16)> {
        (0..marks.sown.len())
            .map(|i| (Pit::at(i, houses), marks.sown[i]))
            .filter(|&(_, seeds)| seeds > 0)
            .collect()
    }

    fn captured(marks: &LastMove, houses: u8) -> Vec<(Pit, u8)> {
        (0..marks.captured.len())
            .map(|i| (Pit::at(i, houses), marks.captured[i]))
            .filter(|&(_, seeds)| seeds > 0)
            .collect()
    }

    #[test]
    fn a_kalah_capture_marks_the_sown_houses_and_both_houses_captured_from() {
        // South 5, North 1, then South 1: four seeds into South 2..5; South 5 was empty,
        // so its seed and North 2's six go to South's store.
        let marks = last_of(Rules::new(Variant::Kalah), &[5, 1, 1]);
        assert_eq!((marks.mover, marks.house), (Side::South, h(1)));
        assert_eq!(
            sown(&marks, 6),
            vec![(south(2), 1), (south(3), 1), (south(4), 1), (south(5), 1)]
        );
        assert_eq!(captured(&marks, 6), vec![(south(5), 1), (north(2), 6)]);
        assert_eq!(marks.captured_total(), 7);
        assert_eq!(marks.sown_into(Pit::Store(Side::South), 6), 0);
        assert!(!marks.relayed.contains(&true));
    }

    #[test]
    fn an_extra_turn_marks_the_drop_into_the_movers_store() {
        // South 3 holds four: South 4, 5, 6 and the store.
        let marks = last_of(Rules::new(Variant::Kalah), &[3]);
        assert_eq!((marks.mover, marks.house), (Side::South, h(3)));
        assert_eq!(
            sown(&marks, 6),
            vec![
                (south(4), 1),
                (south(5), 1),
                (south(6), 1),
                (Pit::Store(Side::South), 1)
            ]
        );
        assert_eq!(marks.captured_total(), 0);
    }

    #[test]
    fn an_oware_capture_marks_the_opponents_house_it_took() {
        // South 1, North 3, South 3, then North 2 (five seeds): North 3..6 and South 1,
        // which then holds two, captured by North.
        let marks = last_of(Rules::new(Variant::Oware), &[1, 3, 3, 2]);
        assert_eq!((marks.mover, marks.house), (Side::North, h(2)));
        assert_eq!(
            sown(&marks, 6),
            vec![
                (south(1), 1),
                (north(3), 1),
                (north(4), 1),
                (north(5), 1),
                (north(6), 1)
            ]
        );
        assert_eq!(captured(&marks, 6), vec![(south(1), 2)]);
    }

    #[test]
    fn a_congkak_relay_marks_every_house_taken_up_again() {
        // Six houses of four. South 6: the store, North 1..3; North 3 then holds five and
        // is taken up: North 4..6 (the opponent's store skipped), South 1 and 2; South 2
        // holds five and goes on: South 3..6 and the store, an extra turn.
        let rules = Rules::builder(Variant::Congkak)
            .houses(6)
            .seeds(4)
            .build()
            .unwrap();
        let marks = last_of(rules, &[6]);
        assert_eq!((marks.mover, marks.house), (Side::South, h(6)));
        let relayed: Vec<Pit> = (0..marks.relayed.len())
            .filter(|&i| marks.relayed[i])
            .map(|i| Pit::at(i, 6))
            .collect();
        assert_eq!(relayed, vec![south(2), north(3)]);
        assert_eq!(marks.sown_into(Pit::Store(Side::South), 6), 2);
        assert_eq!(marks.sown_into(Pit::Store(Side::North), 6), 0);
        for house in 1..=6 {
            assert_eq!(marks.sown_into(south(house), 6), 1, "South {house}");
            assert_eq!(marks.sown_into(north(house), 6), 1, "North {house}");
        }
        assert_eq!(marks.captured_total(), 0);
    }

    #[test]
    fn a_congkak_relay_that_ends_in_a_capture_marks_both() {
        // Seven houses of seven. South 2 ends in North 1 (eight seeds), taken up: North
        // 2..7, South 1 and South 2, emptied at the start, so it captures North 6's eight.
        let rules = Rules::builder(Variant::Congkak)
            .houses(7)
            .seeds(7)
            .build()
            .unwrap();
        let marks = last_of(rules, &[2]);
        assert!(marks.relayed[north(1).index(7)]);
        assert_eq!(marks.sown_into(south(2), 7), 1);
        assert_eq!(captured(&marks, 7), vec![(south(2), 1), (north(6), 8)]);
    }

    #[test]
    fn steps_shown_so_far_mark_only_what_has_been_shown() {
        let before = Position::start(Rules::new(Variant::Kalah));
        let steps = Game::from_start(before).play(h(3)).unwrap().steps;
        // The pick-up and the first two drops.
        let marks = LastMove::from_steps(Side::South, h(3), 6, &steps[..3]);
        assert_eq!(sown(&marks, 6), vec![(south(4), 1), (south(5), 1)]);
    }
}
