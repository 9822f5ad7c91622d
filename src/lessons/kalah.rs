//! Kalah's lessons (docs/rules.md, Kalah rules 2 to 6): the positions and the verdicts.

use super::{board, house, LessonId, LessonNote, LessonResult, Played};
use crate::engine::{Game, Rules, Variant};

/// The house whose last seed the sowing lesson asks for.
const SOWING_TARGET: u8 = 6;
/// The seeds the capture lesson asks for.
const CAPTURE_TARGET: i32 = 5;

pub(super) fn setup(id: LessonId) -> Game {
    let rules = Rules::new(Variant::Kalah);
    match id {
        // Rule 2: house 2's four seeds end in house 6; house 4's one in house 5, house
        // 6's two in the store and North's house 1.
        LessonId::KalahSowing => board(rules, &[0, 4, 0, 1, 0, 2], &[2, 0, 3, 0, 0, 1], [0, 0]),
        // Rule 2: house 6's eight seeds go into the store, through North's six houses,
        // past North's store and back into house 1.
        LessonId::KalahStore => board(rules, &[1, 3, 0, 3, 0, 8], &[2, 0, 2, 0, 2, 1], [0, 0]),
        // Rule 3: house 3's four seeds end in the store; no other house's do.
        LessonId::KalahExtraTurn => board(rules, &[2, 0, 4, 0, 1, 3], &[1, 2, 0, 3, 1, 0], [0, 0]),
        // Rule 4: house 1 ends in the empty house 3, opposite North's house 4 (4 seeds):
        // 5 captured; house 4 ends in the empty house 5 and takes only 3.
        LessonId::KalahCapture => board(rules, &[2, 0, 0, 1, 0, 3], &[1, 2, 0, 4, 0, 1], [0, 0]),
        // Rules 5 and 6: house 1 captures North's last 3 seeds; North's row is empty, the
        // game ends and South's 2 left go to South's store: 23 to 20.
        _ => board(rules, &[1, 0, 0, 0, 0, 2], &[0, 0, 0, 0, 3, 0], [17, 20]),
    }
}

pub(super) fn judge(id: LessonId, played: &Played) -> LessonResult {
    use LessonNote::*;
    let report = played.report;
    match id {
        LessonId::KalahSowing => match played.last_in_own_house() {
            Some(h) if h == house(SOWING_TARGET) && played.captured() == 0 => {
                let sown = played.before.house(report.mover, report.house);
                LessonResult::pass(ReachedHouse, [SOWING_TARGET.into(), sown.into()])
            }
            Some(h) if played.captured() == 0 => {
                LessonResult::fail(MissedHouse, [h.number().into(), SOWING_TARGET.into()])
            }
            _ => played.missed_sowing(),
        },
        LessonId::KalahStore => {
            if played.came_round() {
                let h = played.last_in_own_house().map_or(0, |h| h.number().into());
                LessonResult::pass(CameRound, [h, 0])
            } else if let Some(h) = played
                .last_in_own_house()
                .filter(|_| played.captured() == 0)
            {
                LessonResult::fail(StayedInYourRow, [h.number().into(), 0])
            } else {
                played.missed_sowing()
            }
        }
        LessonId::KalahExtraTurn => {
            if report.extra_turn {
                LessonResult::pass(ExtraTurn, [0, 0])
            } else {
                played.missed_store()
            }
        }
        LessonId::KalahCapture => played.judge_capture(CAPTURE_TARGET),
        _ => played.judge_end(),
    }
}
