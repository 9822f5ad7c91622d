//! The lessons (src/lessons/, issue 39 item 2): every lesson's position, every verdict on
//! every move the learner can make, checked against the engine's own report, and the
//! words of every lesson and note (ui/views/lesson-words.slint).

use mancala::engine::{Game, House, Move, Outcome, Side, Variant};
use mancala::lessons::{judge, learner_move, lessons, setup, LessonId, LessonNote, LessonResult};
use proptest::prelude::*;

fn house(n: u8) -> House {
    House::new(n).unwrap()
}

/// Every house the learner may play in lesson `id`, with the verdict on it.
fn verdicts(id: LessonId) -> Vec<(u8, LessonResult)> {
    let lesson = setup(id);
    lesson
        .moves()
        .iter()
        .map(|h| (h.number(), judge(id, &lesson.game, h)))
        .collect()
}

/// The notes that say the task was done.
fn is_pass_note(note: LessonNote) -> bool {
    use LessonNote::*;
    matches!(
        note,
        ReachedHouse
            | CameRound
            | ExtraTurn
            | Captured
            | WonAtEnd
            | SkippedOrigin
            | CapturedTwoOrThree
            | ChainCaptured
            | Fed
            | CaptureStands
            | WonMajority
            | Relayed
            | MovesNext
    )
}

#[test]
fn lessons_are_every_rule_of_each_game_in_teaching_order() {
    use LessonId::*;
    assert_eq!(
        lessons(Variant::Kalah),
        [
            KalahSowing,
            KalahStore,
            KalahExtraTurn,
            KalahCapture,
            KalahEnd
        ]
    );
    assert_eq!(
        lessons(Variant::Oware),
        [
            OwareSowing,
            OwareCapture,
            OwareChain,
            OwareFeeding,
            OwareGrandSlam,
            OwareEnd
        ]
    );
    assert_eq!(
        lessons(Variant::Congkak),
        [
            CongkakSowing,
            CongkakRelay,
            CongkakExtraTurn,
            CongkakCapture,
            CongkakSimultaneous,
            CongkakBurnt
        ]
    );
    for variant in Variant::ALL {
        for &id in lessons(variant) {
            assert_eq!(id.variant(), variant, "{id:?}");
        }
    }
    let all: usize = Variant::ALL.iter().map(|&v| lessons(v).len()).sum();
    assert_eq!(all, LessonId::ALL.len());
}

#[test]
fn every_lesson_position_is_legal_small_and_the_learner_south_is_to_move() {
    for id in LessonId::ALL {
        let lesson = setup(id);
        let position = lesson.game.position();
        assert_eq!(lesson.learner, Side::South, "{id:?}");
        assert!(!position.is_over(), "{id:?}");
        assert_eq!(position.side_to_move(), Side::South, "{id:?}");
        assert_eq!(position.variant(), id.variant(), "{id:?}");
        assert!(lesson.moves().len() >= 2, "{id:?}: a choice to make");
        // Few seeds: a board a learner can count (the simultaneous start is the real
        // start position of the smallest board, 6 houses of 3).
        assert!(position.total_seeds() <= 49, "{id:?}");
        let on_board: u32 = Side::BOTH
            .iter()
            .flat_map(|&s| position.houses(s))
            .map(|&s| s as u32)
            .sum();
        assert!(on_board <= 36, "{id:?}: {on_board} seeds on the board");
        if id == LessonId::CongkakSimultaneous {
            assert!(position.in_opening());
        } else {
            assert_eq!(lesson.moves(), position.legal_moves(), "{id:?}");
        }
    }
    let burnt = setup(LessonId::CongkakBurnt);
    assert_eq!(burnt.game.position().round(), 2);
    assert_eq!(
        burnt.game.position().burnt(Side::North).to_vec(),
        [house(5), house(6)]
    );
}

#[test]
fn every_lesson_has_a_move_that_passes_and_one_that_fails() {
    for id in LessonId::ALL {
        let all = verdicts(id);
        assert!(all.iter().any(|(_, r)| r.passed), "{id:?}: {all:?}");
        assert!(all.iter().any(|(_, r)| !r.passed), "{id:?}: {all:?}");
        for (h, r) in &all {
            assert_eq!(r.passed, is_pass_note(r.note), "{id:?} house {h}: {r:?}");
            assert_ne!(r.note, LessonNote::NotPlayable, "{id:?} house {h}");
        }
    }
}

/// A house played and its verdict: passed, note, numbers.
type Verdict = (u8, bool, LessonNote, [i32; 2]);

/// Every verdict of every lesson, move by move: what each failing move is told is
/// specific to what it did.
#[test]
fn every_lesson_move_gets_its_own_specific_verdict() {
    use LessonId::*;
    use LessonNote::*;
    let expected: &[(LessonId, &[Verdict])] = &[
        (
            KalahSowing,
            &[
                (2, true, ReachedHouse, [6, 4]),
                (4, false, MissedHouse, [5, 6]),
                (6, false, LandedInTheirHouse, [1, 0]),
            ],
        ),
        (
            KalahStore,
            &[
                (1, false, StayedInYourRow, [2, 0]),
                (2, false, StayedInYourRow, [5, 0]),
                (4, false, LandedInStore, [0, 0]),
                (6, true, CameRound, [1, 0]),
            ],
        ),
        (
            KalahExtraTurn,
            &[
                (1, false, NotInStore, [3, 0]),
                (3, true, ExtraTurn, [0, 0]),
                (5, false, NotInStore, [6, 0]),
                (6, false, LandedInTheirHouse, [2, 0]),
            ],
        ),
        (
            KalahCapture,
            &[
                (1, true, Captured, [5, 3]),
                (4, false, CapturedFewer, [3, 1]),
                (6, false, LandedInTheirHouse, [2, 0]),
            ],
        ),
        (
            KalahEnd,
            &[
                (1, true, WonAtEnd, [23, 20]),
                (6, false, GameGoesOn, [0, 0]),
            ],
        ),
        (
            OwareSowing,
            &[
                (3, false, StayedInYourRow, [5, 0]),
                (5, false, StayedInYourRow, [6, 0]),
                (6, true, SkippedOrigin, [12, 1]),
            ],
        ),
        (
            OwareCapture,
            &[
                (2, false, OwnRow, [3, 0]),
                (5, true, CapturedTwoOrThree, [3, 2]),
                (6, false, WrongCount, [1, 5]),
            ],
        ),
        (
            OwareChain,
            &[
                (3, false, OwnRow, [4, 0]),
                (5, true, ChainCaptured, [5, 2]),
                (6, false, CapturedFewer, [2, 5]),
            ],
        ),
        (
            OwareFeeding,
            &[(4, false, FedMore, [2, 0]), (6, true, Fed, [1, 0])],
        ),
        (
            OwareGrandSlam,
            &[
                (1, false, OwnRow, [2, 0]),
                (5, false, GrandSlam, [4, 0]),
                (6, true, CaptureStands, [2, 0]),
            ],
        ),
        (
            OwareEnd,
            &[
                (3, false, OwnRow, [4, 0]),
                (4, true, WonMajority, [27, 49]),
                (6, false, NotMajority, [24, 49]),
            ],
        ),
        (
            CongkakSowing,
            &[
                (2, false, StayedInYourRow, [3, 0]),
                (6, true, CameRound, [1, 2]),
            ],
        ),
        (
            CongkakRelay,
            &[(1, true, Relayed, [1, 0]), (3, false, NoRelay, [6, 0])],
        ),
        (
            CongkakExtraTurn,
            &[
                (3, false, TheirEmptyHouse, [1, 0]),
                (5, true, ExtraTurn, [0, 0]),
                (6, false, TheirEmptyHouse, [1, 0]),
            ],
        ),
        (
            CongkakCapture,
            &[
                (1, true, Captured, [4, 2]),
                (4, false, OppositeEmpty, [6, 0]),
            ],
        ),
        (
            CongkakSimultaneous,
            &[
                (1, false, StoppedFirst, [7, 7]),
                (2, true, MovesNext, [12, 11]),
                (3, false, StoppedFirst, [18, 29]),
                (4, false, StoppedFirst, [6, 7]),
                (5, false, StoppedFirst, [3, 11]),
                (6, false, StoppedFirst, [8, 34]),
            ],
        ),
        (
            CongkakBurnt,
            &[
                (1, false, OppositeBurnt, [2, 0]),
                (4, true, Captured, [3, 5]),
            ],
        ),
    ];
    assert_eq!(expected.len(), LessonId::ALL.len());
    for &(id, moves) in expected {
        let got: Vec<_> = verdicts(id)
            .into_iter()
            .map(|(h, r)| (h, r.passed, r.note, r.numbers))
            .collect();
        assert_eq!(got, moves, "{id:?}");
    }
    // After feeding one seed, North's only move is shown.
    let feeding = setup(OwareFeeding);
    let fed = judge(OwareFeeding, &feeding.game, house(6));
    assert_eq!(fed.then, [house(1)]);
    let mut game = feeding.game.clone();
    game.play(house(6)).unwrap();
    for &reply in &fed.then {
        game.play(reply).unwrap();
    }
    assert!(!game.is_over());
}

/// The verdict says what the engine's report says the move did.
#[test]
fn every_lesson_verdict_agrees_with_the_engines_report() {
    use LessonNote::*;
    for id in LessonId::ALL {
        let lesson = setup(id);
        for h in lesson.moves().iter() {
            let verdict = judge(id, &lesson.game, h);
            let [a, _] = verdict.numbers;
            let mut game = lesson.game.clone();
            let mv = learner_move(id, &lesson.game, h).expect("a playable house has a move");
            if let Move::Opening(opening) = &mv {
                assert_eq!(opening.south[0], h, "{id:?}");
                let report = game.play_opening(opening).unwrap();
                let south_next = report.stopped_first == Side::North;
                assert_eq!(south_next, verdict.note == MovesNext, "{id:?} {h}");
                assert_eq!(game.position().side_to_move() == Side::South, south_next);
                continue;
            }
            assert_eq!(mv, Move::House(h));
            let report = game.play(h).unwrap();
            let why = format!("{id:?} house {h}: {verdict:?} {report:?}");
            match verdict.note {
                ExtraTurn => assert!(report.extra_turn, "{why}"),
                Captured | CapturedTwoOrThree | ChainCaptured | CaptureStands | CapturedFewer
                | CapturedInstead => {
                    assert_eq!(report.captured() as i32, a, "{why}");
                    assert!(!report.grand_slam_spared, "{why}");
                }
                GrandSlam => assert!(report.grand_slam_spared && report.captured() == 0, "{why}"),
                CameRound => assert_eq!(report.captured() as i32, verdict.numbers[1], "{why}"),
                Relayed => assert_eq!(report.relays as i32, a, "{why}"),
                NotMajority => {
                    assert!(report.captured() > 0, "{why}");
                    assert_eq!(game.position().store(Side::South) as i32, a, "{why}");
                }
                WonAtEnd | WonMajority => {
                    assert!(report.end.is_some(), "{why}");
                    assert_eq!(game.outcome(), Some(Outcome::Win(Side::South)), "{why}");
                    assert_eq!(game.position().store(Side::South) as i32, a, "{why}");
                }
                _ => {
                    assert_eq!(report.captured(), 0, "{why}");
                    assert!(!report.extra_turn || verdict.note == LandedInStore, "{why}");
                }
            }
            if matches!(verdict.note, GameGoesOn | NotMajority) {
                assert_eq!(report.end, None, "{why}");
            }
            if verdict.note == NoRelay {
                assert_eq!(report.relays, 0, "{why}");
            }
            if verdict.note == ChainCaptured {
                assert_eq!(report.captures.len() as i32, verdict.numbers[1], "{why}");
            }
        }
    }
}

#[test]
fn a_lesson_house_that_cannot_be_played_is_said_so() {
    let lesson = setup(LessonId::OwareFeeding);
    // House 1's two seeds cannot reach North's empty row (rule 5).
    assert!(!lesson.moves().contains(house(1)));
    let verdict = judge(LessonId::OwareFeeding, &lesson.game, house(1));
    assert!(!verdict.passed);
    assert_eq!(verdict.note, LessonNote::NotPlayable);
    assert_eq!(verdict.numbers, [1, 0]);
    assert_eq!(
        learner_move(LessonId::OwareFeeding, &lesson.game, house(1)),
        None
    );
}

/// A board reached by `steps` moves from the lesson's position, each the `k`-th legal
/// move for the `k` drawn (the learner may have played on; the judge must still answer).
fn wandered(id: LessonId, steps: &[usize]) -> Game {
    let mut game = setup(id).game;
    for &k in steps {
        let moves = game.legal_moves().to_vec();
        if moves.is_empty() {
            break;
        }
        game.play(moves[k % moves.len()]).unwrap();
    }
    game
}

proptest! {
    #[test]
    fn lesson_judge_never_panics_on_any_house_of_any_board_reached(
        lesson in 0..LessonId::ALL.len(),
        steps in proptest::collection::vec(0usize..7, 0..6),
    ) {
        let id = LessonId::ALL[lesson];
        let game = wandered(id, &steps);
        for n in 1..=7 {
            let verdict = judge(id, &game, house(n));
            let legal = game.position().side_to_move() == Side::South
                && !game.is_over()
                && (game.legal_moves().contains(house(n)) || game.position().in_opening());
            if !legal {
                prop_assert!(!verdict.passed);
            }
            let _ = learner_move(id, &game, house(n));
        }
    }
}

// ---- the words ----------------------------------------------------------------------

use i_slint_backend_testing::init_no_event_loop;
use mancala::{AppWindow, LessonWords};
use slint::ComponentHandle;

#[test]
fn every_lesson_and_lesson_note_has_words() {
    init_no_event_loop();
    let window = AppWindow::new().unwrap();
    let words = window.global::<LessonWords>();
    let mut tasks = Vec::new();
    for id in LessonId::ALL {
        let shown = mancala::Lesson::from(id);
        let title = words.invoke_title(shown).to_string();
        let task = words.invoke_task(shown).to_string();
        let rule = words.invoke_rule(shown).to_string();
        for text in [&title, &task, &rule] {
            assert!(!text.is_empty() && !text.contains('{'), "{id:?}: {text:?}");
        }
        assert!(
            rule.len() > task.len() / 2,
            "{id:?}: the rule in a paragraph"
        );
        tasks.push((id, task));
    }
    // The numbers a task names are the passing move's.
    for (id, task) in &tasks {
        let lesson = setup(*id);
        for h in lesson.moves().iter() {
            let verdict = judge(*id, &lesson.game, h);
            let captures = matches!(
                verdict.note,
                LessonNote::ChainCaptured | LessonNote::CapturedTwoOrThree
            ) || (verdict.note == LessonNote::Captured
                && *id != LessonId::CongkakBurnt);
            if captures {
                let seeds = format!("Capture {} seeds", verdict.numbers[0]);
                assert!(task.contains(&seeds), "{id:?}: {task} / {verdict:?}");
            }
        }
    }
    assert!(tasks[0].1.contains("house 6"));
    let mut notes = std::collections::BTreeSet::new();
    for note in LessonNote::ALL {
        let text = words.invoke_note(note.into(), 3, 5).to_string();
        assert!(
            !text.is_empty() && !text.contains('{'),
            "{note:?}: {text:?}"
        );
        assert!(
            notes.insert(text.clone()),
            "{note:?} says what another says: {text}"
        );
    }
    // Numbers go where they belong, plurals follow them.
    let note = |n: LessonNote, a, b| words.invoke_note(n.into(), a, b).to_string();
    assert_eq!(
        note(LessonNote::Captured, 5, 3),
        "Your last seed fell in your empty house 3: it and the seeds opposite, 5 in all, go to your store."
    );
    assert_eq!(
        note(LessonNote::CapturedFewer, 1, 2),
        "This captures 1 seed; house 2 captures more."
    );
    assert_eq!(
        note(LessonNote::WrongCount, 1, 5),
        "Your last seed made your opponent's house 1 hold 5 seeds: only 2 or 3 are captured."
    );
    assert_eq!(
        note(LessonNote::StoppedFirst, 7, 7),
        "Both hands stopped at step 7, yours first (your seed drops first in a step): your opponent moves next."
    );
}
