//! Lessons: one for each rule a player must learn (issue 39, item 2), in the order and
//! with the numbers of docs/rules.md. A lesson is a small prepared position with the
//! learner (South) to move and a task ("Capture 5 seeds in one move"); the learner's
//! move is played by the engine and judged from its [`MoveReport`], and the verdict says
//! why it did or did not do the task, from what the move did.
//!
//! This module holds the facts only: which lessons a game has ([`lessons`]), their
//! positions ([`setup`]) and the verdicts ([`judge`]). The words (titles, tasks, the
//! rule and each [`LessonNote`] with its two numbers) are in
//! ui/views/lesson-words.slint. No Slint, no files, no threads here.

mod congkak;
mod kalah;
mod oware;

use crate::engine::{
    Game, House, Move, MoveReport, MoveSet, Pit, Position, Rules, RulesError, Side, Variant,
};

/// One lesson: one rule of one game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LessonId {
    /// Kalah rule 2: one seed per pit, counter-clockwise.
    KalahSowing,
    /// Kalah rule 2: the sowing passes the learner's store and skips the opponent's.
    KalahStore,
    /// Kalah rule 3: the last seed in the own store moves again.
    KalahExtraTurn,
    /// Kalah rule 4: the last seed in an empty own house takes the house opposite.
    KalahCapture,
    /// Kalah rules 5 and 6: a row runs empty, the rest go to their owner, more wins.
    KalahEnd,
    /// Oware rule 2: 12 seeds or more skip the house they came from.
    OwareSowing,
    /// Oware rule 3: a last seed making 2 or 3 in an opponent's house captures them.
    OwareCapture,
    /// Oware rule 3: the houses before it holding 2 or 3 are captured too.
    OwareChain,
    /// Oware rule 5: an opponent without seeds must be given some.
    OwareFeeding,
    /// Oware rule 4 (`grand-slam=no-capture`, the default): taking every opponent seed
    /// captures nothing.
    OwareGrandSlam,
    /// Oware rule 6: more than half the seeds wins at once.
    OwareEnd,
    /// Congkak rule 2: the own store is sown into, the opponent's skipped.
    CongkakSowing,
    /// Congkak rule 3: a last seed in a house with seeds sows on from there.
    CongkakRelay,
    /// Congkak rule 4: the last seed in the own store moves again.
    CongkakExtraTurn,
    /// Congkak rule 5: the last seed in an empty own house takes the house opposite.
    CongkakCapture,
    /// Congkak rule 10: both hands sow at once; the first to stop gives the next move
    /// away.
    CongkakSimultaneous,
    /// Congkak rules 11 and 12: a round-2 board with burnt houses.
    CongkakBurnt,
}

impl LessonId {
    /// Every lesson, game by game, each game's in teaching order.
    pub const ALL: [LessonId; 17] = [
        LessonId::KalahSowing,
        LessonId::KalahStore,
        LessonId::KalahExtraTurn,
        LessonId::KalahCapture,
        LessonId::KalahEnd,
        LessonId::OwareSowing,
        LessonId::OwareCapture,
        LessonId::OwareChain,
        LessonId::OwareFeeding,
        LessonId::OwareGrandSlam,
        LessonId::OwareEnd,
        LessonId::CongkakSowing,
        LessonId::CongkakRelay,
        LessonId::CongkakExtraTurn,
        LessonId::CongkakCapture,
        LessonId::CongkakSimultaneous,
        LessonId::CongkakBurnt,
    ];

    /// The lesson's name: how the progress file keeps it completed, and how the command
    /// line picks it ("kalah-capture"; the UI's `Lesson` value of the same name).
    pub fn name(self) -> &'static str {
        use LessonId::*;
        match self {
            KalahSowing => "kalah-sowing",
            KalahStore => "kalah-store",
            KalahExtraTurn => "kalah-extra-turn",
            KalahCapture => "kalah-capture",
            KalahEnd => "kalah-end",
            OwareSowing => "oware-sowing",
            OwareCapture => "oware-capture",
            OwareChain => "oware-chain",
            OwareFeeding => "oware-feeding",
            OwareGrandSlam => "oware-grand-slam",
            OwareEnd => "oware-end",
            CongkakSowing => "congkak-sowing",
            CongkakRelay => "congkak-relay",
            CongkakExtraTurn => "congkak-extra-turn",
            CongkakCapture => "congkak-capture",
            CongkakSimultaneous => "congkak-simultaneous",
            CongkakBurnt => "congkak-burnt",
        }
    }

    /// The lesson of this [`name`](LessonId::name).
    pub fn from_name(name: &str) -> Option<LessonId> {
        LessonId::ALL.into_iter().find(|id| id.name() == name)
    }

    /// The game the lesson teaches.
    pub fn variant(self) -> Variant {
        use LessonId::*;
        match self {
            KalahSowing | KalahStore | KalahExtraTurn | KalahCapture | KalahEnd => Variant::Kalah,
            OwareSowing | OwareCapture | OwareChain | OwareFeeding | OwareGrandSlam | OwareEnd => {
                Variant::Oware
            }
            CongkakSowing | CongkakRelay | CongkakExtraTurn | CongkakCapture
            | CongkakSimultaneous | CongkakBurnt => Variant::Congkak,
        }
    }
}

/// The lessons of `variant`, in teaching order.
pub fn lessons(variant: Variant) -> &'static [LessonId] {
    match variant {
        Variant::Kalah => &LessonId::ALL[0..5],
        Variant::Oware => &LessonId::ALL[5..11],
        Variant::Congkak => &LessonId::ALL[11..17],
    }
}

/// A lesson ready to play: the game at its position and the side the learner plays
/// (always South, to move).
#[derive(Clone, Debug)]
pub struct Lesson {
    /// The game at the lesson's position (its start position: undo cannot go further).
    pub game: Game,
    /// The learner's side.
    pub learner: Side,
}

impl Lesson {
    /// The houses the learner may play: the legal moves, or in Congkak's simultaneous
    /// start the houses the learner's hand may choose.
    pub fn moves(&self) -> MoveSet {
        learner_choices(self.game.position(), self.learner)
    }
}

/// The houses `learner` may play on `position` (see [`Lesson::moves`]).
fn learner_choices(position: &Position, learner: Side) -> MoveSet {
    match crate::engine::Lockstep::new(position) {
        Some(lockstep) => lockstep.choices(learner),
        None if position.side_to_move() == learner => position.legal_moves(),
        None => MoveSet::EMPTY,
    }
}

/// The lesson's prepared position.
pub fn setup(id: LessonId) -> Lesson {
    let game = match id.variant() {
        Variant::Kalah => kalah::setup(id),
        Variant::Oware => oware::setup(id),
        Variant::Congkak => congkak::setup(id),
    };
    Lesson {
        game,
        learner: Side::South,
    }
}

/// What a verdict says, with its two numbers ([`LessonResult::numbers`], named here for
/// each note as `[first, second]`). The words are LessonWords.note in
/// ui/views/lesson-words.slint.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LessonNote {
    // ---- the task done ----
    /// `[house, seeds]`: the seeds went one per pit and the last fell in the own house
    /// asked for.
    ReachedHouse,
    /// `[house, seeds]`: the sowing passed the own store, skipped the opponent's and
    /// came round to the own `house`, where it captured `seeds` (Congkak) or none.
    CameRound,
    /// The last seed fell in the own store: play again.
    ExtraTurn,
    /// `[seeds, house]`: the last seed fell in the empty own `house` and took the house
    /// opposite: `seeds` in all.
    Captured,
    /// `[own store, opponent's store]`: a row ran empty, the game is over, the learner
    /// wins.
    WonAtEnd,
    /// `[seeds, house]`: Oware, 12 or more seeds went round skipping their house, and
    /// the last fell in the opponent's `house`.
    SkippedOrigin,
    /// `[seeds, house]`: Oware, the last seed made the opponent's `house` hold 2 or 3.
    CapturedTwoOrThree,
    /// `[seeds, houses]`: Oware, a chain of 2s and 3s captured from `houses` houses.
    ChainCaptured,
    /// `[seeds, 0]`: Oware, the opponent without seeds got `seeds` (the task's one).
    Fed,
    /// `[seeds, 0]`: Oware, a capture that leaves the opponent seeds stands.
    CaptureStands,
    /// `[store, total]`: Oware, more than half the seeds: a win at once.
    WonMajority,
    /// `[relays, 0]`: Congkak, the sowing went on from a house with seeds.
    Relayed,
    /// `[learner's step, opponent's step]`: the opponent's hand stopped first, so the
    /// learner moves next.
    MovesNext,

    // ---- the task missed ----
    /// `[house, wanted house]`: the last seed fell in another own house.
    MissedHouse,
    /// `[house, 0]`: the last seed went on into the opponent's `house`.
    LandedInTheirHouse,
    /// The last seed fell in the own store and went no further.
    LandedInStore,
    /// `[house, 0]`: the last seed fell in the own `house`, not in the store.
    NotInStore,
    /// `[house, 0]`: the last seed stayed in the own row, the task wanted more.
    StayedInYourRow,
    /// `[house, 0]`: the last seed fell in an own house that was not empty.
    NotEmpty,
    /// `[house, 0]`: the last seed fell in an empty own house facing an empty house.
    OppositeEmpty,
    /// `[seeds, better house]`: a capture, smaller than the task's.
    CapturedFewer,
    /// `[seeds, house]`: a capture where the task was something else.
    CapturedInstead,
    /// Both rows still have seeds: the game goes on.
    GameGoesOn,
    /// `[own store, opponent's store]`: the move ended the game without a win.
    GameOverNoWin,
    /// `[house, 0]`: Oware, the last seed fell in the own row: no capture.
    OwnRow,
    /// `[house, seeds]`: Oware, the last seed made the opponent's house hold a count
    /// other than 2 or 3.
    WrongCount,
    /// `[seeds, 0]`: Oware, a grand slam: it would take all `seeds` of the opponent and
    /// captures nothing.
    GrandSlam,
    /// `[seeds, 0]`: Oware, fed the opponent `seeds`, more than the one asked for.
    FedMore,
    /// `[store, total]`: Oware, a capture that leaves the store at not more than half.
    NotMajority,
    /// `[house, 0]`: Congkak, the last seed fell in the empty own `house`: no relay.
    NoRelay,
    /// `[house, 0]`: Congkak rule 6, the last seed fell in the opponent's empty house.
    TheirEmptyHouse,
    /// `[house, 0]`: Congkak rule 11, the last seed fell in the empty own `house` whose
    /// opposite house is burnt: nothing to capture.
    OppositeBurnt,
    /// `[learner's step, opponent's step]`: the learner's hand stopped first, so the
    /// opponent moves next.
    StoppedFirst,
    /// `[house, 0]`: the house cannot be played in this lesson.
    NotPlayable,
}

impl LessonNote {
    /// Every note.
    pub const ALL: [LessonNote; 34] = [
        LessonNote::ReachedHouse,
        LessonNote::CameRound,
        LessonNote::ExtraTurn,
        LessonNote::Captured,
        LessonNote::WonAtEnd,
        LessonNote::SkippedOrigin,
        LessonNote::CapturedTwoOrThree,
        LessonNote::ChainCaptured,
        LessonNote::Fed,
        LessonNote::CaptureStands,
        LessonNote::WonMajority,
        LessonNote::Relayed,
        LessonNote::MovesNext,
        LessonNote::MissedHouse,
        LessonNote::LandedInTheirHouse,
        LessonNote::LandedInStore,
        LessonNote::NotInStore,
        LessonNote::StayedInYourRow,
        LessonNote::NotEmpty,
        LessonNote::OppositeEmpty,
        LessonNote::CapturedFewer,
        LessonNote::CapturedInstead,
        LessonNote::GameGoesOn,
        LessonNote::GameOverNoWin,
        LessonNote::OwnRow,
        LessonNote::WrongCount,
        LessonNote::GrandSlam,
        LessonNote::FedMore,
        LessonNote::NotMajority,
        LessonNote::NoRelay,
        LessonNote::TheirEmptyHouse,
        LessonNote::OppositeBurnt,
        LessonNote::StoppedFirst,
        LessonNote::NotPlayable,
    ];
}

/// The verdict on the learner's move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LessonResult {
    /// Did the move do the task?
    pub passed: bool,
    /// Why, in words the UI looks up.
    pub note: LessonNote,
    /// The note's two numbers (see each [`LessonNote`]); 0 where a note has fewer.
    pub numbers: [i32; 2],
    /// The opponent's moves to play on the board after the learner's when they show the
    /// point (the forced reply after feeding); usually none.
    pub then: Vec<House>,
}

impl LessonResult {
    fn new(passed: bool, note: LessonNote, numbers: [i32; 2]) -> LessonResult {
        LessonResult {
            passed,
            note,
            numbers,
            then: Vec::new(),
        }
    }

    fn pass(note: LessonNote, numbers: [i32; 2]) -> LessonResult {
        LessonResult::new(true, note, numbers)
    }

    fn fail(note: LessonNote, numbers: [i32; 2]) -> LessonResult {
        LessonResult::new(false, note, numbers)
    }
}

/// The learner's move as the game record writes it: the house, or in Congkak's
/// simultaneous start both hands' choices (the opponent's fixed by the lesson, and any
/// house a hand must choose again after ending in its store, the lowest it may).
/// `None` if `house` cannot be played from `before`.
pub fn learner_move(id: LessonId, before: &Game, house: House) -> Option<Move> {
    if !learner_choices(before.position(), Side::South).contains(house) {
        return None;
    }
    match id {
        LessonId::CongkakSimultaneous => {
            congkak::opening(before.position(), house).map(|run| Move::Opening(run.opening))
        }
        _ => Some(Move::House(house)),
    }
}

/// Plays `house` for the learner on `before` (the lesson's position) with the engine
/// and says whether it did the task of lesson `id`, and why. A house that cannot be
/// played gets [`LessonNote::NotPlayable`]; nothing panics.
pub fn judge(id: LessonId, before: &Game, house: House) -> LessonResult {
    let not_playable = || LessonResult::fail(LessonNote::NotPlayable, [house.number().into(), 0]);
    if id == LessonId::CongkakSimultaneous {
        return congkak::judge_opening(before.position(), house).unwrap_or_else(not_playable);
    }
    let mut after = before.clone();
    if before.position().side_to_move() != Side::South || before.position().in_opening() {
        return not_playable();
    }
    let Ok(report) = after.play(house) else {
        return not_playable();
    };
    let played = Played {
        before: before.position(),
        after: after.position(),
        report: &report,
    };
    match id.variant() {
        Variant::Kalah => kalah::judge(id, &played),
        Variant::Oware => oware::judge(id, &played, &after),
        Variant::Congkak => congkak::judge(id, &played),
    }
}

/// A move played: the board before and after, and the engine's report.
struct Played<'a> {
    before: &'a Position,
    after: &'a Position,
    report: &'a MoveReport,
}

impl Played<'_> {
    fn mover(&self) -> Side {
        self.report.mover
    }

    /// Where the last seed of the move fell (after every relay).
    fn last_pit(&self) -> Option<Pit> {
        self.report.steps.iter().rev().find_map(|step| match step {
            crate::engine::Step::Drop { pit } => Some(*pit),
            _ => None,
        })
    }

    /// The house of the mover's own row where the last seed fell, if it did.
    fn last_in_own_house(&self) -> Option<House> {
        match self.last_pit()? {
            Pit::House(side, house) if side == self.mover() => Some(house),
            _ => None,
        }
    }

    /// The opponent's house where the last seed fell, if it did.
    fn last_in_their_house(&self) -> Option<House> {
        match self.last_pit()? {
            Pit::House(side, house) if side != self.mover() => Some(house),
            _ => None,
        }
    }

    fn last_in_store(&self) -> bool {
        self.last_pit() == Some(Pit::Store(self.mover()))
    }

    /// Did the sowing pass the opponent's row and then come back to the own row (past
    /// the opponent's store, which it skips)?
    fn came_round(&self) -> bool {
        let mut in_their_row = false;
        let mover = self.mover();
        for step in &self.report.steps {
            if let crate::engine::Step::Drop { pit } = step {
                match *pit {
                    Pit::House(side, _) if side != mover => in_their_row = true,
                    Pit::House(_, _) if in_their_row => return self.last_in_own_house().is_some(),
                    _ => {}
                }
            }
        }
        false
    }

    /// Seeds the mover's move put into the opponent's houses.
    fn seeds_given(&self) -> u32 {
        let mover = self.mover();
        self.report
            .steps
            .iter()
            .filter(|step| {
                matches!(step, crate::engine::Step::Drop { pit: Pit::House(side, _) } if *side != mover)
            })
            .count() as u32
    }

    fn captured(&self) -> i32 {
        self.report.captured() as i32
    }

    /// The stores after the move, the learner's first.
    fn stores(&self) -> [i32; 2] {
        let [own, theirs] = [self.mover(), self.mover().opponent()];
        [
            self.after.store(own).into(),
            self.after.store(theirs).into(),
        ]
    }

    /// Did the game end with the mover ahead?
    fn won(&self) -> bool {
        self.after.outcome().and_then(|o| o.winner()) == Some(self.mover())
    }

    /// The verdict of a task "play again": a miss in the own row is said so.
    fn missed_store(&self) -> LessonResult {
        match self.last_in_own_house() {
            Some(h) if self.captured() == 0 && self.report.end.is_none() => {
                LessonResult::fail(LessonNote::NotInStore, [h.number().into(), 0])
            }
            _ => self.missed_sowing(),
        }
    }

    /// The verdict of a task "capture `target` seeds" in Kalah or Congkak (rule 4 and
    /// rule 5): a smaller capture names the house that captures more.
    fn judge_capture(&self, target: i32) -> LessonResult {
        let seeds = self.captured();
        let own = self.last_in_own_house().map_or(0, |h| h.number().into());
        if seeds >= target {
            LessonResult::pass(LessonNote::Captured, [seeds, own])
        } else if seeds > 0 {
            let better = best_capture(self.before).map_or(0, |(h, _)| h.number().into());
            LessonResult::fail(LessonNote::CapturedFewer, [seeds, better])
        } else {
            self.missed_sowing()
        }
    }

    /// The verdict of a task "end the game and win" (Kalah rules 5 and 6).
    fn judge_end(&self) -> LessonResult {
        if self.won() {
            LessonResult::pass(LessonNote::WonAtEnd, self.stores())
        } else if self.report.end.is_some() {
            LessonResult::fail(LessonNote::GameOverNoWin, self.stores())
        } else {
            LessonResult::fail(LessonNote::GameGoesOn, [0, 0])
        }
    }

    /// The verdict on a move of Kalah or Congkak that missed its task, from where its
    /// last seed fell (the notes every such lesson shares).
    fn missed_sowing(&self) -> LessonResult {
        use LessonNote::*;
        if self.report.end.is_some() {
            return LessonResult::fail(GameOverNoWin, self.stores());
        }
        if self.captured() > 0 {
            let house = self.last_in_own_house().map_or(0, |h| h.number().into());
            return LessonResult::fail(CapturedInstead, [self.captured(), house]);
        }
        if self.last_in_store() {
            return LessonResult::fail(LandedInStore, [0, 0]);
        }
        if let Some(house) = self.last_in_their_house() {
            let note = match self.before.variant() {
                // Rule 6: a Congkak sowing stops only in an empty house.
                Variant::Congkak => TheirEmptyHouse,
                _ => LandedInTheirHouse,
            };
            return LessonResult::fail(note, [house.number().into(), 0]);
        }
        match self.last_in_own_house() {
            Some(house) if self.after.house(self.mover(), house) == 1 => {
                LessonResult::fail(OppositeEmpty, [house.number().into(), 0])
            }
            Some(house) => LessonResult::fail(NotEmpty, [house.number().into(), 0]),
            None => LessonResult::fail(GameGoesOn, [0, 0]),
        }
    }
}

/// House `n` of a lesson's position (1..=7).
fn house(n: u8) -> House {
    House::new(n).expect("lesson houses are 1..=7")
}

/// A lesson's game on a hand-made board, South to move. The boards are constants the
/// tests check; a board the engine refused would be a bug in this file.
fn board(rules: Rules, south: &[u8], north: &[u8], stores: [u8; 2]) -> Game {
    let start = Position::from_parts(rules, [south, north], stores, Side::South)
        .unwrap_or_else(|e: RulesError| panic!("a lesson's board: {e}"));
    Game::from_start(start)
}

/// The legal move of `before` that captures the most (a spared grand slam counts 0),
/// and how many it captures.
fn best_capture(before: &Position) -> Option<(House, u32)> {
    let mut best: Option<(House, u32)> = None;
    for house in before.legal_moves().iter() {
        let mut game = Game::from_start(*before);
        if let Ok(report) = game.play(house) {
            let seeds = if report.grand_slam_spared {
                0
            } else {
                report.captured()
            };
            if best.is_none_or(|(_, most)| seeds > most) {
                best = Some((house, seeds));
            }
        }
    }
    best
}
