//! Computer players for tests, each named for what it does: they answer at once, think
//! until cancelled, panic, or play and coach by a script, so a test knows exactly what
//! the computer will do and when.

use crate::ai::{Advice, Grade, MoveReview, MoveValue};
use crate::app::Brain;
use crate::engine::{Game, House, Rules, Side};
use crate::players::Difficulty;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::time::Duration;

/// Plays its first legal move at once; its hint is that move, valued 0.
pub struct FirstLegalMove;

impl Brain for FirstLegalMove {
    fn choose_move(&self, game: &Game, _level: Difficulty, _cancel: &AtomicBool) -> House {
        game.position()
            .legal_moves()
            .first()
            .expect("asked to move in a finished game")
    }

    fn hint(&self, game: &Game, cancel: &AtomicBool) -> Option<Advice> {
        let house = self.choose_move(game, Difficulty::Beginner, cancel);
        Some(single(house))
    }
}

/// Plays its first legal move at once; its hint values every legal move, the last one
/// best (3 seeds ahead), each one before it 2 seeds worse.
pub struct FirstMoveLastHint;

impl Brain for FirstMoveLastHint {
    fn choose_move(&self, game: &Game, _level: Difficulty, _cancel: &AtomicBool) -> House {
        game.position().legal_moves().first().unwrap()
    }

    fn hint(&self, game: &Game, _cancel: &AtomicBool) -> Option<Advice> {
        let mut legal = game.position().legal_moves().to_vec();
        legal.reverse();
        Some(Advice {
            moves: legal
                .into_iter()
                .enumerate()
                .map(|(i, house)| MoveValue {
                    house,
                    value: 3 - 2 * i as i32,
                    exact: false,
                })
                .collect(),
        })
    }
}

/// Thinks (moves, hints, reviews) until told to stop, then says on its channel that it
/// was told, and answers with the first legal move.
pub struct UntilCancelled(Mutex<mpsc::Sender<()>>);

impl UntilCancelled {
    /// The player, and the receiver that hears of each cancelled search.
    pub fn new() -> (UntilCancelled, mpsc::Receiver<()>) {
        let (sender, stopped) = mpsc::channel();
        (UntilCancelled(Mutex::new(sender)), stopped)
    }
}

impl Brain for UntilCancelled {
    fn choose_move(&self, game: &Game, _level: Difficulty, cancel: &AtomicBool) -> House {
        wait_for(cancel);
        let _ = self.0.lock().unwrap().send(());
        game.position()
            .legal_moves()
            .first()
            .unwrap_or(House::new(1).unwrap())
    }

    fn hint(&self, game: &Game, cancel: &AtomicBool) -> Option<Advice> {
        let house = self.choose_move(game, Difficulty::Expert, cancel);
        Some(single(house))
    }

    fn review(
        &self,
        game: &Game,
        progress: &(dyn Fn(usize, usize, Option<&MoveReview>) + Send + Sync),
        cancel: &AtomicBool,
    ) -> Option<Vec<MoveReview>> {
        progress(1, game.moves().len(), None);
        let _ = self.choose_move(game, Difficulty::Expert, cancel);
        None
    }
}

/// A search with a bug: every move and hint panics.
pub struct Panicking;

impl Brain for Panicking {
    fn choose_move(&self, _: &Game, _: Difficulty, _: &AtomicBool) -> House {
        panic!("a search bug")
    }

    fn hint(&self, _: &Game, _: &AtomicBool) -> Option<Advice> {
        panic!("a search bug")
    }
}

/// Takes an extra turn whenever one of its moves earns one (the longest turns), else
/// plays its first legal move; no hints.
pub struct ExtraTurnsFirst;

impl Brain for ExtraTurnsFirst {
    fn choose_move(&self, game: &Game, _level: Difficulty, _cancel: &AtomicBool) -> House {
        let legal = game.position().legal_moves().to_vec();
        let earns_extra_turn = |house: &House| {
            let mut game = game.clone();
            game.play(*house).is_ok_and(|report| report.extra_turn)
        };
        legal
            .iter()
            .copied()
            .find(earns_extra_turn)
            .unwrap_or(legal[0])
    }

    fn hint(&self, _game: &Game, _cancel: &AtomicBool) -> Option<Advice> {
        None
    }
}

/// [`FirstMoveLastHint`], with the expert's tables always "being built" as far as the
/// test sets (`None`: done).
pub struct TablesBuilding(pub Mutex<Option<f32>>);

impl Brain for TablesBuilding {
    fn choose_move(&self, game: &Game, level: Difficulty, cancel: &AtomicBool) -> House {
        FirstMoveLastHint.choose_move(game, level, cancel)
    }

    fn hint(&self, game: &Game, cancel: &AtomicBool) -> Option<Advice> {
        FirstMoveLastHint.hint(game, cancel)
    }

    fn preparing(&self, _rules: Rules) -> Option<f32> {
        *self.0.lock().unwrap()
    }
}

/// Plays its first legal move at once and notes the side and level it was asked to
/// play; no hints.
#[derive(Default)]
pub struct LevelNoter(pub Mutex<Vec<(Side, Difficulty)>>);

impl Brain for LevelNoter {
    fn choose_move(&self, game: &Game, level: Difficulty, _cancel: &AtomicBool) -> House {
        let position = game.position();
        self.0
            .lock()
            .unwrap()
            .push((position.side_to_move(), level));
        position.legal_moves().first().unwrap()
    }

    fn hint(&self, _: &Game, _: &AtomicBool) -> Option<Advice> {
        None
    }
}

/// Plays its first legal move at once; its hint is its last legal move. Its coach values
/// Kalah's opening moves at once, exactly (house 3 best by 6 seeds over houses 1, 2, 4
/// and 5; house 6 one seed behind it) and tells each game it was asked about; or,
/// `blocking`, it thinks until cancelled and says so.
pub struct ScriptedCoach {
    blocking: bool,
    cancelled: Mutex<mpsc::Sender<()>>,
    asked: Mutex<mpsc::Sender<Game>>,
}

/// The receivers of a [`ScriptedCoach`]: each cancelled look, and each game asked about.
pub struct CoachHeard {
    /// A look of the coach's was cancelled.
    pub cancelled: mpsc::Receiver<()>,
    /// The coach was asked about this game.
    pub asked: mpsc::Receiver<Game>,
}

impl ScriptedCoach {
    /// The coach, blocking or not, and what it tells.
    pub fn new(blocking: bool) -> (ScriptedCoach, CoachHeard) {
        let (cancel_tx, cancelled) = mpsc::channel();
        let (asked_tx, asked) = mpsc::channel();
        let coach = ScriptedCoach {
            blocking,
            cancelled: Mutex::new(cancel_tx),
            asked: Mutex::new(asked_tx),
        };
        (coach, CoachHeard { cancelled, asked })
    }
}

impl Brain for ScriptedCoach {
    fn choose_move(&self, game: &Game, _level: Difficulty, _cancel: &AtomicBool) -> House {
        game.position().legal_moves().first().unwrap()
    }

    fn hint(&self, game: &Game, _cancel: &AtomicBool) -> Option<Advice> {
        let house = game.position().legal_moves().last().unwrap();
        Some(single(house))
    }

    fn coach(&self, game: &Game, cancel: &AtomicBool) -> Option<Advice> {
        let _ = self.asked.lock().unwrap().send(game.clone());
        if self.blocking {
            wait_for(cancel);
            let _ = self.cancelled.lock().unwrap().send(());
            return None;
        }
        let value = |house: House| match house.number() {
            3 => 6,
            6 => 5,
            _ => 0,
        };
        let mut moves: Vec<MoveValue> = game
            .position()
            .legal_moves()
            .into_iter()
            .map(|house| MoveValue {
                house,
                value: value(house),
                exact: true,
            })
            .collect();
        moves.sort_by_key(|m| -m.value);
        Some(Advice { moves })
    }
}

/// Reviews every move as a blunder (9 seeds lost against house 1, value 3) at once; or,
/// `wait_for_cancel`, reports one move done and waits for the cancel flag, counting
/// each cancel.
pub struct BlunderReviewer {
    /// Wait for the cancel flag instead of answering.
    pub wait_for_cancel: bool,
    /// Reviews cancelled so far.
    pub cancelled: Arc<AtomicU32>,
}

impl Brain for BlunderReviewer {
    fn choose_move(&self, game: &Game, _: Difficulty, _: &AtomicBool) -> House {
        game.legal_moves().first().unwrap()
    }

    fn hint(&self, _: &Game, _: &AtomicBool) -> Option<Advice> {
        None
    }

    fn review(
        &self,
        game: &Game,
        progress: &(dyn Fn(usize, usize, Option<&MoveReview>) + Send + Sync),
        cancel: &AtomicBool,
    ) -> Option<Vec<MoveReview>> {
        if self.wait_for_cancel {
            progress(1, game.moves().len(), None);
            wait_for(cancel);
            self.cancelled.fetch_add(1, Ordering::Relaxed);
            return None;
        }
        Some(blunders(game))
    }
}

/// Every move of `game` reviewed as a blunder: 9 seeds lost against house 1, value 3.
fn blunders(game: &Game) -> Vec<MoveReview> {
    let mut replay = Game::from_start(*game.start());
    let mut out = Vec::new();
    for (i, mv) in game.moves().iter().enumerate() {
        let house = mv
            .house()
            .expect("a game without a simultaneous first move");
        out.push(MoveReview {
            ply: i + 1,
            side: replay.position().side_to_move(),
            played: house,
            best: House::new(1).unwrap(),
            value: 3,
            loss: 9,
            grade: Grade::Blunder,
            exact: false,
        });
        replay.play(house).unwrap();
    }
    out
}

/// Reviews like [`BlunderReviewer`], but as the real review does, from the last move to
/// the first, handing each row over as it is valued; after the last `total / 2` moves it
/// waits for a word on its channel (or the cancel flag) before valuing the rest.
pub struct HalfwayReviewer(Mutex<mpsc::Receiver<()>>);

impl HalfwayReviewer {
    /// The reviewer, and the sender whose word lets it value the earlier half.
    pub fn new() -> (HalfwayReviewer, mpsc::Sender<()>) {
        let (go_on, heard) = mpsc::channel();
        (HalfwayReviewer(Mutex::new(heard)), go_on)
    }
}

impl Brain for HalfwayReviewer {
    fn choose_move(&self, game: &Game, _: Difficulty, _: &AtomicBool) -> House {
        game.legal_moves().first().unwrap()
    }

    fn hint(&self, _: &Game, _: &AtomicBool) -> Option<Advice> {
        None
    }

    fn review(
        &self,
        game: &Game,
        progress: &(dyn Fn(usize, usize, Option<&MoveReview>) + Send + Sync),
        cancel: &AtomicBool,
    ) -> Option<Vec<MoveReview>> {
        let rows = blunders(game);
        let total = rows.len();
        for (done, row) in rows.iter().rev().enumerate() {
            if done == total / 2 {
                let heard = self.0.lock().unwrap();
                while heard.recv_timeout(Duration::from_millis(5)).is_err() {
                    if cancel.load(Ordering::Relaxed) {
                        return None;
                    }
                }
            }
            progress(done + 1, total, Some(row));
        }
        Some(rows)
    }
}

/// Advice of one move, valued 0.
fn single(house: House) -> Advice {
    Advice {
        moves: vec![MoveValue {
            house,
            value: 0,
            exact: false,
        }],
    }
}

/// Returns once `cancel` is set.
fn wait_for(cancel: &AtomicBool) {
    while !cancel.load(Ordering::Relaxed) {
        std::thread::sleep(Duration::from_millis(1));
    }
}

/// Plays its first legal move at once, gives no hints, and its coach values Kalah's
/// opening moves at once (house 3 best, 6 seeds ahead of every other house, none of it
/// exact); or, `blocking`, it thinks until cancelled and says so.
pub struct OpeningCoach {
    blocking: bool,
    cancelled: Mutex<mpsc::Sender<()>>,
}

impl OpeningCoach {
    /// The coach, blocking or not, and the receiver that hears of each cancelled look.
    pub fn new(blocking: bool) -> (Arc<OpeningCoach>, mpsc::Receiver<()>) {
        let (sender, cancelled) = mpsc::channel();
        let coach = OpeningCoach {
            blocking,
            cancelled: Mutex::new(sender),
        };
        (Arc::new(coach), cancelled)
    }
}

impl Brain for OpeningCoach {
    fn choose_move(&self, game: &Game, _level: Difficulty, _cancel: &AtomicBool) -> House {
        game.position().legal_moves().first().unwrap()
    }

    fn hint(&self, _game: &Game, _cancel: &AtomicBool) -> Option<Advice> {
        None
    }

    fn coach(&self, game: &Game, cancel: &AtomicBool) -> Option<Advice> {
        if self.blocking {
            wait_for(cancel);
            let _ = self.cancelled.lock().unwrap().send(());
            return None;
        }
        let mut moves: Vec<MoveValue> = game
            .position()
            .legal_moves()
            .into_iter()
            .map(|house| MoveValue {
                house,
                value: if house.number() == 3 { 6 } else { 0 },
                exact: false,
            })
            .collect();
        moves.sort_by_key(|m| -m.value);
        Some(Advice { moves })
    }
}
