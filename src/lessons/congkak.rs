//! Congkak's lessons (docs/rules.md, Congkak rules 2 to 5, 10 and 11 to 12): the
//! positions and the verdicts, and the simultaneous first move played step by step.

use super::{board, house, LessonId, LessonNote, LessonResult, Played};
use crate::engine::{Game, Hand, House, Lockstep, Opening, Position, Rules, Side, Start, Variant};

/// The seeds the capture lesson asks for.
const CAPTURE_TARGET: i32 = 4;
/// The house North's hand takes in the simultaneous-start lesson (its task says so).
pub(super) const NORTH_FIRST_HOUSE: u8 = 1;
/// North's burnt houses in the round-2 lesson (its task says so).
const BURNT: [u8; 2] = [5, 6];

pub(super) fn setup(id: LessonId) -> Game {
    let rules = Rules::new(Variant::Congkak);
    let three = rules.with_seeds(3).expect("3 seeds a house is a rule set");
    match id {
        // Rule 2: house 6's eight seeds go into the store, through North's six houses,
        // past North's store (skipped) and back into house 1 (and capture there, rule 5:
        // North's house 6 just got a seed). House 2's one seed stays in house 3.
        LessonId::CongkakSowing => board(rules, &[0, 1, 0, 0, 0, 8], &[0, 0, 2, 0, 0, 0], [0, 0]),
        // Rule 3: house 1's last seed falls in house 3 (3 seeds): the 4 are sown on, into
        // the store. House 3's last falls in the empty house 6: the turn ends.
        LessonId::CongkakRelay => board(rules, &[2, 0, 3, 0, 0, 0], &[0, 2, 1, 0, 0, 2], [0, 0]),
        // Rule 4: house 5 ends in the store; house 6 and house 3 (after a relay from
        // house 5) end in North's empty house 1 (rule 6).
        LessonId::CongkakExtraTurn => {
            board(rules, &[0, 0, 2, 0, 2, 2], &[0, 1, 0, 3, 0, 1], [0, 0])
        }
        // Rule 5: house 1 ends in the empty house 2, opposite North's house 5 (3 seeds):
        // 4 captured. House 4 ends in the empty house 6 facing an empty house.
        LessonId::CongkakCapture => board(rules, &[1, 0, 0, 2, 0, 0], &[0, 0, 0, 0, 3, 1], [0, 0]),
        // Rule 10: the start position of Congkak 6x3 played simultaneously; North's hand
        // takes house NORTH_FIRST_HOUSE.
        LessonId::CongkakSimultaneous => Game::new(three.with_start(Start::Simultaneous)),
        // Rules 11 and 12: round 2 of a match of 36 seeds. North had 13 at the end of
        // round 1: it filled houses 1 to 4 and kept 1; its houses 5 and 6 are burnt.
        // House 1 ends in the empty house 2, opposite the burnt house 5: nothing to
        // take. House 4 ends in the empty house 5, opposite North's house 2: 3 captured.
        _ => {
            let rules = three.with_rounds(true);
            let burnt = [Vec::new(), BURNT.iter().map(|&n| house(n)).collect()];
            let start = Position::from_round(
                rules,
                [&[1, 0, 0, 1, 0, 0], &[3, 2, 1, 3, 0, 0]],
                [24, 1],
                Side::South,
                2,
                burnt,
            )
            .unwrap_or_else(|e| panic!("the burnt-houses lesson's board: {e}"));
            Game::from_start(start)
        }
    }
}

pub(super) fn judge(id: LessonId, played: &Played) -> LessonResult {
    use LessonNote::*;
    let report = played.report;
    match id {
        // Coming round into an empty own house captures too (rule 5): the opposite
        // house has just been sown into. The note says how many.
        LessonId::CongkakSowing if played.came_round() => {
            let h = played.last_in_own_house().map_or(0, |h| h.number().into());
            LessonResult::pass(CameRound, [h, played.captured()])
        }
        LessonId::CongkakSowing => match played.last_in_own_house() {
            Some(h) if played.captured() == 0 => {
                LessonResult::fail(StayedInYourRow, [h.number().into(), 0])
            }
            _ => played.missed_sowing(),
        },
        LessonId::CongkakRelay if report.relays > 0 => {
            LessonResult::pass(Relayed, [report.relays as i32, 0])
        }
        LessonId::CongkakRelay => match played.last_in_own_house() {
            Some(h) if played.captured() == 0 => {
                LessonResult::fail(NoRelay, [h.number().into(), 0])
            }
            _ => played.missed_sowing(),
        },
        LessonId::CongkakExtraTurn if report.extra_turn => LessonResult::pass(ExtraTurn, [0, 0]),
        LessonId::CongkakExtraTurn => played.missed_store(),
        LessonId::CongkakCapture => played.judge_capture(CAPTURE_TARGET),
        _ => judge_burnt(played),
    }
}

/// Rule 11: a last seed in an empty own house facing a burnt house takes nothing.
fn judge_burnt(played: &Played) -> LessonResult {
    if played.captured() > 0 {
        let own = played.last_in_own_house().map_or(0, |h| h.number().into());
        return LessonResult::pass(LessonNote::Captured, [played.captured(), own]);
    }
    let houses = played.before.rules().houses();
    match played.last_in_own_house() {
        Some(h)
            if played
                .before
                .is_burnt(played.mover().opponent(), opposite(h, houses)) =>
        {
            LessonResult::fail(LessonNote::OppositeBurnt, [h.number().into(), 0])
        }
        _ => played.missed_sowing(),
    }
}

/// The house facing `h` across a board of `houses` a side.
fn opposite(h: House, houses: u8) -> House {
    house(houses + 1 - h.number())
}

/// The simultaneous first move of the lesson, played out.
pub(super) struct OpeningRun {
    /// Both hands' choices as the record writes them.
    pub opening: Opening,
    /// The step (from 1) in which each hand stopped, South's first.
    pub stopped_at: [u32; 2],
}

/// Plays the first move with South's hand taking `south_house` and North's
/// NORTH_FIRST_HOUSE; a hand that ends in its own store chooses again its lowest house.
/// `None` if `position` is not waiting for a first move or South cannot take the house.
pub(super) fn opening(position: &Position, south_house: House) -> Option<OpeningRun> {
    let mut lockstep = Lockstep::new(position)?;
    lockstep.choose(Side::South, south_house).ok()?;
    lockstep
        .choose(Side::North, house(NORTH_FIRST_HOUSE))
        .ok()?;
    let mut step = 0;
    let mut stopped_at = [0u32; 2];
    while !lockstep.is_done() {
        for side in Side::BOTH {
            if lockstep.hand(side) == Hand::Choosing {
                // A choosing hand has seeds (the engine stops one without).
                let again = lockstep.choices(side).first()?;
                lockstep.choose(side, again).ok()?;
            }
        }
        if lockstep.step() {
            step += 1;
            for side in Side::BOTH {
                if lockstep.hand(side) == Hand::Stopped && stopped_at[side.index()] == 0 {
                    stopped_at[side.index()] = step;
                }
            }
        }
    }
    Some(OpeningRun {
        opening: lockstep.opening().clone(),
        stopped_at,
    })
}

/// Rule 10: the learner passes when North's hand stops first, so that South moves next.
/// The engine's own report of the first move decides who stopped first.
pub(super) fn judge_opening(position: &Position, south_house: House) -> Option<LessonResult> {
    let run = opening(position, south_house)?;
    let mut game = Game::from_start(*position);
    let report = game.play_opening(&run.opening).ok()?;
    let steps = run.stopped_at.map(|s| s as i32);
    Some(if report.stopped_first == Side::North {
        LessonResult::pass(LessonNote::MovesNext, steps)
    } else {
        LessonResult::fail(LessonNote::StoppedFirst, steps)
    })
}
