//! Congkak's traditional rules, 10 to 12 of docs/rules.md: the simultaneous first move
//! (its worked examples, step by step), burnt houses, rounds and the end of the match;
//! and a second, naive implementation of the lockstep that every first move of Congkak
//! 6×3 is checked against.

use mancala_engine::{
    EndReason, Game, Hand, House, IllegalMove, IllegalOpening, Lockstep, Move, Opening, Outcome,
    Position, RecordErrorKind, Rules, Side, Start, Step, Variant,
};
use std::collections::HashMap;

const S: Side = Side::South;
const N: Side = Side::North;

fn h(number: u8) -> House {
    House::new(number).unwrap()
}

/// Congkak 6×3 with the simultaneous start (the worked examples' board).
fn six_by_three() -> Rules {
    Rules::builder(Variant::Congkak)
        .seeds(3)
        .start(Start::Simultaneous)
        .build()
        .unwrap()
}

fn rounds_six_by_three() -> Rules {
    Rules::builder(Variant::Congkak)
        .seeds(3)
        .rounds(true)
        .build()
        .unwrap()
}

fn rows(pos: &Position) -> (Vec<u8>, Vec<u8>, [u8; 2]) {
    (pos.houses(S).to_vec(), pos.houses(N).to_vec(), pos.stores())
}

#[test]
fn congkak_10_worked_example_1_plus_1() {
    let start = Position::start(six_by_three());
    assert!(start.in_opening());
    let after = start.play_opening(&"1+1".parse().unwrap()).unwrap();
    assert_eq!(
        rows(&after),
        (vec![1, 4, 4, 0, 4, 4], vec![1, 4, 4, 0, 4, 4], [1, 1])
    );
    // Both hands stopped in step 7, South's first: North moves.
    assert_eq!(after.side_to_move(), N);
    assert!(!after.in_opening());
}

#[test]
fn congkak_10_worked_example_2_plus_3_step_by_step() {
    let start = Position::start(six_by_three());
    let mut lockstep = Lockstep::new(&start).unwrap();
    lockstep.choose(S, h(2)).unwrap();
    lockstep.choose(N, h(3)).unwrap();
    let sowing = |l: &Lockstep, side| match l.hand(side) {
        Hand::Sowing { seeds, .. } => seeds,
        other => panic!("{side:?}'s hand is {other:?}"),
    };
    // Step 3: both last seeds raise a house to 4: both relay, holding 4.
    for _ in 0..3 {
        assert!(lockstep.step());
    }
    assert_eq!((sowing(&lockstep, S), sowing(&lockstep, N)), (4, 4));
    assert_eq!(lockstep.board().houses(S), &[3, 0, 4, 4, 0, 3]);
    assert_eq!(lockstep.board().houses(N), &[3, 3, 0, 4, 4, 0]);
    // Step 7: South relays from N2 (4), North from S3 (5).
    for _ in 3..7 {
        assert!(lockstep.step());
    }
    assert_eq!((sowing(&lockstep, S), sowing(&lockstep, N)), (4, 5));
    assert_eq!(lockstep.board().houses(S), &[4, 1, 0, 4, 0, 4]);
    assert_eq!(lockstep.board().houses(N), &[4, 0, 0, 4, 4, 0]);
    assert_eq!(lockstep.board().stores(), [1, 1]);
    // Step 11: South's last seed falls in the empty N6 and its hand stops; North sows on.
    for _ in 7..11 {
        assert!(lockstep.step());
    }
    assert_eq!(lockstep.hand(S), Hand::Stopped);
    assert_eq!(lockstep.stopped_first(), Some(S));
    assert_eq!(sowing(&lockstep, N), 1);
    // Step 12: North's last seed falls in its empty N2 and captures S5's seed with it.
    assert!(lockstep.step());
    assert!(lockstep.is_done());
    assert!(!lockstep.step(), "nothing moves once both hands stopped");
    let after = lockstep.finish().unwrap();
    assert_eq!(
        rows(&after),
        (vec![4, 1, 0, 5, 0, 5], vec![5, 0, 1, 5, 5, 1], [1, 3])
    );
    assert_eq!(after.side_to_move(), N);
    assert_eq!(start.play_opening(&"2+3".parse().unwrap()), Ok(after));
}

#[test]
fn congkak_10_the_report_tells_each_hand_and_the_record_keeps_the_token() {
    let mut game = Game::new(six_by_three());
    assert!(game.in_opening());
    assert!(game.legal_moves().is_empty());
    assert_eq!(game.play(h(1)), Err(IllegalMove::OpeningPending));
    let report = game.play_opening(&"2+3".parse().unwrap()).unwrap();
    assert_eq!(report.stopped_first, S);
    assert_eq!(report.relays, [2, 2]);
    assert_eq!(report.captured, [0, 2]);
    assert_eq!(report.steps[0], Step::Hand { side: S });
    assert!(report.steps.contains(&Step::Hand { side: N }));
    assert_eq!(game.record(), "2+3");
    game.play(h(1)).unwrap(); // North's house 1: 5 seeds
    assert_eq!(game.record(), "2+3 1");
    let replayed = Game::parse_record(*game.start(), "2+3 1").unwrap();
    assert_eq!(replayed, game);
    // Undo goes back to the simultaneous first move, and redo plays it again.
    game.undo();
    assert_eq!(game.undo(), Some(Move::Opening("2+3".parse().unwrap())));
    assert!(game.in_opening());
    game.redo();
    assert_eq!(game.record(), "2+3");
}

#[test]
fn congkak_10_a_hand_that_ends_in_its_store_chooses_again() {
    // 7×7: South's house 1 holds 7 seeds: houses 2 to 7 and the store. South chooses
    // again; North's hand (house 1 too) is in the same place, so both choose at once.
    let start = Position::start(Rules::traditional_congkak());
    let mut lockstep = Lockstep::new(&start).unwrap();
    lockstep.choose(S, h(1)).unwrap();
    assert_eq!(lockstep.choose(S, h(2)), Err(IllegalMove::NotYourTurn));
    assert!(!lockstep.step(), "no step while North has not chosen");
    lockstep.choose(N, h(1)).unwrap();
    lockstep.run();
    assert_eq!(lockstep.hand(S), Hand::Choosing);
    assert_eq!(lockstep.hand(N), Hand::Choosing);
    assert_eq!(lockstep.board().stores(), [1, 1]);
    // House 1 is empty now: not a choice.
    assert!(!lockstep.choices(S).contains(h(1)));
    assert_eq!(
        lockstep.choose(S, h(1)),
        Err(IllegalMove::EmptyHouse { house: h(1) })
    );
    // The record must name the second choice, and only as many as were asked for.
    assert_eq!(
        start.play_opening(&"1+1".parse().unwrap()),
        Err(IllegalOpening::Missing { side: S })
    );
    let full = Lockstep::all_openings(&Position::start(six_by_three()));
    let (opening, _) = full
        .iter()
        .find(|(o, _)| o.south.len() == 2 && o.north.len() == 1)
        .unwrap();
    let mut extra = opening.clone();
    extra.north.push(h(6));
    let six = Position::start(six_by_three());
    assert_eq!(
        six.play_opening(&extra),
        Err(IllegalOpening::Unused { side: N })
    );
    assert!(six.play_opening(opening).is_ok());
}

#[test]
fn congkak_10_tokens_and_their_refusals() {
    let start = Position::start(six_by_three());
    for (record, index) in [("3", 1), ("3+", 1), ("+3", 1), ("3+7", 1), ("1+1 1+1", 2)] {
        let err = Game::parse_record(start, record).unwrap_err();
        assert_eq!(err.index, index, "{record}: {err}");
    }
    let err = Game::parse_record(start, "3").unwrap_err();
    assert_eq!(
        err.reason,
        RecordErrorKind::Illegal(IllegalMove::OpeningPending)
    );
    // Without the simultaneous start, a token with `+` is not a move at all.
    let alternate = Position::start(Rules::new(Variant::Congkak));
    assert!(!alternate.in_opening());
    let err = Game::parse_record(alternate, "3+5").unwrap_err();
    assert_eq!(err.reason, RecordErrorKind::NotANumber);
    let opening: Opening = "3,1+5".parse().unwrap();
    assert_eq!(opening.to_string(), "3,1+5");
    for bad in ["3,+5", "a+5", "3+5+1", "0+1", "8+1"] {
        assert!(bad.parse::<Opening>().is_err(), "{bad}");
    }
}

#[test]
fn congkak_11_burnt_houses_are_passed_over_never_played_and_give_nothing() {
    // Round 2 of 6×3: South's houses 5 and 6 are burnt.
    let rules = rounds_six_by_three();
    let burnt = [vec![h(5), h(6)], vec![]];
    let p = Position::from_round(
        rules,
        [&[3, 3, 3, 2, 0, 0], &[0, 3, 3, 3, 3, 3]],
        [4, 6],
        S,
        2,
        burnt,
    )
    .unwrap();
    assert_eq!(p.round(), 2);
    assert_eq!(p.play(h(5)), Err(IllegalMove::BurntHouse { house: h(5) }));
    assert_eq!(p.legal_moves().to_vec(), [h(1), h(2), h(3), h(4)]);
    // House 4's 2 seeds pass over the burnt 5 and 6: the store, then North's empty
    // house 1, where the turn ends.
    let next = p.play(h(4)).unwrap();
    assert_eq!(next.houses(S), &[3, 3, 3, 0, 0, 0]);
    assert_eq!(next.store(S), 5);
    assert_eq!(next.house(N, h(1)), 1);
    assert_eq!(next.side_to_move(), N);
    // A capture facing a burnt house takes nothing: South's house 2 faces North's 5.
    let facing = |empty_capture| {
        Position::from_round(
            rules
                .to_builder()
                .empty_capture(empty_capture)
                .build()
                .unwrap(),
            [&[1, 0, 3, 3, 3, 3], &[3, 3, 3, 3, 0, 0]],
            [6, 5],
            S,
            2,
            [vec![], vec![h(5), h(6)]],
        )
        .unwrap()
        .play(h(1))
        .unwrap()
    };
    let kept = facing(false);
    assert_eq!((kept.house(S, h(2)), kept.store(S)), (1, 6));
    // With empty-capture on, the last seed alone goes to the store.
    let banked = facing(true);
    assert_eq!((banked.house(S, h(2)), banked.store(S)), (0, 7));
    // A burnt house must be empty and needs rounds.
    assert!(Position::from_round(
        rules,
        [&[3, 3, 3, 3, 1, 0], &[3; 6]],
        [2, 3],
        S,
        2,
        [vec![h(5)], vec![]]
    )
    .is_err());
    assert!(Position::from_round(
        six_by_three(),
        [&[3, 3, 3, 3, 0, 0], &[3; 6]],
        [6, 0],
        S,
        2,
        [vec![h(5), h(6)], vec![]]
    )
    .is_err());
}

#[test]
fn congkak_12_worked_example_a_new_round() {
    // South's last seed goes to its store; South, to move again, has no seeds: the round
    // ends, North sweeps its 2 seeds. Stores 22 and 14.
    let rules = rounds_six_by_three();
    let before = Position::from_parts(
        rules,
        [&[0, 0, 0, 0, 0, 1], &[2, 0, 0, 0, 0, 0]],
        [21, 12],
        S,
    )
    .unwrap();
    let mut game = Game::from_start(before);
    let report = game.play(h(6)).unwrap();
    let after = *game.position();
    assert_eq!(report.new_round, Some(2));
    assert!(!report.extra_turn, "a new round is not an extra turn");
    assert!(!after.is_over());
    assert_eq!(after.round(), 2);
    assert_eq!(after.houses(S), &[3; 6]);
    assert_eq!(after.houses(N), &[3, 3, 3, 3, 0, 0]);
    assert_eq!(after.stores(), [4, 2]);
    assert_eq!(after.burnt(N).to_vec(), [h(5), h(6)]);
    assert!(after.burnt(S).is_empty());
    assert_eq!(after.side_to_move(), S, "the round's winner starts");
    assert_eq!(after.total_seeds(), 36);
    let burns: Vec<&Step> = report
        .steps
        .iter()
        .filter(|s| matches!(s, Step::Burn { .. }))
        .collect();
    assert_eq!(burns.len(), 2);
}

#[test]
fn congkak_12_a_drawn_round_is_started_by_the_player_who_could_not_move() {
    let rules = rounds_six_by_three();
    let before = Position::from_parts(
        rules,
        [&[0, 0, 0, 0, 0, 1], &[1, 0, 0, 0, 0, 0]],
        [17, 17],
        S,
    )
    .unwrap();
    let after = before.play(h(6)).unwrap();
    // South moved again with nothing: South could not move; stores 18 and 18.
    assert_eq!(after.round(), 2);
    assert_eq!(after.side_to_move(), S);
}

#[test]
fn congkak_12_a_player_who_cannot_fill_one_house_loses_the_match() {
    let rules = rounds_six_by_three();
    let before = Position::from_parts(
        rules,
        [&[0, 0, 0, 0, 0, 1], &[1, 0, 0, 0, 0, 0]],
        [33, 1],
        S,
    )
    .unwrap();
    let mut game = Game::from_start(before);
    let report = game.play(h(6)).unwrap();
    assert_eq!(report.end, Some(EndReason::MatchLost { side: N }));
    let after = game.position();
    assert!(after.is_over());
    assert_eq!(after.stores(), [34, 2]);
    assert_eq!(after.outcome(), Some(Outcome::Win(S)));
    assert!(after.legal_moves().is_empty());
}

#[test]
fn old_congkak_records_and_rules_read_as_before() {
    let rules: Rules =
        serde_json::from_str(r#"{"variant":"congkak","houses":7,"seeds":5}"#).unwrap();
    assert_eq!((rules.start(), rules.rounds()), (Start::Alternate, false));
    let game = Game::parse_record(Position::start(rules), "3 6 1").unwrap();
    assert_eq!(game.record(), "3 6 1");
    let moves: Vec<Move> = serde_json::from_str("[3,6,1]").unwrap();
    assert_eq!(Game::replay(Position::start(rules), &moves).unwrap(), game);
    assert_eq!(serde_json::to_string(game.moves()).unwrap(), "[3,6,1]");
}

// ---- a second implementation of the lockstep, for every first move of 6×3 ----------

/// The simultaneous first move written out naively: the board as 14 numbers, each hand
/// a pit and a count, the rules of docs/rules.md read literally. Returns every first
/// move's token with South's houses, North's houses, the stores and who moves next.
fn naive_openings() -> HashMap<String, (Vec<u8>, Side)> {
    #[derive(Clone, Copy, PartialEq)]
    enum Naive {
        Choose,
        Sow(usize, u8),
        Done,
    }
    #[derive(Clone)]
    struct State {
        pits: [u8; 14],
        hands: [Naive; 2],
        first_done: Option<usize>,
        chosen: [Vec<u8>; 2],
    }
    const STORE: [usize; 2] = [6, 13];
    fn own_houses(side: usize) -> std::ops::Range<usize> {
        side * 7..side * 7 + 6
    }
    fn finish(st: &mut State, side: usize) {
        st.hands[side] = Naive::Done;
        if st.first_done.is_none() {
            st.first_done = Some(side);
        }
    }
    fn explore(st: State, out: &mut HashMap<String, (Vec<u8>, Side)>) {
        let choosing: Vec<usize> = (0..2).filter(|&s| st.hands[s] == Naive::Choose).collect();
        if !choosing.is_empty() {
            // Every combination of the choices of the hands that choose now.
            let options: Vec<Vec<Option<usize>>> = (0..2)
                .map(|s| {
                    if st.hands[s] == Naive::Choose {
                        own_houses(s)
                            .filter(|&p| st.pits[p] > 0)
                            .map(Some)
                            .collect()
                    } else {
                        vec![None]
                    }
                })
                .collect();
            for &a in &options[0] {
                for &b in &options[1] {
                    let mut next = st.clone();
                    for (side, pick) in [(0, a), (1, b)] {
                        if let Some(p) = pick {
                            next.hands[side] = Naive::Sow(p, next.pits[p]);
                            next.pits[p] = 0;
                            next.chosen[side].push((p - side * 7 + 1) as u8);
                        }
                    }
                    explore(next, out);
                }
            }
            return;
        }
        let mut st = st;
        while st.hands != [Naive::Done; 2] {
            for side in 0..2 {
                let Naive::Sow(at, seeds) = st.hands[side] else {
                    continue;
                };
                let mut p = (at + 1) % 14;
                if p == STORE[1 - side] {
                    p = (p + 1) % 14;
                }
                st.pits[p] += 1;
                if seeds > 1 {
                    st.hands[side] = Naive::Sow(p, seeds - 1);
                } else if p == STORE[side] {
                    if own_houses(side).any(|q| st.pits[q] > 0) {
                        st.hands[side] = Naive::Choose;
                    } else {
                        finish(&mut st, side);
                    }
                } else if st.pits[p] > 1 {
                    st.hands[side] = Naive::Sow(p, st.pits[p]);
                    st.pits[p] = 0;
                } else {
                    if own_houses(side).contains(&p) && st.pits[12 - p] > 0 {
                        st.pits[STORE[side]] += st.pits[12 - p] + 1;
                        st.pits[12 - p] = 0;
                        st.pits[p] = 0;
                    }
                    finish(&mut st, side);
                }
            }
            if st.hands.contains(&Naive::Choose) {
                return explore(st, out);
            }
        }
        let token = format!(
            "{}+{}",
            st.chosen[0]
                .iter()
                .map(u8::to_string)
                .collect::<Vec<_>>()
                .join(","),
            st.chosen[1]
                .iter()
                .map(u8::to_string)
                .collect::<Vec<_>>()
                .join(",")
        );
        let next = if st.first_done == Some(0) { N } else { S };
        out.insert(token, (st.pits.to_vec(), next));
    }
    let mut out = HashMap::new();
    explore(
        State {
            pits: [3, 3, 3, 3, 3, 3, 0, 3, 3, 3, 3, 3, 3, 0],
            hands: [Naive::Choose; 2],
            first_done: None,
            chosen: [Vec::new(), Vec::new()],
        },
        &mut out,
    );
    out
}

#[test]
fn every_first_move_of_6x3_agrees_with_a_naive_lockstep() {
    let naive = naive_openings();
    let start = Position::start(six_by_three());
    let all = Lockstep::all_openings(&start);
    assert_eq!(all.len(), naive.len());
    assert_eq!(all.len(), 49_206);
    assert_eq!(mancala_engine::perft(&start, 1), 49_206);
    let mut ended = 0;
    for (opening, after) in &all {
        let (pits, next) = &naive[&opening.to_string()];
        let mut expected = pits.clone();
        let next_has_seeds = expected[next.index() * 7..next.index() * 7 + 6]
            .iter()
            .any(|&s| s > 0);
        if !next_has_seeds {
            // Rule 7 at once: the other player sweeps their houses into their store.
            let other = next.opponent().index() * 7;
            let swept: u8 = expected[other..other + 6].iter().sum();
            expected[other..other + 6].fill(0);
            expected[other + 6] += swept;
            ended += 1;
        }
        assert_eq!(after.pits(), expected.as_slice(), "{opening}");
        assert_eq!(after.is_over(), !next_has_seeds, "{opening}");
        assert_eq!(after.side_to_move(), *next, "{opening}");
    }
    assert!(ended > 0, "some first moves leave the next player nothing");
}

#[test]
fn seeds_are_conserved_in_100_000_positions_of_traditional_matches() {
    let mut state = 7u64;
    let mut draw = move |n: usize| {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (state >> 33) as usize % n
    };
    let (mut positions, mut rounds_seen, mut matches_over) = (0u32, 0u32, 0u32);
    for rules in [
        Rules::traditional_congkak(),
        Rules::builder(Variant::Congkak)
            .seeds(4)
            .start(Start::Simultaneous)
            .rounds(true)
            .build()
            .unwrap(),
    ]
    .into_iter()
    .cycle()
    {
        if positions >= 100_000 {
            break;
        }
        let start = Position::start(rules);
        let done = Lockstep::new(&start).unwrap().play_out(|lockstep, side| {
            let options = lockstep.choices(side).to_vec();
            Some(options[draw(options.len())])
        });
        let mut pos = done.finish().unwrap();
        // A match may go on for many rounds; a thousand moves is plenty for the count.
        for _ in 0..1000 {
            positions += 1;
            assert_eq!(
                pos.pits().iter().map(|&s| s as u32).sum::<u32>(),
                rules.total_seeds()
            );
            for side in Side::BOTH {
                for house in pos.burnt(side) {
                    assert_eq!(pos.house(side, house), 0, "a burnt house holds nothing");
                    assert!(!pos.legal_moves().contains(house) || side != pos.side_to_move());
                }
            }
            let moves = pos.legal_moves().to_vec();
            if moves.is_empty() {
                assert!(pos.is_over());
                matches_over += 1;
                break;
            }
            let next = pos.play(moves[draw(moves.len())]).unwrap();
            if next.round() > pos.round() {
                rounds_seen += 1;
            }
            pos = next;
        }
    }
    assert!(positions >= 100_000);
    assert!(rounds_seen > 100, "{rounds_seen} new rounds");
    assert!(matches_over > 10, "{matches_over} matches ended");
}

#[test]
fn congkak_13_a_match_that_comes_back_ends() {
    // Both players always take their last (or first) house: such matches repeat their
    // rounds, and rule 13 ends them.
    let mut repeated = 0;
    for (seeds, last) in [
        (7, true),
        (7, false),
        (5, true),
        (5, false),
        (4, true),
        (3, false),
    ] {
        let rules = Rules::traditional_congkak().with_seeds(seeds).unwrap();
        let mut game = Game::new(rules);
        let done = Lockstep::new(game.position())
            .unwrap()
            .play_out(|lockstep, side| {
                let choices = lockstep.choices(side);
                if last {
                    choices.last()
                } else {
                    choices.first()
                }
            });
        game.play_opening(done.opening()).unwrap();
        let mut moves = 0;
        while !game.is_over() {
            let legal = game.legal_moves();
            let house = if last { legal.last() } else { legal.first() };
            game.play(house.unwrap()).unwrap();
            moves += 1;
            assert!(moves < 20_000, "{seeds} seeds: the match never ends");
        }
        let end = game.end_reason().unwrap();
        assert!(
            matches!(end, EndReason::Repetition | EndReason::MatchLost { .. }),
            "{end:?}"
        );
        if end == EndReason::Repetition {
            repeated += 1;
            let after = game.position();
            assert!(Side::BOTH
                .iter()
                .all(|&s| after.houses(s).iter().all(|&x| x == 0)));
        }
    }
    assert!(repeated > 0, "some of these matches come back");
}
