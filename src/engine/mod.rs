//! The rules of Kalah, Oware and Congkak (docs/rules.md): positions, moves, games,
//! notation and perft. No UI, no files, no threads; the hot path does not allocate.
//!
//! - [`Rules`] says which game is played; it is always a rule set the engine plays.
//! - [`Position`] is a board with the side to move: [`Position::legal_moves`] gives a
//!   [`MoveSet`] of [`House`]s and [`Position::play`] plays one.
//! - [`Game`] keeps the history (undo, redo, Oware's repetition rule, resignation) and
//!   reports what each move did in a [`MoveReport`], down to the seed ([`Step`]).
//!
//! ```
//! use mancala::engine::{Game, House, Rules, Variant};
//! let mut game = Game::new(Rules::new(Variant::Kalah));
//! while let Some(house) = game.legal_moves().first() {
//!     game.play(house).unwrap();
//! }
//! assert!(game.is_over());
//! assert_eq!(game.position().stores().iter().map(|&s| s as u32).sum::<u32>(), 48);
//! ```
#![warn(missing_docs)]

mod congkak;
mod game;
mod house;
mod kalah;
mod layout;
mod moves;
mod oware;
mod perft;
mod position;
mod report;
mod rules;
mod sowing;
mod trace;

pub use game::{Game, RecordError, RecordErrorKind};
pub use house::{House, MAX_HOUSES};
pub use moves::{MoveSet, MoveSetIter};
pub use perft::perft;
pub use position::{IllegalMove, Outcome, Pit, Position, Side};
pub use report::{EndReason, MoveReport};
pub use rules::{GrandSlam, RuleOption, Rules, RulesBuilder, RulesError, Variant};
pub use trace::{Observer, Step};
