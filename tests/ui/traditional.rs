//! Traditional Congkak (seven houses of seven seeds, the simultaneous first move, rounds
//! with burnt houses) played by taps against a computer that follows a known record, so
//! the game reaches a second round in which the person's own houses 6 and 7 are burnt.

use super::*;
use mancala::engine::Move;
use mancala::testing::opening_brains::FollowsRecord;

/// A first move `5+5` and round 1 to its end: South's store then fills only houses 1 to
/// 5, so South's houses 6 and 7 burn for round 2, which North (the round's winner)
/// begins.
pub(crate) const TO_ROUND_TWO: &str =
    "5+5 3 1 1 4 5 2 3 1 4 2 3 4 1 6 1 7 3 5 1 6 2 7 1 5 7 3 5 4 1 6 5 4 6 3 3 6 5";

fn record() -> Vec<Move> {
    TO_ROUND_TWO
        .split_whitespace()
        .map(|token| token.parse().unwrap())
        .collect()
}

#[test]
fn a_traditional_game_by_taps_chooses_at_once_and_reaches_a_round_with_burnt_houses() {
    init_no_event_loop();
    let dir = tempfile::tempdir().unwrap();
    let moves = record();
    let ui = Ui::launch_with(dir.path(), Arc::new(FollowsRecord(moves.clone())));
    ui.app
        .load_record(Rules::traditional_congkak(), BEGINNER, &[])
        .unwrap();
    advance(20);
    // Both choose at once: every house of the person's is lit, none of the computer's.
    let (turn, _) = ui.status();
    assert_eq!(turn, "Both players choose at once: tap a house");
    assert_eq!(ui.lit_houses(Side::South, 7), [1, 2, 3, 4, 5, 6, 7]);
    assert!(ui.lit_houses(Side::North, 7).is_empty());
    ui.tap("Bottom house 5");
    // The computer's house comes from its thread; then both hands sow together.
    ui.until(10, "both hands sowing", |ui| {
        ui.status().0 == "Both hands sow at once…"
    });
    ui.settle();
    let record = ui.app.record().unwrap();
    assert!(
        record.starts_with("5+5 "),
        "the first move is one move: {record}"
    );
    // Round 1, by taps: the person's moves of the record tapped, the computer's played;
    // the banner tells the new round when it comes.
    let told = std::cell::Cell::new(false);
    while ui.moves_played() < moves.len() {
        let played = ui.moves_played();
        let pos = ui.position();
        assert_eq!(pos.round(), 1, "round 1 lasts the whole record");
        if pos.side_to_move() == Side::South {
            let house = moves[played].house().unwrap().number();
            ui.tap(&Ui::house_label(Side::South, house));
        }
        ui.until(60, "the moves shown", |ui| {
            let (_, notice) = ui.status();
            told.set(told.get() || notice == "Round 2: your houses 6, 7 are burnt.");
            !ui.app.is_busy()
        });
        assert!(ui.moves_played() > played, "move {played} was played");
    }
    assert!(told.get(), "the banner told the new round");
    let pos = ui.position();
    assert_eq!(pos.round(), 2);
    let burnt: Vec<u8> = pos.burnt(Side::South).iter().map(House::number).collect();
    assert_eq!(burnt, [6, 7]);
    says(&shown_text(&ui), "Round 2");
    // North won round 1 (South could not fill two houses) and begins round 2.
    let state = ui.window.global::<mancala::GameState>();
    assert!(state.get_rounds());
    assert_eq!(
        (state.get_rounds_won_south(), state.get_rounds_won_north()),
        (0, 1)
    );
    ui.until(30, "the person's turn in round 2", |ui| {
        !ui.app.is_busy() && ui.position().side_to_move() == Side::South
    });
    // The burnt houses are named burnt, closed and never lit; a tap on one plays nothing.
    for house in [6, 7] {
        let label = format!("Bottom house {house}, burnt");
        assert!(ui.exists(&label), "{}", shown_text(&ui));
        assert!(ui.playable_mark(Side::South, house).is_none());
    }
    let lit = ui.lit_houses(Side::South, 7);
    assert!(!lit.is_empty() && lit.iter().all(|&h| h <= 5), "{lit:?}");
    let before = ui.moves_played();
    ui.tap("Bottom house 7, burnt");
    ui.settle();
    assert_eq!(ui.moves_played(), before, "a burnt house is not played");
    assert_eq!(ui.position().side_to_move(), Side::South);
    ui.tap(&Ui::house_label(Side::South, lit[0]));
    ui.settle();
    assert!(ui.moves_played() > before);
}

#[test]
fn a_traditional_match_over_tells_the_round_it_ended_in_and_the_rounds_won() {
    init_no_event_loop();
    let dir = tempfile::tempdir().unwrap();
    let ui = Ui::launch_with(dir.path(), Arc::new(FollowsRecord(vec![])));
    // Round 2 ends with the computer's store short of a single house: it loses the match.
    let moves: Vec<Move> = "3+4 5 4 4 1 3 3 2 2 1 5 2 3 4 4 1 5 6 7 2 4 1 1"
        .split_whitespace()
        .map(|token| token.parse().unwrap())
        .collect();
    ui.app
        .load_record(Rules::traditional_congkak(), BEGINNER, &moves)
        .unwrap();
    ui.settle();
    assert!(ui.position().is_over());
    let shown = shown_text(&ui);
    says(&shown, "it loses the match");
    says(
        &shown,
        "The match ended in round 2. Rounds won: You 2, Computer 0.",
    );
}
