//! Oware's lessons (docs/rules.md, Oware rules 2 to 6, the default `grand-slam=no-capture`):
//! the positions and the verdicts.

use super::{board, house, LessonId, LessonNote, LessonResult, Played};
use crate::engine::{Game, Rules, Variant};

/// The opponent's house the sowing lesson's last seed must reach.
const SOWING_TARGET: u8 = 1;
/// The seeds the capture lesson asks for.
const CAPTURE_TARGET: i32 = 3;
/// The seeds the chain lesson asks for.
const CHAIN_TARGET: i32 = 5;

pub(super) fn setup(id: LessonId) -> Game {
    let rules = Rules::new(Variant::Oware);
    match id {
        // Rule 2: house 6's twelve seeds pass the other eleven houses and skip house 6:
        // the twelfth falls in North's house 1 again. The small houses stay at home.
        LessonId::OwareSowing => board(rules, &[0, 0, 2, 0, 1, 12], &[3, 1, 4, 1, 2, 1], [8, 8]),
        // Rule 3: house 5 ends in North's house 2, making 3 (North's house 1, at 5, ends
        // the chain); house 6 makes North's house 1 hold 5: nothing.
        LessonId::OwareCapture => board(rules, &[0, 1, 0, 0, 3, 1], &[4, 2, 0, 1, 3, 2], [10, 10]),
        // Rule 3: house 5 makes North's house 2 hold 3 and house 1 hold 2: 5 in all;
        // house 6 takes the 2 of house 1 only.
        LessonId::OwareChain => board(rules, &[0, 0, 1, 0, 3, 1], &[1, 2, 0, 4, 1, 3], [10, 10]),
        // Rule 5: North has no seeds. House 6 gives one, house 4 two; house 1 cannot
        // reach North's row, so it cannot be played.
        LessonId::OwareFeeding => board(rules, &[2, 0, 0, 4, 0, 1], &[0; 6], [18, 20]),
        // Rule 4: house 5 would make North's two houses 2 and 2, all North has: a grand
        // slam, nothing captured. House 6 takes 2 and leaves North one seed.
        LessonId::OwareGrandSlam => {
            board(rules, &[1, 0, 0, 0, 3, 1], &[1, 1, 0, 0, 0, 0], [10, 10])
        }
        // Rule 6: 49 seeds, South's store 22. House 4 captures 5 (27, more than half);
        // house 6 only 2 (24).
        _ => board(rules, &[0, 0, 1, 4, 0, 1], &[1, 2, 0, 0, 0, 2], [22, 16]),
    }
}

pub(super) fn judge(id: LessonId, played: &Played, after: &Game) -> LessonResult {
    use LessonNote::*;
    let seeds = played.captured();
    let spared = played.report.grand_slam_spared;
    match id {
        LessonId::OwareSowing => {
            let sown = played.before.house(played.mover(), played.report.house);
            match played.last_in_their_house() {
                Some(h) if h == house(SOWING_TARGET) && sown >= 12 => {
                    LessonResult::pass(SkippedOrigin, [sown.into(), SOWING_TARGET.into()])
                }
                Some(h) if seeds == 0 && !spared => {
                    LessonResult::fail(LandedInTheirHouse, [h.number().into(), 0])
                }
                _ => match played.last_in_own_house() {
                    Some(h) => LessonResult::fail(StayedInYourRow, [h.number().into(), 0]),
                    None => missed(played),
                },
            }
        }
        LessonId::OwareCapture if seeds >= CAPTURE_TARGET && !spared => {
            let h = played
                .last_in_their_house()
                .map_or(0, |h| h.number().into());
            LessonResult::pass(CapturedTwoOrThree, [seeds, h])
        }
        LessonId::OwareChain if seeds >= CHAIN_TARGET && !spared => {
            LessonResult::pass(ChainCaptured, [seeds, played.report.captures.len() as i32])
        }
        LessonId::OwareCapture | LessonId::OwareChain if seeds > 0 && !spared => {
            let better = super::best_capture(played.before).map_or(0, |(h, _)| h.number().into());
            LessonResult::fail(CapturedFewer, [seeds, better])
        }
        LessonId::OwareFeeding => {
            let given = played.seeds_given() as i32;
            if given == 1 {
                let mut result = LessonResult::pass(Fed, [given, 0]);
                // The fed opponent has one move: show it.
                let replies = after.legal_moves();
                if replies.len() == 1 {
                    result.then = replies.to_vec();
                }
                result
            } else if given > 1 {
                LessonResult::fail(FedMore, [given, 0])
            } else {
                missed(played)
            }
        }
        LessonId::OwareGrandSlam if seeds > 0 && !spared => {
            LessonResult::pass(CaptureStands, [seeds, 0])
        }
        LessonId::OwareEnd => {
            let total = played.after.total_seeds() as i32;
            let store = played.stores()[0];
            if played.won() {
                LessonResult::pass(WonMajority, [store, total])
            } else if seeds > 0 && !spared && played.report.end.is_none() {
                LessonResult::fail(NotMajority, [store, total])
            } else {
                missed(played)
            }
        }
        _ => missed(played),
    }
}

/// The verdict on an Oware move that missed its task, from what it did.
fn missed(played: &Played) -> LessonResult {
    use LessonNote::*;
    let mover = played.mover();
    if played.report.grand_slam_spared {
        let theirs: u8 = played.after.houses(mover.opponent()).iter().sum();
        return LessonResult::fail(GrandSlam, [theirs.into(), 0]);
    }
    if played.report.end.is_some() && !played.won() {
        return LessonResult::fail(GameOverNoWin, played.stores());
    }
    if played.captured() > 0 {
        let h = played
            .last_in_their_house()
            .map_or(0, |h| h.number().into());
        return LessonResult::fail(CapturedInstead, [played.captured(), h]);
    }
    if let Some(h) = played.last_in_their_house() {
        let count = played.after.house(mover.opponent(), h);
        return LessonResult::fail(WrongCount, [h.number().into(), count.into()]);
    }
    match played.last_in_own_house() {
        Some(h) => LessonResult::fail(OwnRow, [h.number().into(), 0]),
        None => LessonResult::fail(GameGoesOn, [0, 0]),
    }
}
