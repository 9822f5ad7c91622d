//! The Learn hub: today's puzzle, the streak, and the puzzles of each game with the
//! player's progress ([`hub`]: which puzzle comes next, what the hub shows; Slint-free),
//! rendered into the `LearnState` global ([`adapter`]). The exercises themselves are
//! played on the study screen (`crate::app::study`). Lessons and the guided first game
//! join the hub as sections of their own.

pub mod adapter;
pub mod hub;
