//! The move log on the game screen: a line per turn, each telling what every move of the
//! turn did in the words of the status line after the computer's turn ("Computer: house 4,
//! extra turn; house 2, captured 5 seeds"); Congkak's simultaneous first move on a line of
//! its own with both hands, and a line where a new round begins. Read off the game's
//! record, replayed, never kept beside it: undo takes the undone turn out of the log,
//! redo puts it back, and a resumed game has the log of its record. Plain facts; the
//! words are the UI's (`ui/views/turn-words.slint`).

use super::story::MoveFacts;
use crate::engine::{Game, House, Move, OpeningReport, Pit, Side, Step};

/// One line of the log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LogEntry {
    /// One side's turn: its moves in the order played (a turn goes on while its moves
    /// earn extra turns).
    Turn { side: Side, moves: Vec<MoveFacts> },
    /// Congkak's simultaneous first move: each hand's houses in the order chosen, South's
    /// first (a hand chooses again when its last seed falls in its store).
    FirstMove { hands: [Vec<MoveFacts>; 2] },
    /// Congkak with rounds: this round begins (the turn before it is over).
    NewRound(u8),
}

/// The log of a game, kept in step with it by [`MoveLog::sync`]: the moves it has told
/// are replayed on a game of its own, so a move played on top of them costs one replayed
/// move and anything else (undo, another game) a replay from the start.
#[derive(Clone, Debug, Default)]
pub struct MoveLog {
    replay: Option<Game>,
    entries: Vec<LogEntry>,
    /// Counts the changes of `entries`, so a view sends the lines again only when they
    /// changed.
    serial: u64,
}

impl MoveLog {
    /// The log of the first `shown` moves of `game` (the moves the player has seen: a
    /// move still being sown is told once it has landed).
    pub fn of(game: &Game, shown: usize) -> MoveLog {
        let mut log = MoveLog::default();
        log.sync(game, shown);
        log
    }

    /// Brings the log in step with the first `shown` moves of `game`.
    pub fn sync(&mut self, game: &Game, shown: usize) {
        let target = &game.moves()[..shown.min(game.moves().len())];
        let follows = self.replay.as_ref().is_some_and(|replay| {
            replay.start() == game.start() && target.starts_with(replay.moves())
        });
        if follows
            && self
                .replay
                .as_ref()
                .is_some_and(|r| r.moves().len() == target.len())
        {
            return;
        }
        if !follows {
            self.replay = Some(Game::from_start(*game.start()));
            self.entries.clear();
        }
        let told = self.replay.as_ref().map_or(0, |r| r.moves().len());
        for mv in &target[told..] {
            if !self.tell(mv) {
                break;
            }
        }
        self.serial += 1;
    }

    /// The lines, oldest first.
    pub fn entries(&self) -> &[LogEntry] {
        &self.entries
    }

    /// Changes with every change of the lines.
    pub fn serial(&self) -> u64 {
        self.serial
    }

    /// Replays `mv` and tells it; false if it cannot be played (never for a game's own
    /// record).
    fn tell(&mut self, mv: &Move) -> bool {
        let Some(replay) = self.replay.as_mut() else {
            return false;
        };
        let new_round = match mv {
            Move::House(house) => {
                let Ok(report) = replay.play(*house) else {
                    return false;
                };
                let facts = MoveFacts::from(&report);
                match self.entries.last_mut() {
                    Some(LogEntry::Turn { side, moves }) if *side == report.mover => {
                        moves.push(facts)
                    }
                    _ => self.entries.push(LogEntry::Turn {
                        side: report.mover,
                        moves: vec![facts],
                    }),
                }
                report.new_round
            }
            Move::Opening(opening) => {
                let Ok(report) = replay.play_opening(opening) else {
                    return false;
                };
                self.entries.push(LogEntry::FirstMove {
                    hands: hands(&report),
                });
                report.new_round
            }
        };
        if let Some(round) = new_round {
            self.entries.push(LogEntry::NewRound(round));
        }
        true
    }
}

/// What each hand of the simultaneous first move did, house by house, read off its steps:
/// a hand's pick-up is a new choice after its last seed fell in its own store (the house
/// before it then earned that extra choice), else a relay; captures go to the hand whose
/// store takes them.
fn hands(report: &OpeningReport) -> [Vec<MoveFacts>; 2] {
    let mut hands: [Vec<MoveFacts>; 2] = [Vec::new(), Vec::new()];
    let mut chosen = [0usize; 2];
    let mut in_hand = [0u32; 2];
    // The hand's seeds ran out in its own store (or it has not begun): its next pick-up
    // is a house its player chose.
    let mut choosing = [true; 2];
    let mut hand = Side::South;
    for step in &report.steps {
        match *step {
            Step::Hand { side } => hand = side,
            Step::PickUp { seeds, .. } => {
                let i = hand.index();
                in_hand[i] = seeds.into();
                if choosing[i] {
                    let houses = report.opening.of(hand);
                    let Some(&house) = houses.get(chosen[i]) else {
                        continue;
                    };
                    if let Some(before) = hands[i].last_mut() {
                        before.extra_turn = true;
                    }
                    hands[i].push(facts(house));
                    chosen[i] += 1;
                    choosing[i] = false;
                } else if let Some(current) = hands[i].last_mut() {
                    current.relays += 1;
                }
            }
            Step::Drop { pit } => {
                let i = hand.index();
                in_hand[i] = in_hand[i].saturating_sub(1);
                if in_hand[i] == 0 && pit == Pit::Store(hand) {
                    choosing[i] = true;
                }
            }
            Step::Capture { seeds, store, .. } => {
                let owner = if store == Pit::Store(Side::South) {
                    Side::South
                } else {
                    Side::North
                };
                if let Some(current) = hands[owner.index()].last_mut() {
                    current.captured += u32::from(seeds);
                }
            }
            Step::Sweep { .. }
            | Step::GrandSlamSpared
            | Step::NewRound { .. }
            | Step::Refill { .. }
            | Step::Burn { .. } => {}
        }
    }
    hands
}

fn facts(house: House) -> MoveFacts {
    MoveFacts {
        house,
        relays: 0,
        extra_turn: false,
        captured: 0,
        grand_slam_spared: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Lockstep, Position, Rules, Start, Variant};

    fn game(rules: Rules, record: &str) -> Game {
        Game::parse_record(*Game::new(rules).start(), record).unwrap()
    }

    /// Each line as the houses of its moves, with "+" after a move that earned an extra
    /// turn and "xN" after one that captured N; a first move as "S | N".
    fn lines(log: &MoveLog) -> Vec<String> {
        let told = |moves: &[MoveFacts]| {
            moves
                .iter()
                .map(|m| {
                    let mut s = m.house.number().to_string();
                    if m.extra_turn {
                        s.push('+');
                    }
                    if m.captured > 0 {
                        s.push_str(&format!("x{}", m.captured));
                    }
                    s
                })
                .collect::<Vec<_>>()
                .join(" ")
        };
        log.entries()
            .iter()
            .map(|entry| match entry {
                LogEntry::Turn { side, moves } => format!("{side:?}: {}", told(moves)),
                LogEntry::FirstMove { hands } => {
                    format!("both: {} | {}", told(&hands[0]), told(&hands[1]))
                }
                LogEntry::NewRound(round) => format!("round {round}"),
            })
            .collect()
    }

    #[test]
    fn a_line_per_turn_with_the_extra_turns_and_captures_of_its_moves() {
        // Kalah: South 3 ends in its store (extra turn), South 1, North 1, North 6, then
        // South 2 ... as the engine plays them.
        let g = game(Rules::new(Variant::Kalah), "3 1 1");
        let log = MoveLog::of(&g, g.moves().len());
        assert_eq!(lines(&log), ["South: 3+ 1", "North: 1"]);
        // A capture, found by playing each side's last legal move until one captures.
        let mut g = Game::new(Rules::new(Variant::Kalah));
        let (house, seeds) = loop {
            let mine = g.position().legal_moves().iter().next_back().unwrap();
            let report = g.play(mine).unwrap();
            if report.captured() > 0 {
                break (report.house, report.captured());
            }
        };
        let log = MoveLog::of(&g, g.moves().len());
        let last = lines(&log).pop().unwrap();
        assert!(
            last.ends_with(&format!(" {}x{seeds}", house.number()))
                || last.ends_with(&format!(": {}x{seeds}", house.number())),
            "the capture of {seeds} is told: {last}"
        );
    }

    #[test]
    fn the_move_still_being_sown_is_not_told_yet() {
        let g = game(Rules::new(Variant::Oware), "3 5 2");
        let log = MoveLog::of(&g, 2);
        assert_eq!(lines(&log), ["South: 3", "North: 5"]);
    }

    #[test]
    fn undo_takes_the_undone_turn_out_and_redo_brings_it_back() {
        let mut g = game(Rules::new(Variant::Kalah), "3 1 1");
        let mut log = MoveLog::of(&g, 3);
        let serial = log.serial();
        log.sync(&g, 3);
        assert_eq!(
            log.serial(),
            serial,
            "nothing changed, nothing to send again"
        );
        g.undo();
        log.sync(&g, g.moves().len());
        assert_eq!(lines(&log), ["South: 3+ 1"]);
        assert_ne!(log.serial(), serial);
        g.undo();
        log.sync(&g, g.moves().len());
        assert_eq!(lines(&log), ["South: 3+"]);
        g.redo();
        g.redo();
        log.sync(&g, g.moves().len());
        assert_eq!(lines(&log), ["South: 3+ 1", "North: 1"]);
        // Another game altogether starts a new log.
        let other = game(Rules::new(Variant::Oware), "1");
        log.sync(&other, 1);
        assert_eq!(lines(&log), ["South: 1"]);
    }

    #[test]
    fn a_resumed_game_has_the_log_of_its_record() {
        let played = game(Rules::new(Variant::Oware), "3 5 2 6 1");
        let mut log = MoveLog::of(&played, 2);
        log.sync(&played, 5);
        let resumed = Game::replay(*played.start(), played.moves()).unwrap();
        assert_eq!(
            MoveLog::of(&resumed, 5).entries(),
            log.entries(),
            "told move by move or from the record, the same log"
        );
        assert_eq!(log.entries().len(), 5);
    }

    #[test]
    fn the_simultaneous_first_move_has_a_line_of_its_own() {
        // Every first move of Congkak 6×3 (a seventh of them, hands that choose again
        // among them): the log's houses, relays and captures add up to the report's,
        // hand by hand.
        let small = Rules::builder(Variant::Congkak)
            .seeds(3)
            .start(Start::Simultaneous)
            .build()
            .unwrap();
        let start = Position::start(small);
        let mut chose_again = false;
        let mut captured = false;
        for (opening, _) in Lockstep::all_openings(&start).into_iter().step_by(7) {
            let report = Game::from_start(start).play_opening(&opening).unwrap();
            let hands = hands(&report);
            for side in Side::BOTH {
                let i = side.index();
                let told = &hands[i];
                assert_eq!(
                    told.iter().map(|m| m.house).collect::<Vec<_>>(),
                    report.opening.of(side),
                    "{opening}: the houses chosen"
                );
                assert_eq!(
                    told.iter().map(|m| m.relays).sum::<u32>(),
                    report.relays[i],
                    "{opening}: {side:?}'s relays"
                );
                assert_eq!(
                    told.iter().map(|m| m.captured).sum::<u32>(),
                    report.captured[i],
                    "{opening}: {side:?}'s captures"
                );
                let extra = told.iter().filter(|m| m.extra_turn).count();
                assert_eq!(
                    extra,
                    told.len() - 1,
                    "every choice but the last earned one"
                );
                chose_again |= told.len() > 1;
                captured |= report.captured[i] > 0;
            }
        }
        assert!(chose_again && captured, "the sample has both");
        // In a game: the first move's line, then each turn's.
        let mut g = Game::from_start(start);
        let (opening, _) = Lockstep::all_openings(&start).swap_remove(0);
        let report = g.play_opening(&opening).unwrap();
        let next = g.position().legal_moves().first().unwrap();
        g.play(next).unwrap();
        let log = MoveLog::of(&g, 2);
        assert!(matches!(log.entries()[0], LogEntry::FirstMove { .. }));
        let LogEntry::Turn { side, .. } = &log.entries()[1] else {
            panic!("a turn after the first move: {:?}", log.entries());
        };
        assert_eq!(*side, report.stopped_first.opponent());
    }

    #[test]
    fn a_new_round_has_a_line_and_ends_the_turn_before_it() {
        // Traditional Congkak played out with the first legal move each time until a
        // round ends.
        let mut g = Game::new(Rules::traditional_congkak());
        g.play_opening(&"2+2".parse().unwrap()).unwrap();
        let mut round_at = None;
        for _ in 0..2000 {
            if g.is_over() {
                break;
            }
            let report = g.play(g.position().legal_moves().first().unwrap()).unwrap();
            if report.new_round.is_some() {
                round_at = Some(g.moves().len());
                break;
            }
        }
        let at = round_at.expect("a round ends");
        let log = MoveLog::of(&g, at);
        assert_eq!(log.entries().last(), Some(&LogEntry::NewRound(2)));
    }
}
