//! The review screen as plain data: a finished game, its review (computed on a worker
//! thread with a progress count, cancellable, or read back from the store), and the
//! move the player is looking at. Slint-free, so stepping, progress and stopping are
//! tested without a window; the review adapter shows [`ReviewView`].

use crate::ai::{final_value, Grade, MoveReview};
use crate::app::computer::background::{BackgroundJob, Poll};
use crate::app::computer::brain::Brain;
use crate::app::game::board_view::{board_view, BoardFacts, BoardView};
use crate::engine::{Game, House, Move, MoveSet, Position, Side};
use crate::players::Opponent;
use crate::store::{FinishedRecord, ReviewedMove};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{mpsc, Arc};

/// A review being computed: the worker's answer, how many moves it has done, and each
/// move's review as soon as it is valued (from the last move to the first).
struct Job {
    answer: BackgroundJob<Option<Vec<MoveReview>>>,
    done: Arc<AtomicUsize>,
    valued: mpsc::Receiver<MoveReview>,
}

/// Where the review stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Progress {
    /// Being computed: `done` of `total` moves.
    Running { done: usize, total: usize },
    /// Every move is graded.
    Done,
    /// The player stopped it (or the search failed): it can be started again.
    Stopped,
}

/// One finished game on the review screen.
pub struct ReviewScreen {
    record: FinishedRecord,
    game: Game,
    /// The position before each move, and after the last.
    positions: Vec<Position>,
    moves: Option<Vec<MoveReview>>,
    /// The moves valued so far while the review runs (or ran, if stopped), by move.
    known: Vec<Option<MoveReview>>,
    job: Option<Job>,
    /// The position shown: before move `cursor + 1`, or the final one at the end.
    cursor: usize,
    /// A game the app keeps (a finished game of the player's); a record typed in is
    /// reviewed without being kept.
    kept: bool,
}

/// Everything the review screen shows.
#[derive(Clone, Debug, PartialEq)]
pub struct ReviewView {
    pub rules: crate::engine::Rules,
    pub opponent: Opponent,
    pub progress: Progress,
    /// One per move (what the list shows): its review, or `None` while it is being
    /// valued. The review values the last move first, so rows fill in from the end.
    pub rows: Vec<Option<MoveReview>>,
    /// Who played each move and the house played (`None` only for a simultaneous
    /// first move, which a review leaves out): what a row shows before it is valued.
    pub plays: Vec<(Side, Option<House>)>,
    /// The game's value before each move and at the end, from South's view (the
    /// final point is the final store difference): the graph. Empty before the review.
    pub graph: Vec<i32>,
    /// Which position is shown: 0 the start, `moves` the end.
    pub cursor: usize,
    /// Moves in the game.
    pub moves: usize,
    /// The side to move in the position shown (the side that played move `cursor + 1`),
    /// and the house it played (`None` at the end).
    pub mover: Side,
    pub played: Option<House>,
    /// The board shown, with the move played there ringed and the best one lit.
    pub board: BoardView,
    /// The game's record in the notation of docs/rules.md.
    pub record: String,
    /// The side that resigned, if the game ended so.
    pub resigned: Option<Side>,
    /// The final stores.
    pub final_stores: [u8; 2],
    /// The game ended (a record typed in may stop before the end).
    pub over: bool,
}

impl ReviewScreen {
    /// Opens `record` for review. A stored review is shown at once; without one the
    /// review starts on a worker thread. `None` if the record does not replay.
    pub fn open(record: FinishedRecord, brain: &Arc<dyn Brain>) -> Option<ReviewScreen> {
        let game = record.to_game()?;
        ReviewScreen::with(record, game, true, brain)
    }

    /// Opens a game typed or pasted in (finished or not), which is not kept: its review
    /// starts at once. `None` if it has no moves.
    pub fn of_record(game: Game, brain: &Arc<dyn Brain>) -> Option<ReviewScreen> {
        if game.moves().is_empty() {
            return None;
        }
        let mut record = FinishedRecord::of_game(0, &game, Opponent::Human);
        record.review = None;
        ReviewScreen::with(record, game, false, brain)
    }

    fn with(
        record: FinishedRecord,
        game: Game,
        kept: bool,
        brain: &Arc<dyn Brain>,
    ) -> Option<ReviewScreen> {
        let game = after_simultaneous_start(game)?;
        let mut replay = Game::from_start(*game.start());
        let mut positions = vec![*replay.position()];
        for mv in game.moves() {
            replay.play_move(mv).ok()?;
            positions.push(*replay.position());
        }
        let moves = record
            .review
            .as_ref()
            .map(|stored| graded_moves(&positions, game.moves(), stored));
        let mut screen = ReviewScreen {
            record,
            game,
            known: vec![None; positions.len() - 1],
            positions,
            moves,
            job: None,
            cursor: 0,
            kept,
        };
        if screen.moves.is_none() {
            screen.start(brain);
        }
        Some(screen)
    }

    /// True for a game the app keeps, whose review is saved with it.
    pub fn is_kept(&self) -> bool {
        self.kept
    }

    /// The identity of the game reviewed.
    pub fn id(&self) -> u64 {
        self.record.id
    }

    /// Starts (again) a review that is not done; a running one goes on.
    pub fn start(&mut self, brain: &Arc<dyn Brain>) {
        if self.moves.is_some() || self.job.is_some() {
            return;
        }
        let done = Arc::new(AtomicUsize::new(0));
        let counter = Arc::clone(&done);
        let (sender, valued) = mpsc::channel();
        let brain = Arc::clone(brain);
        let game = self.game.clone();
        let answer = BackgroundJob::start(move |cancel| {
            let progress = move |moves_done: usize, _total: usize, row: Option<&MoveReview>| {
                if let Some(row) = row {
                    // The screen may be gone: then nobody needs the row.
                    let _ = sender.send(*row);
                }
                counter.store(moves_done, Ordering::Relaxed);
            };
            brain.review(&game, &progress, cancel)
        });
        self.job = Some(Job {
            answer,
            done,
            valued,
        });
    }

    /// Stops a running review (dropping the job cancels the search).
    pub fn stop(&mut self) {
        self.job = None;
    }

    /// True while the worker computes the review.
    pub fn is_running(&self) -> bool {
        self.job.is_some()
    }

    /// Looks for the worker's answer. When the review has just been finished, returns
    /// it in the store's form, to be saved with the game.
    /// The moves valued since the last poll join the rows shown.
    pub fn poll(&mut self) -> Option<Vec<ReviewedMove>> {
        let job = self.job.as_ref()?;
        for row in job.valued.try_iter() {
            if let Some(slot) = row.ply.checked_sub(1).and_then(|i| self.known.get_mut(i)) {
                *slot = Some(row);
            }
        }
        match job.answer.poll() {
            Poll::Thinking => None,
            Poll::Done(Some(moves)) if moves.len() == self.game.moves().len() => {
                self.job = None;
                let stored = moves
                    .iter()
                    .map(|m| ReviewedMove {
                        best: m.best,
                        value: m.value,
                        loss: m.loss,
                        exact: m.exact,
                    })
                    .collect();
                self.moves = Some(moves);
                Some(stored)
            }
            Poll::Done(_) | Poll::Failed => {
                eprintln!("mancala: the review stopped without an answer");
                self.job = None;
                None
            }
        }
    }

    /// Moves the cursor by `delta` positions (negative: back), within the game.
    pub fn step(&mut self, delta: i32) {
        let target = self.cursor as i64 + i64::from(delta);
        self.go_to(target.clamp(0, self.game.moves().len() as i64) as usize);
    }

    /// Shows the position before move `cursor + 1` (`moves`: the end); beyond the end
    /// is ignored.
    pub fn go_to(&mut self, cursor: usize) {
        if cursor <= self.game.moves().len() {
            self.cursor = cursor;
        }
    }

    pub fn view(&self) -> ReviewView {
        let total = self.game.moves().len();
        let progress = match (&self.moves, &self.job) {
            (Some(_), _) => Progress::Done,
            (None, Some(job)) => Progress::Running {
                done: job.done.load(Ordering::Relaxed).min(total),
                total,
            },
            (None, None) => Progress::Stopped,
        };
        let rows: Vec<Option<MoveReview>> = match &self.moves {
            Some(moves) => moves.iter().copied().map(Some).collect(),
            None => self.known.clone(),
        };
        // The graph once every move is valued.
        let mut graph: Vec<i32> = self
            .moves
            .iter()
            .flatten()
            .map(|r| match r.side {
                Side::South => r.value,
                Side::North => -r.value,
            })
            .collect();
        if let Some(&last) = graph.last() {
            let end = self.positions[total];
            // A resigned game, or a record typed in that stops before the end, ends
            // where its last value left it.
            graph.push(if self.game.resigned().is_some() || !end.is_over() {
                last
            } else {
                final_value(&end, Side::South)
            });
        }
        let shown = &self.positions[self.cursor];
        let mover = shown.side_to_move();
        let row = rows.get(self.cursor).copied().flatten();
        let mut board = board_view(&BoardFacts {
            houses: shown.rules().houses(),
            pits: shown.pits(),
            active: [None; 2],
            playable: MoveSet::EMPTY,
            mover,
            last_move: None,
            hint: None,
            burnt: Side::BOTH.map(|side| shown.burnt(side)),
        });
        if self.cursor < total {
            let own = &mut board.houses[mover.index()];
            if let Some(played) = self.game.moves()[self.cursor].house() {
                own[played.offset()].last_move = true;
            }
            if let Some(row) = row.filter(|r| r.best != r.played) {
                own[row.best.offset()].hinted = true;
            }
        }
        ReviewView {
            rules: self.game.rules(),
            opponent: self.record.opponent,
            progress,
            rows,
            plays: self
                .game
                .moves()
                .iter()
                .zip(&self.positions)
                .map(|(mv, before)| (before.side_to_move(), mv.house()))
                .collect(),
            graph,
            cursor: self.cursor,
            moves: total,
            mover,
            played: self.game.moves().get(self.cursor).and_then(Move::house),
            board,
            record: self.game.record(),
            resigned: self.game.resigned(),
            final_stores: self.positions[total].stores(),
            over: self.game.is_over(),
        }
    }
}

/// The game to review: a Congkak game with a simultaneous start is reviewed from the
/// position after its first move, which both players chose at once and which has no
/// single best move; its other moves keep their order. `None` if nothing is left.
fn after_simultaneous_start(game: Game) -> Option<Game> {
    if !game.start().in_opening() {
        return Some(game);
    }
    let rest = game.moves().get(1..)?;
    let mut reviewed = Game::replay(*game.history().get(1)?, rest).ok()?;
    if let Some(side) = game.resigned() {
        reviewed.resign(side).ok()?;
    }
    (!reviewed.moves().is_empty()).then_some(reviewed)
}

/// A stored review read back as graded moves.
fn graded_moves(
    positions: &[Position],
    played: &[Move],
    stored: &[ReviewedMove],
) -> Vec<MoveReview> {
    stored
        .iter()
        .zip(played)
        .enumerate()
        // The game reviewed has no simultaneous first move (see `after_simultaneous_start`).
        .filter_map(|(i, (m, played))| Some((i, m, played.house()?)))
        .map(|(i, m, house)| MoveReview {
            ply: i + 1,
            side: positions[i].side_to_move(),
            played: house,
            best: m.best,
            value: m.value,
            loss: m.loss.max(0),
            grade: Grade::of_loss(m.loss),
            exact: m.exact,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Rules, Variant};
    use crate::testing::brains::{BlunderReviewer, HalfwayReviewer};
    use std::sync::atomic::AtomicU32;
    use std::time::{Duration, Instant};

    fn finished() -> FinishedRecord {
        let mut game = Game::new(Rules::new(Variant::Kalah).with_seeds(3).unwrap());
        while !game.is_over() {
            let house = game.legal_moves().last().unwrap();
            game.play(house).unwrap();
        }
        FinishedRecord::of_game(4, &game, Opponent::Human)
    }

    #[test]
    fn a_traditional_congkak_game_is_reviewed_after_its_simultaneous_first_move() {
        let mut game = Game::new(Rules::traditional_congkak());
        game.play_opening(&"4+4".parse().unwrap()).unwrap();
        while !game.is_over() {
            let house = game.legal_moves().last().unwrap();
            game.play(house).unwrap();
        }
        let record = FinishedRecord::of_game(9, &game, Opponent::Human);
        let graded = game.moves().len() - 1;
        assert_eq!(record.graded_moves(), graded);
        let (brain, _) = brain(false);
        let mut screen = ReviewScreen::open(record.clone(), &brain).unwrap();
        let stored = wait_for_review(&mut screen);
        assert_eq!(
            stored.len(),
            graded,
            "every move but the first, which both chose"
        );
        let view = screen.view();
        assert_eq!((view.rows.len(), view.moves), (graded, graded));
        assert_eq!(view.board.houses[0].len(), 7);
        // The review starts on the board after the first move, with the player it gave
        // the turn to.
        assert_eq!(view.mover, game.history()[1].side_to_move());
        // It is kept with the game, and read back.
        let mut kept = record.clone();
        kept.review = Some(stored);
        let shown = ReviewScreen::open(kept, &brain).unwrap();
        assert_eq!(shown.view().rows.len(), graded);
    }

    fn brain(wait_for_cancel: bool) -> (Arc<dyn Brain>, Arc<AtomicU32>) {
        let cancelled = Arc::new(AtomicU32::new(0));
        let brain = BlunderReviewer {
            wait_for_cancel,
            cancelled: Arc::clone(&cancelled),
        };
        (Arc::new(brain), cancelled)
    }

    fn wait_for_review(screen: &mut ReviewScreen) -> Vec<ReviewedMove> {
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            if let Some(stored) = screen.poll() {
                return stored;
            }
            assert!(Instant::now() < deadline, "the review never came");
            std::thread::sleep(Duration::from_millis(2));
        }
    }

    #[test]
    fn the_review_arrives_and_the_board_steps_through_the_game() {
        let (brain, _) = brain(false);
        let record = finished();
        let moves = record.moves.len();
        let mut screen = ReviewScreen::open(record.clone(), &brain).unwrap();
        assert!(matches!(screen.view().progress, Progress::Running { .. }));
        let before = screen.view();
        assert_eq!(before.rows.len(), moves, "a row for every move");
        assert!(before.rows.iter().all(Option::is_none) && before.graph.is_empty());
        let stored = wait_for_review(&mut screen);
        assert_eq!(stored.len(), moves);
        let view = screen.view();
        assert_eq!(view.progress, Progress::Done);
        assert_eq!(view.rows.len(), moves);
        assert_eq!(view.graph.len(), moves + 1);
        assert_eq!(view.rows[0].unwrap().grade, Grade::Blunder);

        // The start: South's move 1 played from the last house, house 1 was best.
        assert_eq!(view.cursor, 0);
        let played = record.moves[0].house().unwrap().offset();
        assert!(view.board.houses[0][played].last_move);
        assert!(view.board.houses[0][0].hinted);
        screen.step(-1);
        assert_eq!(screen.view().cursor, 0, "nothing before the start");
        screen.step(1);
        assert_eq!(screen.view().cursor, 1);
        screen.go_to(moves + 5);
        assert_eq!(screen.view().cursor, 1, "beyond the end is ignored");
        screen.step(1000);
        let end = screen.view();
        assert_eq!(end.cursor, moves);
        assert!(end.board.houses.iter().flatten().all(|h| !h.last_move));
        let [south, north] = end.final_stores;
        assert_eq!(end.graph[moves], i32::from(south) - i32::from(north));
    }

    #[test]
    fn rows_show_as_they_are_valued_from_the_last_move_before_the_review_is_done() {
        let (reviewer, go_on) = HalfwayReviewer::new();
        let brain: Arc<dyn Brain> = Arc::new(reviewer);
        let record = finished();
        let moves = record.moves.len();
        assert!(moves >= 4, "{moves} moves");
        let mut screen = ReviewScreen::open(record, &brain).unwrap();
        let later = moves / 2;
        let deadline = Instant::now() + Duration::from_secs(10);
        // The reviewer stops after the later half: those rows show, the review runs on.
        while screen.view().rows.iter().flatten().count() < later {
            assert!(screen.poll().is_none(), "not done before the word");
            assert!(Instant::now() < deadline, "no row came");
            std::thread::sleep(Duration::from_millis(1));
        }
        let view = screen.view();
        assert!(matches!(view.progress, Progress::Running { .. }));
        let known: Vec<bool> = view.rows.iter().map(Option::is_some).collect();
        let expected: Vec<bool> = (0..moves).map(|i| i >= moves - later).collect();
        assert_eq!(
            known, expected,
            "the later moves valued, the earlier ones not yet"
        );
        assert_eq!(view.rows[moves - 1].unwrap().ply, moves);
        assert!(view.graph.is_empty(), "the graph waits for every value");
        go_on.send(()).unwrap();
        let stored = wait_for_review(&mut screen);
        assert_eq!(stored.len(), moves);
        let done = screen.view();
        assert!(done.rows.iter().all(Option::is_some));
        assert_eq!(done.graph.len(), moves + 1);
    }

    #[test]
    fn a_stored_review_is_shown_at_once_and_not_recomputed() {
        let (brain, cancelled) = brain(true);
        let mut record = finished();
        let best = record.moves[0].house().unwrap();
        record.review = Some(vec![
            ReviewedMove {
                best,
                value: -2,
                loss: 5,
                exact: true,
            };
            record.moves.len()
        ]);
        let screen = ReviewScreen::open(record, &brain).unwrap();
        assert!(!screen.is_running());
        let view = screen.view();
        assert_eq!(view.progress, Progress::Done);
        let first = view.rows[0].unwrap();
        assert_eq!(first.grade, Grade::Mistake);
        assert!(first.exact);
        assert_eq!(view.graph[0], -2, "South's view");
        assert_eq!(view.graph[1], 2, "North's move: seen from South");
        assert_eq!(cancelled.load(Ordering::Relaxed), 0);
    }

    #[test]
    fn stopping_cancels_the_worker_and_it_can_start_again() {
        let (brain, cancelled) = brain(true);
        let mut screen = ReviewScreen::open(finished(), &brain).unwrap();
        let deadline = Instant::now() + Duration::from_secs(10);
        while !matches!(screen.view().progress, Progress::Running { done: 1, .. }) {
            assert!(Instant::now() < deadline, "no progress shown");
            std::thread::sleep(Duration::from_millis(1));
        }
        screen.stop();
        assert_eq!(screen.view().progress, Progress::Stopped);
        while cancelled.load(Ordering::Relaxed) == 0 {
            assert!(Instant::now() < deadline, "the worker never saw the cancel");
            std::thread::sleep(Duration::from_millis(1));
        }
        screen.start(&brain);
        assert!(screen.is_running());
    }

    #[test]
    fn a_record_typed_in_is_reviewed_unfinished_and_not_kept() {
        let (brain, _) = brain(false);
        let rules = Rules::new(Variant::Kalah);
        let game = Game::parse_record(Position::start(rules), "3 1 6").unwrap();
        let mut screen = ReviewScreen::of_record(game, &brain).unwrap();
        assert!(!screen.is_kept());
        let stored = wait_for_review(&mut screen);
        assert_eq!(stored.len(), 3);
        let view = screen.view();
        assert_eq!(view.graph.len(), 4);
        assert_eq!(
            view.graph[3], view.graph[2],
            "no final result before the end"
        );
        let empty = Game::new(rules);
        assert!(ReviewScreen::of_record(empty, &brain).is_none());
    }

    #[test]
    fn a_record_that_does_not_replay_is_not_opened() {
        let (brain, _) = brain(false);
        let mut record = finished();
        record.moves.pop();
        assert!(ReviewScreen::open(record, &brain).is_none());
    }
}
