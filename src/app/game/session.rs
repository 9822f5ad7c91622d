//! One game as the app plays it: the engine's game plus who plays each side, and undo,
//! redo and resigning as a player expects them against the computer. A game can also be
//! watched: the computer plays both sides, each at its own level, and nobody may undo,
//! redo or resign it. No Slint, no threads, no files: the turn loop drives it.

use crate::app::game::last_move::LastMove;
use crate::engine::{
    Game, House, IllegalMove, IllegalOpening, Move, MoveReport, Opening, OpeningReport, Outcome,
    Position, RecordErrorKind, Rules, Side,
};
use crate::players::{Difficulty, GameResult, Opponent};
use std::hash::{BuildHasher, RandomState};

/// Against the computer the person plays the bottom row.
pub const HUMAN_SIDE: Side = Side::South;

/// A game and who plays it.
#[derive(Clone, Debug)]
pub struct Session {
    game: Game,
    /// Who plays the top row (North).
    opponent: Opponent,
    /// The computer's level at the bottom row (South) in a game being watched; `None`
    /// when a person plays it.
    south: Option<Difficulty>,
    /// Which game this is, for the statistics (a game is counted once): random, kept in
    /// the save, the same after undo, redo and resuming.
    id: u64,
    /// The guided first game (`turn_loop/guide.rs`): never saved over the person's own
    /// game, nor counted in the statistics.
    guided: bool,
}

/// A fresh game identity: random (std's randomly keyed hasher), never 0, which marks a
/// save written before games had one.
fn fresh_id() -> u64 {
    RandomState::new().hash_one(std::process::id()).max(1)
}

impl Session {
    pub fn new(rules: Rules, first: Side, opponent: Opponent) -> Session {
        Session {
            game: Game::with_first(rules, first),
            opponent,
            south: None,
            id: fresh_id(),
            guided: false,
        }
    }

    /// The guided first game: the person at the bottom, moving first, against
    /// `opponent`. Like a watched game it is never saved nor counted, and the person's
    /// own game waits aside meanwhile.
    pub fn guided(rules: Rules, opponent: Opponent) -> Session {
        Session {
            guided: true,
            ..Session::new(rules, HUMAN_SIDE, opponent)
        }
    }

    /// A game the person watches: the computer plays the bottom row at `south` and the
    /// top row at `north`.
    pub fn watch(rules: Rules, first: Side, south: Difficulty, north: Difficulty) -> Session {
        Session {
            south: Some(south),
            ..Session::new(rules, first, Opponent::Computer { level: north })
        }
    }

    /// A game already under way (a saved one, replayed with its undo and redo history).
    /// `id` is the identity it was saved with; 0 (a save from before games had one)
    /// gets a fresh one.
    pub fn from_game(game: Game, opponent: Opponent, id: u64) -> Session {
        let id = if id == 0 { fresh_id() } else { id };
        Session {
            game,
            opponent,
            south: None,
            id,
            guided: false,
        }
    }

    /// This game's identity: the statistics count each game once by it.
    pub fn id(&self) -> u64 {
        self.id
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Whether the game began at its rules' start position (with either side to move):
    /// only such a game can be saved or kept, since a record replays from the start.
    pub fn from_start_position(&self) -> bool {
        let start = self.game.start();
        *start == Position::start_with(self.game.rules(), start.side_to_move())
    }

    pub fn position(&self) -> &Position {
        self.game.position()
    }

    pub fn rules(&self) -> Rules {
        self.game.rules()
    }

    pub fn opponent(&self) -> Opponent {
        self.opponent
    }

    /// The computer's level at the top row, or `None` between two people.
    pub fn level(&self) -> Option<Difficulty> {
        match self.opponent {
            Opponent::Human => None,
            Opponent::Computer { level } => Some(level),
        }
    }

    /// The computer plays both sides and the person watches.
    pub fn is_watched(&self) -> bool {
        self.south.is_some()
    }

    /// The guided first game.
    pub fn is_guided(&self) -> bool {
        self.guided
    }

    /// The person's own game: the one saved, continued and counted (neither a game
    /// the person watches nor the guided game, which wait it aside).
    pub fn is_own(&self) -> bool {
        !self.is_watched() && !self.guided
    }

    /// The computer's levels at the bottom and top rows of a game being watched.
    pub fn watched_levels(&self) -> Option<[Difficulty; 2]> {
        Some([self.south?, self.level()?])
    }

    /// The computer's level on `side`, or `None` where a person plays.
    pub fn computer_level(&self, side: Side) -> Option<Difficulty> {
        match side {
            Side::South => self.south,
            Side::North => self.level(),
        }
    }

    /// The computer plays `side` (never in a game between two people).
    pub fn is_computer(&self, side: Side) -> bool {
        self.computer_level(side).is_some()
    }

    /// Over by the rules or by a resignation.
    pub fn is_over(&self) -> bool {
        self.game.is_over()
    }

    /// The side that gave up, if the game ended that way.
    pub fn resigned(&self) -> Option<Side> {
        self.game.resigned()
    }

    /// The side to move, while the game goes on.
    pub fn to_move(&self) -> Option<Side> {
        (!self.is_over()).then(|| self.position().side_to_move())
    }

    /// A person may tap a house now.
    pub fn human_to_move(&self) -> bool {
        self.to_move().is_some_and(|side| !self.is_computer(side))
    }

    pub fn computer_to_move(&self) -> bool {
        self.to_move().is_some_and(|side| self.is_computer(side))
    }

    /// The result once the game is over: `Some(None)` is a draw.
    pub fn winner(&self) -> Option<Option<Side>> {
        self.game.outcome().map(Outcome::winner)
    }

    /// How the game went for the person at the bottom, for the statistics; `None` until
    /// it is over, and for a game the person only watched.
    pub fn result(&self) -> Option<GameResult> {
        if self.is_watched() {
            return None;
        }
        self.winner().map(|winner| match winner {
            None => GameResult::Drawn,
            Some(side) if side == HUMAN_SIDE => GameResult::Won,
            Some(_) => GameResult::Lost,
        })
    }

    /// Plays a move for the side to move and reports what it did (with its steps for
    /// the animation).
    pub fn play(&mut self, house: House) -> Result<MoveReport, IllegalMove> {
        self.game.play(house)
    }

    /// Plays Congkak's simultaneous first move, both players' choices (the turn loop has
    /// played it hand by hand on a `Lockstep`), and reports what it did.
    pub fn play_opening(&mut self, opening: &Opening) -> Result<OpeningReport, IllegalOpening> {
        self.game.play_opening(opening)
    }

    /// The game waits for Congkak's simultaneous first move.
    pub fn in_opening(&self) -> bool {
        !self.is_over() && self.game.in_opening()
    }

    /// Plays a move of a record (a house, or Congkak's simultaneous first move) without
    /// a report: loading a game from its record.
    pub fn play_recorded(&mut self, mv: &Move) -> Result<(), RecordErrorKind> {
        self.game.play_move(mv)
    }

    /// The side to move gives up (against the computer, always the person). Nobody
    /// resigns a game being watched.
    pub fn resign(&mut self) {
        if self.is_watched() {
            return;
        }
        if let Some(side) = self.to_move() {
            let side = if self.level().is_some() {
                HUMAN_SIDE
            } else {
                side
            };
            // Refused only once the game is over, which `to_move` has ruled out.
            let _ = self.game.resign(side);
        }
    }

    /// For each move so far, whether the person at the bottom played it (against the
    /// computer): their own moves, and the simultaneous first move, which both sides
    /// played.
    fn persons_moves(&self) -> impl DoubleEndedIterator<Item = bool> + '_ {
        let history = self.game.history();
        self.game
            .moves()
            .iter()
            .zip(&history[..history.len() - 1])
            .map(|(mv, before)| {
                matches!(mv, Move::Opening(_)) || before.side_to_move() == HUMAN_SIDE
            })
    }

    /// Between two people any move can be taken back; against the computer only back to
    /// one of the person's own moves, and never once the person resigned (the loss is
    /// counted: docs/store.md); never in a game being watched.
    pub fn can_undo(&self) -> bool {
        if self.is_watched() || (self.level().is_some() && self.resigned().is_some()) {
            return false;
        }
        match self.level() {
            None => self.game.can_undo(),
            Some(_) => self.persons_moves().any(|persons| persons),
        }
    }

    pub fn can_redo(&self) -> bool {
        self.game.can_redo()
    }

    /// Takes back one move between two people; against the computer, every move back to
    /// and including the person's last one, so it is their turn again. Undoing also
    /// withdraws a resignation. Returns whether anything changed.
    pub fn undo(&mut self) -> bool {
        if !self.can_undo() {
            return false;
        }
        loop {
            let Some(persons) = self.persons_moves().next_back() else {
                // Only a resignation before the first move: it is withdrawn.
                self.game.undo();
                return true;
            };
            self.game.undo();
            if self.level().is_none() || persons {
                return true;
            }
        }
    }

    /// Replays one move between two people; against the computer the person's move and
    /// the computer's replies that were taken back with it.
    pub fn redo(&mut self) -> bool {
        if !self.can_redo() {
            return false;
        }
        self.game.redo();
        while self.computer_to_move() && self.game.can_redo() {
            self.game.redo();
        }
        true
    }

    /// What the last move did (its house, the pits it sowed into, what it captured),
    /// replayed from the position before it: the same after undo, redo and resuming.
    /// None after a move that began a new round.
    pub fn last_move(&self) -> Option<LastMove> {
        let house = self.game.moves().last()?.house()?;
        let history = self.game.history();
        let before = history.get(history.len().checked_sub(2)?)?;
        // A move that ended a round was followed by the refill: the board it marked is
        // gone, and marks on the new round's houses would mislead.
        if self.position().round() != before.round() {
            return None;
        }
        LastMove::replayed(before, house)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Variant;

    fn h(number: u8) -> House {
        House::new(number).unwrap()
    }

    fn vs_computer(first: Side) -> Session {
        Session::new(
            Rules::new(Variant::Kalah),
            first,
            Opponent::Computer {
                level: Difficulty::Beginner,
            },
        )
    }

    #[test]
    fn undo_against_the_computer_goes_back_to_the_persons_last_move() {
        let mut s = vs_computer(Side::South);
        // South: 3 ends in the store (extra turn), then 6; North replies 1 then 2.
        for house in [3, 6] {
            s.play(h(house)).unwrap();
        }
        assert!(s.computer_to_move());
        s.play(h(1)).unwrap();
        let after_three = s.game().moves().len();
        assert!(s.undo());
        assert!(s.human_to_move());
        assert_eq!(
            s.game().moves(),
            &[h(3).into()],
            "6 and the reply are taken back"
        );
        assert!(after_three > s.game().moves().len());
        assert!(s.undo());
        assert!(s.game().moves().is_empty());
        assert!(!s.can_undo());
    }

    #[test]
    fn the_computer_moving_first_cannot_be_undone_alone() {
        let mut s = vs_computer(Side::North);
        s.play(h(1)).unwrap();
        assert!(s.human_to_move());
        assert!(!s.can_undo());
        assert!(!s.undo());
    }

    #[test]
    fn redo_against_the_computer_replays_the_reply_too() {
        let mut s = vs_computer(Side::South);
        s.play(h(1)).unwrap();
        s.play(h(1)).unwrap(); // North's reply
        let moves = s.game().moves().to_vec();
        s.undo();
        assert!(s.game().moves().is_empty());
        assert!(s.redo());
        assert_eq!(s.game().moves(), moves.as_slice());
        assert!(s.human_to_move());
    }

    #[test]
    fn two_people_undo_one_move_at_a_time() {
        let mut s = Session::new(Rules::new(Variant::Oware), Side::South, Opponent::Human);
        s.play(h(1)).unwrap();
        s.play(h(1)).unwrap();
        assert!(s.undo());
        assert_eq!(s.game().moves(), &[h(1).into()]);
        let last = s.last_move().unwrap();
        assert_eq!((last.mover, last.house), (Side::South, h(1)));
    }

    #[test]
    fn resigning_against_the_computer_loses_for_good() {
        let mut s = vs_computer(Side::South);
        s.play(h(1)).unwrap();
        s.play(h(2)).unwrap();
        s.resign();
        assert!(s.is_over());
        assert_eq!(s.result(), Some(GameResult::Lost));
        assert!(s.play(h(3)).is_err());
        assert!(!s.can_undo(), "a resigned game is not taken back");
        assert!(!s.undo());
        assert!(s.is_over());
        assert_eq!(s.result(), Some(GameResult::Lost));
    }

    #[test]
    fn a_resignation_before_any_move_can_be_withdrawn() {
        let mut s = Session::new(Rules::new(Variant::Kalah), Side::South, Opponent::Human);
        s.resign();
        assert_eq!(s.winner(), Some(Some(Side::North)));
        assert!(s.can_undo());
        assert!(s.undo());
        assert!(!s.is_over());
        assert!(s.human_to_move());
    }

    #[test]
    fn a_watched_game_is_the_computers_on_both_sides_and_nobody_takes_it_back() {
        let mut s = Session::watch(
            Rules::new(Variant::Kalah),
            Side::South,
            Difficulty::Expert,
            Difficulty::Beginner,
        );
        assert!(s.is_watched());
        assert_eq!(s.computer_level(Side::South), Some(Difficulty::Expert));
        assert_eq!(s.computer_level(Side::North), Some(Difficulty::Beginner));
        assert!(s.computer_to_move() && !s.human_to_move());
        s.play(h(1)).unwrap();
        assert!(s.computer_to_move(), "North is the computer too");
        assert!(!s.can_undo() && !s.undo());
        s.resign();
        assert!(!s.is_over(), "nobody resigns a watched game");
        assert!(!vs_computer(Side::South).is_watched());
        assert!(!vs_computer(Side::South).is_computer(Side::South));
    }

    #[test]
    fn a_watched_game_has_no_result_for_the_statistics() {
        let mut s = Session::watch(
            Rules::new(Variant::Kalah).with_seeds(3).unwrap(),
            Side::South,
            Difficulty::Beginner,
            Difficulty::Beginner,
        );
        while let Some(house) = s.position().legal_moves().first() {
            s.play(house).unwrap();
        }
        assert!(s.is_over() && s.winner().is_some());
        assert_eq!(s.result(), None);
    }

    #[test]
    fn a_move_that_began_a_new_round_leaves_no_marks_on_the_refilled_board() {
        // Traditional Congkak: South's last move of round 1 ends it (North's houses 6
        // and 7 burn for round 2).
        let record =
            "5+6 3 2 1 7 6 1 4 3 4 6 3 3 2 5 3 1 2 7 2 3 6 2 5 5 3 7 2 6 2 3 3 4 5 1 7 1 3 3 5 7 2";
        let start = Position::start(Rules::traditional_congkak());
        let game = Game::parse_record(start, record).unwrap();
        let mut s = Session::from_game(game, Opponent::Human, 1);
        assert!(s.last_move().is_some());
        s.play(h(4)).unwrap();
        assert_eq!(s.position().round(), 2);
        assert!(s.last_move().is_none());
        assert!(s.undo() && s.last_move().is_some());
    }

    #[test]
    fn a_game_keeps_its_identity_and_a_new_game_gets_another() {
        let mut s = vs_computer(Side::South);
        s.play(h(1)).unwrap();
        let back = Session::from_game(s.game().clone(), s.opponent(), s.id());
        assert_eq!(back.id(), s.id(), "the same game, for the statistics");
        assert_ne!(
            vs_computer(Side::South).id(),
            s.id(),
            "a new game is another"
        );
        let old_save = Session::from_game(s.game().clone(), s.opponent(), 0);
        assert_ne!(old_save.id(), 0, "a save without an identity gets one");
    }
}
