//! The guided first game: a short Kalah game against the gentlest computer in which each
//! new thing is explained the first time it happens — sowing, the person's store, an
//! extra turn, a capture, the end — in one line, with the house to tap lit when there is
//! one to point at (the first time an extra turn or a capture is there for the person to
//! take). Each tip shows once; it goes when the person plays a move or taps it, and the
//! next one waiting (what the same moves did, then what the person may do now) comes
//! when it is tapped away. Skip turns the tips off for the rest of the game, which goes
//! on as an ordinary game. Plain data, no Slint: the turn loop tells the guide what was
//! played and shown, and the game view shows its tip (`ui/views/guide-words.slint`
//! words it).

use super::{Effects, TurnLoop};
use crate::app::game::session::{Session, HUMAN_SIDE};
use crate::engine::{Game, House, MoveReport, Pit, Position, Rules, Side, Step, Variant};
use crate::players::{Difficulty, Opponent};
use std::collections::VecDeque;

/// Seeds per house in the guided game: the fewest the app offers, so a game is short
/// and every house's sowing can be followed seed by seed, yet long enough for extra
/// turns and captures to come up.
pub const GUIDED_SEEDS: u8 = 3;

/// The guided game's rules: Kalah, 6 houses of 3 seeds, no options.
pub fn guided_rules() -> Rules {
    Rules::new(Variant::Kalah)
        .with_seeds(GUIDED_SEEDS)
        .expect("3 seeds a house is in the range the rules allow")
}

/// The guided game's opponent: the gentlest computer.
pub const GUIDED_OPPONENT: Opponent = Opponent::Computer {
    level: Difficulty::Beginner,
};

/// One tip of the guided game, with what it is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tip {
    /// The person's first turn: a tap on a house sows its seeds one by one.
    Sowing,
    /// A seed of the person's sowing fell into their own store.
    YourStore,
    /// Playing `house` ends in the person's store: an extra turn to take.
    ExtraTurnChance { house: House },
    /// `side`'s last seed fell into its store: it moves again.
    ExtraTurn { side: Side },
    /// Playing `house` captures `seeds` seeds (the capturing seed included).
    CaptureChance { house: House, seeds: u32 },
    /// `side` captured `seeds` seeds.
    Capture { side: Side, seeds: u32 },
    /// The game is over.
    End,
}

/// What a tip is about, whatever its house or side: each kind shows once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TipKind {
    Sowing,
    YourStore,
    ExtraTurnChance,
    ExtraTurn,
    CaptureChance,
    Capture,
    End,
}

impl Tip {
    pub fn kind(self) -> TipKind {
        match self {
            Tip::Sowing => TipKind::Sowing,
            Tip::YourStore => TipKind::YourStore,
            Tip::ExtraTurnChance { .. } => TipKind::ExtraTurnChance,
            Tip::ExtraTurn { .. } => TipKind::ExtraTurn,
            Tip::CaptureChance { .. } => TipKind::CaptureChance,
            Tip::Capture { .. } => TipKind::Capture,
            Tip::End => TipKind::End,
        }
    }

    /// The house the tip asks the person to tap, lit on the board.
    pub fn house(self) -> Option<House> {
        match self {
            Tip::ExtraTurnChance { house } | Tip::CaptureChance { house, .. } => Some(house),
            _ => None,
        }
    }
}

/// The guide of one guided game: which tips have shown, the one showing and the ones
/// waiting behind it.
#[derive(Clone, Debug)]
pub struct Guide {
    /// The side the person plays.
    person: Side,
    /// False once the person skipped the tips.
    on: bool,
    shown: Vec<TipKind>,
    current: Option<Tip>,
    /// Tips about the same moment as the current one, in the order they come.
    waiting: VecDeque<Tip>,
}

impl Guide {
    /// A guide for a person playing `person`'s side, no tip shown yet.
    pub fn new(person: Side) -> Guide {
        Guide {
            person,
            on: true,
            shown: Vec::new(),
            current: None,
            waiting: VecDeque::new(),
        }
    }

    /// The tip showing now.
    pub fn tip(&self) -> Option<Tip> {
        self.current
    }

    /// The house the tip showing asks the person to tap.
    pub fn lit(&self) -> Option<House> {
        self.current.and_then(Tip::house)
    }

    /// The tips are on (not skipped).
    pub fn is_on(&self) -> bool {
        self.on
    }

    /// It is the person's turn in `position`, nothing moving: their first turn explains
    /// sowing; an extra turn or a capture there to take, the first time, is pointed at.
    pub fn persons_turn(&mut self, position: &Position) {
        if !self.on || position.is_over() || position.side_to_move() != self.person {
            return;
        }
        self.offer(Tip::Sowing);
        let (extra, capture) = chances(position);
        if let Some(house) = extra {
            self.offer(Tip::ExtraTurnChance { house });
        }
        if let Some((house, seeds)) = capture {
            self.offer(Tip::CaptureChance { house, seeds });
        }
    }

    /// A move has been shown: what it did that is new.
    pub fn move_shown(&mut self, report: &MoveReport) {
        if !self.on {
            return;
        }
        let into_own_store = report.steps.iter().any(|step| {
            *step
                == Step::Drop {
                    pit: Pit::Store(self.person),
                }
        });
        if report.mover == self.person && into_own_store {
            self.offer(Tip::YourStore);
        }
        if report.extra_turn {
            self.offer(Tip::ExtraTurn { side: report.mover });
        }
        if report.captured() > 0 {
            self.offer(Tip::Capture {
                side: report.mover,
                seeds: report.captured(),
            });
        }
    }

    /// The game is over: the end is explained at once, before anything still waiting.
    pub fn game_over(&mut self) {
        if !self.on {
            return;
        }
        self.current = None;
        self.waiting.clear();
        self.offer(Tip::End);
    }

    /// The person played a move (or took moves back or replayed them): the tip showing
    /// goes, and so do the ones waiting, which were about a moment now past (they show
    /// the next time their event happens).
    pub fn acted(&mut self) {
        self.current = None;
        self.waiting.clear();
    }

    /// The person tapped the tip: it goes, and the next one waiting shows.
    pub fn dismiss(&mut self) {
        self.current = None;
        self.promote();
    }

    /// The person skipped the guide: no tip from now on.
    pub fn skip(&mut self) {
        self.on = false;
        self.current = None;
        self.waiting.clear();
    }

    /// Puts `tip` in line, unless its kind has shown already or waits already.
    fn offer(&mut self, tip: Tip) {
        let kind = tip.kind();
        let known = self.shown.contains(&kind)
            || self.current.is_some_and(|t| t.kind() == kind)
            || self.waiting.iter().any(|t| t.kind() == kind);
        if self.on && !known {
            self.waiting.push_back(tip);
            self.promote();
        }
    }

    /// Shows the next tip waiting, if none shows.
    fn promote(&mut self) {
        if self.current.is_none() {
            if let Some(next) = self.waiting.pop_front() {
                self.shown.push(next.kind());
                self.current = Some(next);
            }
        }
    }
}

/// The moves of `position` worth pointing at: a house whose last seed ends in the
/// mover's store (the one nearest the store, played first so the others still reach
/// it), and the house that captures the most seeds (the lowest on a tie).
fn chances(position: &Position) -> (Option<House>, Option<(House, u32)>) {
    let mut extra = None;
    let mut capture: Option<(House, u32)> = None;
    for house in position.legal_moves().iter() {
        let Ok(report) = Game::from_start(*position).play(house) else {
            continue;
        };
        if report.extra_turn {
            extra = Some(house);
        }
        let seeds = report.captured();
        if seeds > capture.map_or(0, |(_, most)| most) {
            capture = Some((house, seeds));
        }
    }
    (extra, capture)
}

impl TurnLoop {
    /// Starts the guided first game: Kalah of 3 seeds a house against the Beginner, the
    /// person first, with its tips. The person's own game, if any, waits aside as while
    /// watching the computer (never saved over, never counted: `Session::guided`).
    pub fn begin_guided(&mut self) -> Effects {
        self.put_own_game_aside_for(Session::guided(guided_rules(), GUIDED_OPPONENT));
        self.guide = Some(Guide::new(HUMAN_SIDE));
        self.guide_persons_turn();
        self.computer_moves_if_its_turn()
    }

    /// The tip showing now, in the guided game.
    pub fn tip(&self) -> Option<Tip> {
        self.guide.as_ref().and_then(Guide::tip)
    }

    /// The person tapped the tip: it goes, and the next one waiting shows.
    pub fn tip_tapped(&mut self) -> Effects {
        if let Some(guide) = &mut self.guide {
            guide.dismiss();
        }
        self.effects()
    }

    /// Skip: no more tips; the guided game goes on as an ordinary one (still neither
    /// saved nor counted).
    pub fn skip_guide(&mut self) -> Effects {
        if let Some(guide) = &mut self.guide {
            guide.skip();
        }
        self.effects()
    }

    /// The person's turn has come with nothing moving: the guide looks at what they may
    /// do.
    pub(super) fn guide_persons_turn(&mut self) {
        let (Some(guide), Some(session)) = (&mut self.guide, &self.session) else {
            return;
        };
        if session.human_to_move() && self.animation.is_none() {
            guide.persons_turn(session.position());
        }
    }

    /// The person played a move: the tip showing goes.
    pub(super) fn guide_acted(&mut self) {
        if let Some(guide) = &mut self.guide {
            guide.acted();
        }
    }

    /// A move has been shown: the guide tells what was new in it, then (when the game
    /// goes on) what the person may do.
    pub(super) fn guide_move_shown(&mut self, report: &MoveReport) {
        if let Some(guide) = &mut self.guide {
            guide.move_shown(report);
        }
        self.guide_persons_turn();
    }

    /// The game ended (its last move shown, or resigned).
    pub(super) fn guide_game_over(&mut self) {
        if let Some(guide) = &mut self.guide {
            guide.game_over();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn h(number: u8) -> House {
        House::new(number).unwrap()
    }

    /// A Kalah position of 3-seed rules from hand-made houses, South to move.
    fn position(south: [u8; 6], north: [u8; 6], stores: [u8; 2], to_move: Side) -> Position {
        Position::from_parts(guided_rules(), [&south, &north], stores, to_move).unwrap()
    }

    #[test]
    fn guided_game_is_kalah_of_three_seeds_against_the_beginner() {
        let rules = guided_rules();
        assert_eq!(rules.variant(), Variant::Kalah);
        assert_eq!((rules.houses(), rules.seeds()), (6, 3));
        assert_eq!(
            GUIDED_OPPONENT,
            Opponent::Computer {
                level: Difficulty::Beginner
            }
        );
    }

    #[test]
    fn guided_first_turn_explains_sowing_then_points_at_the_extra_turn() {
        let start = Position::start(guided_rules());
        let mut guide = Guide::new(Side::South);
        guide.persons_turn(&start);
        assert_eq!(guide.tip(), Some(Tip::Sowing));
        assert_eq!(guide.lit(), None, "any house will do for a first sowing");
        // Tapped away: house 4's three seeds end in the store.
        guide.dismiss();
        assert_eq!(guide.tip(), Some(Tip::ExtraTurnChance { house: h(4) }));
        assert_eq!(guide.lit(), Some(h(4)));
        guide.dismiss();
        assert_eq!(guide.tip(), None);
        // The same turn again (after undo, say): nothing new to say.
        guide.persons_turn(&start);
        assert_eq!(guide.tip(), None);
    }

    #[test]
    fn guided_tips_of_a_move_come_after_it_and_never_again() {
        let mut game = Game::new(guided_rules());
        let mut guide = Guide::new(Side::South);
        guide.persons_turn(game.position());
        guide.acted(); // the person plays at once: the sowing tip goes, and the rest
        let report = game.play(h(4)).unwrap();
        guide.move_shown(&report);
        assert_eq!(
            guide.tip(),
            Some(Tip::YourStore),
            "the store before the extra turn"
        );
        guide.persons_turn(game.position());
        guide.dismiss();
        assert_eq!(guide.tip(), Some(Tip::ExtraTurn { side: Side::South }));
        // The extra-turn chance never showed (the person played before tapping the
        // sowing tip away) and none is left now; house 1's last seed lands in empty
        // house 4, across from North's 3 seeds.
        guide.dismiss();
        assert_eq!(
            guide.tip(),
            Some(Tip::CaptureChance {
                house: h(1),
                seeds: 4
            })
        );
        guide.dismiss();
        assert_eq!(guide.tip(), None);
        // Another extra turn and another seed in the store: not said twice.
        let mut again = Game::new(guided_rules());
        let report = again.play(h(4)).unwrap();
        guide.move_shown(&report);
        assert_eq!(guide.tip(), None);
    }

    #[test]
    fn guided_capture_chance_lights_the_house_that_captures_most() {
        // South's house 1 (1 seed) lands in empty house 2, across from North's house 5
        // (4 seeds); house 3 (1 seed) lands in empty house 4, across from North's house 3
        // (6 seeds): house 3 captures more. No house ends in the store.
        let pos = position([1, 0, 1, 0, 3, 2], [3, 3, 6, 3, 4, 3], [0, 0], Side::South);
        let mut guide = Guide::new(Side::South);
        guide.shown.push(TipKind::Sowing);
        guide.persons_turn(&pos);
        assert_eq!(
            guide.tip(),
            Some(Tip::CaptureChance {
                house: h(3),
                seeds: 7
            })
        );
        assert_eq!(guide.lit(), Some(h(3)));
        // Played: the chance goes; the capture is then told once.
        guide.acted();
        assert_eq!(guide.tip(), None);
        let report = Game::from_start(pos).play(h(3)).unwrap();
        guide.move_shown(&report);
        assert_eq!(
            guide.tip(),
            Some(Tip::Capture {
                side: Side::South,
                seeds: 7
            })
        );
        guide.dismiss();
        guide.persons_turn(&pos);
        assert_eq!(guide.tip(), None, "each chance is pointed at once");
    }

    #[test]
    fn guided_computers_capture_and_extra_turn_are_told_too() {
        // North's house 3 (3 seeds) ends in its store; North's house 1 (1 seed) lands in
        // its empty house 2, across from South's house 5.
        let pos = position([3, 3, 3, 3, 3, 3], [1, 0, 3, 3, 3, 3], [0, 0], Side::North);
        let mut guide = Guide::new(Side::South);
        let mut game = Game::from_start(pos);
        guide.move_shown(&game.play(h(1)).unwrap());
        assert_eq!(
            guide.tip(),
            Some(Tip::Capture {
                side: Side::North,
                seeds: 4
            })
        );
        assert_eq!(guide.lit(), None);
        let mut other = Game::from_start(pos);
        guide.move_shown(&other.play(h(4)).unwrap());
        guide.dismiss();
        assert_eq!(guide.tip(), Some(Tip::ExtraTurn { side: Side::North }));
        guide.dismiss();
        // The person's store is the person's: a computer's seed there says nothing.
        assert_eq!(guide.tip(), None);
    }

    #[test]
    fn guided_end_comes_first_and_once() {
        let mut guide = Guide::new(Side::South);
        guide.persons_turn(&Position::start(guided_rules()));
        assert_eq!(guide.tip(), Some(Tip::Sowing));
        guide.game_over();
        assert_eq!(
            guide.tip(),
            Some(Tip::End),
            "the end before anything waiting"
        );
        guide.dismiss();
        assert_eq!(guide.tip(), None, "nothing was left waiting behind it");
        guide.game_over();
        assert_eq!(guide.tip(), None);
    }

    #[test]
    fn guided_game_in_the_turn_loop_lights_the_house_counts_nothing_and_keeps_the_own_game() {
        use crate::testing::brains::FirstLegalMove;
        use std::sync::Arc;
        let mut turns = TurnLoop::new(Arc::new(FirstLegalMove));
        let _ = turns.set_on_screen(true);
        let _ = turns.begin(Rules::new(Variant::Kalah), GUIDED_OPPONENT, Side::South);
        let own = turns.session().unwrap().id();
        let _ = turns.begin_guided();
        assert_eq!(
            turns.own_game().map(Session::id),
            Some(own),
            "waiting aside"
        );
        let view = turns.view().unwrap();
        assert!(view.guided);
        assert_eq!(view.tip, Some(Tip::Sowing));
        assert!(view.board.houses[0].iter().all(|house| !house.hinted));
        let _ = turns.tip_tapped();
        let view = turns.view().unwrap();
        assert_eq!(view.tip, Some(Tip::ExtraTurnChance { house: h(4) }));
        let lit: Vec<usize> = (0..6).filter(|&i| view.board.houses[0][i].hinted).collect();
        assert_eq!(lit, [3], "house 4 carries the hint's mark");
        // The person plays it: the tip goes at once, the move's own tips come after.
        let _ = turns.tap(Side::South, 4);
        assert_eq!(turns.tip(), Some(Tip::YourStore));
        // Resigned (or ended), it is not counted.
        let effects = turns.resign();
        assert_eq!(effects.finished, None);
        assert_eq!(turns.tip(), Some(Tip::End));
        let _ = turns.end_watch();
        assert_eq!(
            turns.session().map(Session::id),
            Some(own),
            "the own game is back"
        );
        assert_eq!(turns.view().unwrap().tip, None);
        assert!(!turns.view().unwrap().guided);
    }

    #[test]
    fn guided_skip_stops_every_tip() {
        let mut game = Game::new(guided_rules());
        let mut guide = Guide::new(Side::South);
        guide.persons_turn(game.position());
        assert!(guide.tip().is_some());
        guide.skip();
        assert!(!guide.is_on());
        assert_eq!((guide.tip(), guide.lit()), (None, None));
        guide.persons_turn(game.position());
        guide.move_shown(&game.play(h(4)).unwrap());
        guide.game_over();
        guide.dismiss();
        assert_eq!(guide.tip(), None);
    }
}
