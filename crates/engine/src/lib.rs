//! The rules of three mancala games, Kalah, Oware (Abapa rules) and Congkak: positions,
//! legal moves, games with undo and move reports, the move notation and perft. The
//! rules, option by option, are written out in the project's docs/rules.md.
//!
//! - [`Rules`] says which game is played: a [`Variant`], 6 houses a side (7 for
//!   traditional Congkak), 3 to 7 seeds a house, and the options Kalah's and Congkak's
//!   `empty-capture` and Oware's [`GrandSlam`]. It is always a rule set the engine
//!   plays: [`RulesBuilder::build`] checks any other choice.
//! - [`Position`] is a board with the side to move: [`Position::legal_moves`] gives a
//!   [`MoveSet`] of [`House`]s and [`Position::play`] plays one.
//! - [`Game`] keeps the history (undo, redo, Oware's repetition rule, resignation) and
//!   reports what each move did in a [`MoveReport`], down to the seed ([`Step`]).
//! - [`perft`] counts move sequences, to check the move generator and time it.
//!
//! Moves are house numbers as their owner counts them, 1 to 6 (or 7) from the left;
//! a game record is those numbers separated by spaces ([`Game::record`]). [`Rules`],
//! [`Variant`], [`GrandSlam`], [`House`] and [`Side`] implement serde's `Serialize` and
//! `Deserialize`.
//!
//! The crate has no UI, does no I/O and starts no threads; [`Position::play`] and
//! [`Position::legal_moves`] do not allocate. A computer player for it is the
//! `mancala-ai` crate.
//!
//! ```
//! use mancala_engine::{Game, House, Rules, Variant};
//! let mut game = Game::new(Rules::new(Variant::Kalah));
//! while let Some(house) = game.legal_moves().first() {
//!     game.play(house).unwrap();
//! }
//! assert!(game.is_over());
//! assert_eq!(game.position().stores().iter().map(|&s| s as u32).sum::<u32>(), 48);
//! ```
#![deny(missing_docs)]

mod congkak;
mod excerpt;
mod game;
mod house;
mod kalah;
mod layout;
mod moves;
mod opening;
mod oware;
mod perft;
mod position;
mod report;
mod rules;
mod sowing;
mod trace;

pub use excerpt::{excerpt, EXCERPT_CHARS};
pub use game::{Game, Move, RecordError, RecordErrorKind};
pub use house::{House, MAX_HOUSES};
pub use moves::{MoveSet, MoveSetIter};
pub use opening::{Hand, IllegalOpening, Lockstep, Opening, OpeningSyntaxError};
pub use perft::perft;
pub use position::{IllegalMove, Outcome, Pit, Position, Side};
pub use report::{EndReason, MoveReport, OpeningReport};
pub use rules::{GrandSlam, RuleOption, Rules, RulesBuilder, RulesError, Start, Variant};
pub use trace::{Observer, Step};
