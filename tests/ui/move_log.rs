//! The game screen's move log and its "?" button, played by taps: after the computer's
//! turn the log tells it with the house numbers as the computer counts them (Kalah, and
//! Traditional Congkak with its simultaneous first move on a line of its own), undo takes
//! the undone turn out, and "?" opens the rules of the game being played and comes back.

use super::*;
use mancala::engine::{Move, MoveReport};
use mancala::testing::brains::{ExtraTurnsFirst, FirstLegalMove};
use mancala::testing::opening_brains::FollowsRecord;
use traditional::TO_ROUND_TWO;

/// The move log's lines, newest first, as a screen reader reads them. On a phone the log
/// opens from the "Moves" button and is closed again.
fn log_lines(ui: &Ui) -> Vec<String> {
    let opened = ui.parts("MoveLogList").is_empty();
    if opened {
        ui.tap("Moves");
    }
    let logs = ui.parts("MoveLogList");
    assert_eq!(logs.len(), 1, "one move log: {}", ui.text());
    let lines = logs[0]
        .query_descendants()
        .match_predicate(|e| {
            e.accessible_role() == Some(AccessibleRole::Text)
                && e.accessible_label().is_some_and(|l| !l.is_empty())
        })
        .find_all()
        .iter()
        .filter_map(|e| e.accessible_label().map(|l| l.replace('\u{2060}', "")))
        .filter(|l| l != "No moves yet.")
        .collect();
    if opened {
        ui.tap("Close");
        assert!(ui.parts("MoveLogSheet").is_empty(), "the sheet closed");
    }
    lines
}

/// One move in the words of the status line after the computer's turn (tests/ui/game.rs
/// checks those words against TurnWords).
fn one(report: &MoveReport) -> String {
    let mut words = format!("house {}", report.house);
    let n = report.relays;
    if n > 0 {
        words += &format!(", {n} relay{}", if n == 1 { "" } else { "s" });
    }
    if report.extra_turn {
        words += ", extra turn";
    }
    let n = report.captured();
    if n > 0 {
        words += &format!(", captured {n} seed{}", if n == 1 { "" } else { "s" });
    }
    words
}

/// A turn's line: every move of a short turn; of a long one the first two, how many more,
/// and the last.
fn said(name: &str, turn: &[MoveReport]) -> String {
    let told: Vec<String> = if turn.len() <= 4 {
        turn.iter().map(one).collect()
    } else {
        let more = turn.len() - 3;
        vec![
            one(&turn[0]),
            one(&turn[1]),
            format!("{more} more move{}", if more == 1 { "" } else { "s" }),
            one(&turn[turn.len() - 1]),
        ]
    };
    format!("{name}: {}", told.join("; "))
}

/// The reports of the record's house moves after its first `skip` moves, played from
/// the game's start, grouped into turns: (mover, its moves).
fn turns(rules: Rules, record: &str, skip: usize) -> Vec<(Side, Vec<MoveReport>)> {
    let mut game = Game::new(rules);
    let mut turns: Vec<(Side, Vec<MoveReport>)> = Vec::new();
    for (i, token) in record.split_whitespace().enumerate() {
        let mv: Move = token.parse().unwrap();
        match mv {
            Move::House(house) => {
                let report = game.play(house).unwrap();
                if i < skip {
                    continue;
                }
                match turns.last_mut() {
                    Some((side, moves)) if *side == report.mover => moves.push(report),
                    _ => turns.push((report.mover, vec![report])),
                }
            }
            Move::Opening(opening) => {
                game.play_opening(&opening).unwrap();
            }
        }
    }
    turns
}

#[test]
fn the_log_tells_the_computers_kalah_turn_in_its_house_numbers_and_undo_takes_it_out() {
    init_no_event_loop();
    let dir = tempfile::tempdir().unwrap();
    // A computer that takes every extra turn it can: a turn of several moves.
    let ui = Ui::launch_with(dir.path(), Arc::new(ExtraTurnsFirst));
    ui.start_game(&[("Opponent", "Computer"), ("Computer level", "Beginner")]);
    assert!(log_lines(&ui).is_empty(), "no moves yet");
    // Kalah from the start: house 2 ends in house 6, so the turn passes to the computer.
    ui.tap("Bottom house 2");
    ui.settle();
    let record = ui.app.record().unwrap();
    let played = turns(Rules::new(Variant::Kalah), &record, 0);
    assert!(played.len() >= 2, "the computer answered: {record}");
    let (side, computer) = &played[1];
    assert_eq!(*side, Side::North);
    assert!(computer.len() >= 2, "a turn of extra turns: {record}");
    let lines = log_lines(&ui);
    let mut expected: Vec<String> = played
        .iter()
        .map(|(side, moves)| {
            said(
                if *side == Side::South {
                    "You"
                } else {
                    "Computer"
                },
                moves,
            )
        })
        .collect();
    expected.reverse();
    assert_eq!(lines, expected, "newest first; record {record}");
    assert_eq!(lines.last().unwrap(), "You: house 2");
    // The status line says the same of the computer's turn.
    assert!(ui.status().1.starts_with(&expected[0]), "{:?}", ui.status());

    // Undo goes back before the person's move: the undone turns leave the log; redo
    // brings them back.
    ui.tap("Undo");
    ui.settle();
    assert!(log_lines(&ui).is_empty(), "{:?}", log_lines(&ui));
    ui.tap("Redo");
    ui.settle();
    assert_eq!(log_lines(&ui).last().unwrap(), "You: house 2");
    assert!(log_lines(&ui).len() >= 2);
}

#[test]
fn the_log_tells_the_simultaneous_first_move_and_the_computers_congkak_turns() {
    init_no_event_loop();
    let dir = tempfile::tempdir().unwrap();
    let moves: Vec<Move> = TO_ROUND_TWO
        .split_whitespace()
        .map(|token| token.parse().unwrap())
        .collect();
    let ui = Ui::launch_with(dir.path(), Arc::new(FollowsRecord(moves.clone())));
    ui.app
        .load_record(Rules::traditional_congkak(), BEGINNER, &[])
        .unwrap();
    advance(20);
    ui.tap("Bottom house 5");
    ui.settle();
    // The person's moves of the record tapped, the computer's played, until the
    // computer has had a turn after the first move.
    let rules = Rules::traditional_congkak();
    while !turns(rules, &ui.app.record().unwrap(), 1)
        .iter()
        .any(|(side, _)| *side == Side::North)
    {
        let played = ui.moves_played();
        let house = moves[played].house().unwrap().number();
        ui.tap(&Ui::house_label(Side::South, house));
        ui.settle();
    }
    let record = ui.app.record().unwrap();
    let lines = log_lines(&ui);
    let first = lines.last().unwrap();
    assert!(
        first.starts_with("Both at once. You: house 5") && first.contains(". Computer: house 5"),
        "the first move on a line of its own: {first}"
    );
    let mut expected: Vec<String> = turns(rules, &record, 1)
        .iter()
        .map(|(side, moves)| {
            said(
                if *side == Side::South {
                    "You"
                } else {
                    "Computer"
                },
                moves,
            )
        })
        .collect();
    expected.reverse();
    assert_eq!(&lines[..lines.len() - 1], &expected[..], "record {record}");
}

#[test]
fn the_rules_button_opens_the_rules_of_the_game_being_played_and_comes_back_to_it() {
    init_no_event_loop();
    let dir = tempfile::tempdir().unwrap();
    let ui = Ui::launch_with(dir.path(), Arc::new(FirstLegalMove));
    ui.choose_game("Oware");
    ui.start_game(&[("Opponent", "Computer"), ("Computer level", "Beginner")]);
    ui.tap("Bottom house 3");
    ui.settle();
    // Settings now choose Kalah for the next game; the Oware game goes on.
    ui.tap("Back");
    ui.choose_game("Kalah");
    ui.tap("Continue");
    assert_eq!(ui.screen(), Screen::Game);
    let record = ui.app.record().unwrap();

    ui.tap("Rules of this game");
    assert_eq!(ui.screen(), Screen::Rules);
    let chosen: Vec<String> = ui
        .window
        .root_element()
        .query_descendants()
        .match_predicate(|e| {
            e.accessible_role() == Some(AccessibleRole::RadioButton)
                && e.accessible_checked() == Some(true)
        })
        .find_all()
        .iter()
        .filter_map(|e| e.accessible_label().map(|l| l.to_string()))
        .collect();
    assert_eq!(chosen, ["Oware"], "the rules of the game being played");

    ui.tap("Back");
    assert_eq!(ui.screen(), Screen::Game);
    assert_eq!(ui.app.record().unwrap(), record, "the same game");
    assert_eq!(ui.position().variant(), Variant::Oware);
    // From the home screen the rules open on the game chosen in Settings.
    ui.tap("Back");
    ui.tap("Rules");
    assert_eq!(ui.screen(), Screen::Rules);
    assert!(ui
        .find("Kalah")
        .iter()
        .any(|e| e.accessible_checked() == Some(true)));
}
