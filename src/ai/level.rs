//! Difficulty levels: from a beginner that a child can beat to an expert that plays the
//! strongest move it finds in about two seconds.
//!
//! The easier levels search shallowly, value every move, and then choose among them
//! with `rand`: usually a good move, sometimes a clearly worse one. Their mistakes are
//! real (a worse move, not a random one from thin air) but a sensible move is always
//! the most likely choice.

use super::limits::Limits;
use super::search::Searcher;
use super::EndgameTable;
use crate::engine::{House, Position};
use rand::Rng;
use std::fmt;
use std::str::FromStr;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// The difficulty of the computer opponent, weakest first.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// Searches 2 plies and often errs: a child can beat it.
    Beginner,
    /// Searches 4 plies and sometimes errs.
    Casual,
    /// Searches 7 plies and rarely errs.
    Intermediate,
    /// Plays its best move found in a quarter of a second.
    Strong,
    /// Plays its best move found in two seconds, with the endgame tables once they are
    /// built.
    Expert,
}

/// How a level chooses its move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Style {
    /// Plies searched to value the moves (levels that search each move separately).
    pub depth: u32,
    /// Chance of a deliberate mistake on each move.
    pub mistake_rate: f64,
    /// A mistake picks among moves that lose at most this many seeds against the best.
    pub mistake_margin: i32,
    /// Levels that play their best: the time budget of an iterative-deepening search.
    pub think_time: Option<Duration>,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 5] = [
        Level::Beginner,
        Level::Casual,
        Level::Intermediate,
        Level::Strong,
        Level::Expert,
    ];

    /// The lower-case name used on the command line (`--levels strong,expert`).
    pub fn name(self) -> &'static str {
        match self {
            Level::Beginner => "beginner",
            Level::Casual => "casual",
            Level::Intermediate => "intermediate",
            Level::Strong => "strong",
            Level::Expert => "expert",
        }
    }

    /// The parameters behind the level (calibrated with `mancala-cli match`).
    pub fn style(self) -> Style {
        let (depth, mistake_rate, mistake_margin, think_time) = match self {
            Level::Beginner => (2, 0.45, 12, None),
            Level::Casual => (4, 0.25, 6, None),
            Level::Intermediate => (7, 0.08, 3, None),
            Level::Strong => (9, 0.0, 0, Some(Duration::from_millis(250))),
            Level::Expert => (60, 0.0, 0, Some(Duration::from_millis(2000))),
        };
        Style {
            depth,
            mistake_rate,
            mistake_margin,
            think_time,
        }
    }

    /// The limits of this level's search, scaled by `time_scale` (1.0 on a phone; the
    /// match command may shorten them to calibrate faster).
    pub fn limits(self, time_scale: f64) -> Limits<'static> {
        let style = self.style();
        Limits {
            depth: Some(style.depth),
            time: style.think_time.map(|t| t.mul_f64(time_scale)),
            ..Limits::default()
        }
    }

    /// Chooses this level's move in `pos` (which must not be over). `cancel` (the app's
    /// flag) stops the search early; the move is then legal but not considered.
    pub fn choose<R: Rng>(
        self,
        searcher: &mut Searcher,
        pos: &Position,
        time_scale: f64,
        cancel: Option<&AtomicBool>,
        rng: &mut R,
    ) -> House {
        let style = self.style();
        let limits = Limits {
            cancel,
            ..self.limits(time_scale)
        };
        if style.mistake_rate == 0.0 {
            if self == Level::Expert {
                // Only tables already built: building them takes seconds, which a move
                // must not wait for (the app builds them on a thread of its own, the
                // match command before its games).
                searcher.set_endgame(EndgameTable::if_built(pos.rules()));
            }
            let result = searcher
                .search(pos, &limits)
                .expect("a level is asked to move only while the game goes on");
            return result.best;
        }
        let scored = searcher.score_moves(pos, &limits);
        let best = scored[0].1;
        if scored.len() > 1 && rng.random_bool(style.mistake_rate) {
            // A mistake: any other move that is not a blunder beyond the margin.
            let worse: Vec<House> = scored[1..]
                .iter()
                .filter(|&&(_, v)| best - v <= style.mistake_margin)
                .map(|&(m, _)| m)
                .collect();
            if !worse.is_empty() {
                return worse[rng.random_range(0..worse.len())];
            }
        }
        // Otherwise one of the moves valued best (ties broken at random).
        let top: Vec<House> = scored
            .iter()
            .take_while(|&&(_, v)| v == best)
            .map(|&(m, _)| m)
            .collect();
        top[rng.random_range(0..top.len())]
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Level {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Level::ALL
            .into_iter()
            .find(|l| l.name() == s.to_ascii_lowercase())
            .ok_or_else(|| {
                format!(
                    "unknown level '{s}' (expected beginner, casual, intermediate, strong or expert)"
                )
            })
    }
}
