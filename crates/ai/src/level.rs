//! Difficulty levels: from a beginner that a child can beat to an expert that plays the
//! strongest move it finds in about two seconds.
//!
//! The easier levels search shallowly, value every move, and then choose among them
//! with `rand`: usually a good move, sometimes a clearly worse one. Their mistakes are
//! real (a worse move, not a random one from thin air) but a sensible move is always
//! the most likely choice.

use super::limits::Limits;
use super::search::Searcher;
use super::{EndgameTable, OwareDatabase};
use mancala_engine::{excerpt, House, Position};
use rand::Rng;
use std::fmt;
use std::str::FromStr;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// The difficulty of the computer opponent, weakest first.
///
/// [`Level::choose`] picks a move as the level plays. The three easier levels search a
/// fixed number of plies, value every move and sometimes choose a worse one on purpose
/// (never a blunder beyond their [`Style::mistake_margin`]); Strong and Expert play the
/// best move they find within a time budget. The levels' names parse and print in lower
/// case, and serde writes them the same way.
///
/// # Examples
///
/// ```
/// use mancala_ai::{Level, Searcher};
/// use mancala_engine::{Position, Rules, Side, Variant};
/// use rand::SeedableRng;
///
/// let mut searcher = Searcher::new(1);
/// let mut rng = rand::rngs::StdRng::seed_from_u64(7);
///
/// // A beginner's move: legal, though not always the best.
/// let start = Position::start(Rules::new(Variant::Oware));
/// let house = Level::Beginner.choose(&mut searcher, &start, 1.0, None, &mut rng);
/// assert!(start.legal_moves().contains(house));
///
/// // Strong makes no mistakes; a time scale of 0.1 gives it 25 ms instead of 250.
/// let pos = Position::from_parts(
///     Rules::new(Variant::Kalah),
///     [&[0, 0, 3, 0, 1, 1], &[0, 2, 0, 0, 0, 0]],
///     [10, 12],
///     Side::South,
/// )
/// .unwrap();
/// let house = Level::Strong.choose(&mut searcher, &pos, 0.1, None, &mut rng);
/// assert_eq!(house.number(), 6); // the only winning move
///
/// assert_eq!("expert".parse::<Level>(), Ok(Level::Expert));
/// assert_eq!(Level::Casual.to_string(), "casual");
/// assert!(Level::Beginner < Level::Expert);
/// ```
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

/// How a level chooses its move: the parameters behind a [`Level`], from
/// [`Level::style`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Style {
    /// Plies searched to value the moves (levels that search each move separately).
    pub depth: u32,
    /// Chance of a deliberate mistake on each move, from 0.0 (never) to 1.0.
    pub mistake_rate: f64,
    /// A mistake picks among moves that lose at most this many seeds against the best
    /// (as valued at `depth`).
    pub mistake_margin: i32,
    /// Levels that play their best (Strong, Expert): the time budget of an
    /// iterative-deepening search, which `depth` caps. `None` for the levels that
    /// search a fixed depth.
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
    ///
    /// ```
    /// use mancala_ai::Level;
    /// use std::time::Duration;
    ///
    /// let casual = Level::Casual.style();
    /// assert_eq!((casual.depth, casual.think_time), (4, None));
    /// assert_eq!(Level::Expert.style().think_time, Some(Duration::from_secs(2)));
    /// assert_eq!(Level::Expert.style().mistake_rate, 0.0);
    /// ```
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

    /// The limits of this level's search: its depth and, for Strong and Expert, its
    /// think time multiplied by `time_scale` (1.0 in the app; a match between engines
    /// may shorten it to run faster).
    pub fn limits(self, time_scale: f64) -> Limits<'static> {
        let style = self.style();
        Limits {
            depth: Some(style.depth),
            time: style.think_time.map(|t| t.mul_f64(time_scale)),
            ..Limits::default()
        }
    }

    /// Chooses this level's move in `pos`, searching with `searcher` (whose table and
    /// settings it uses and keeps). `time_scale` multiplies the think time as in
    /// [`Level::limits`]; `cancel` (the app's flag) stops the search early, and the move
    /// is then legal but not considered. `rng` decides the easier levels' mistakes and
    /// breaks ties between equally valued moves.
    ///
    /// Expert also uses the endgame tables and (Oware) the database for `pos`'s rules if
    /// [`EndgameTable::shared`] and [`OwareDatabase::shared`] have built them (it never
    /// waits for a build), and sets them on `searcher`. Oware's repetition rule needs the game's positions: call
    /// [`Searcher::set_history`] first.
    ///
    /// # Panics
    ///
    /// If the game is over in `pos`: there is no move to choose.
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
                searcher.set_database(OwareDatabase::if_built(pos.rules()));
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
                    "unknown level '{}' (expected beginner, casual, intermediate, strong or expert)",
                    excerpt(s)
                )
            })
    }
}
