//! The rules of Kalah, Oware and Congkak (see RULES.md): positions, moves, games,
//! notation and perft. No UI, no files, no threads; the hot path does not allocate.

mod congkak;
mod game;
mod kalah;
mod layout;
mod moves;
mod oware;
mod perft;
mod position;
mod rules;
mod sowing;
mod trace;

pub use game::{Game, RecordError};
pub use moves::MoveSet;
pub use perft::perft;
pub use position::{IllegalMove, Outcome, Pit, Position, Side, MAX_PITS};
pub use rules::{GrandSlam, Rules, RulesError, Variant};
pub use trace::{NoTrace, Observer, Recorder, Step};
