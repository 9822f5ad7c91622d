//! When a search must stop: a depth, a node count, a time budget or a cancel flag.
//! Whatever stops it, the search still answers with a legal move.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// When a search must stop: whichever of its limits comes first. Every field left
/// `None` is no limit, so `Limits::default()` means "no limit at all", which is only
/// sensible for the exact solver or a position close to the end.
///
/// However early a limit stops it, [`Searcher::search`](crate::Searcher::search) still
/// returns a legal move: the best of the deepest iteration completed (or proven
/// better by the unfinished one).
///
/// # Examples
///
/// One constructor per limit, and struct update syntax to combine them:
///
/// ```
/// use mancala_ai::{Limits, Searcher};
/// use mancala_engine::{Position, Rules, Variant};
/// use std::sync::atomic::AtomicBool;
/// use std::time::Duration;
///
/// let start = Position::start(Rules::new(Variant::Oware));
/// let mut searcher = Searcher::new(1);
///
/// // A fixed depth: reproducible.
/// let found = searcher.search(&start, &Limits::depth(5)).unwrap();
/// assert_eq!(found.depth, 5);
///
/// // 8 plies or 50 ms, whichever comes first.
/// let limits = Limits {
///     depth: Some(8),
///     time: Some(Duration::from_millis(50)),
///     ..Limits::default()
/// };
/// let found = searcher.search(&start, &limits).unwrap();
/// assert!((1..=8).contains(&found.depth));
///
/// // A raised cancel flag stops the search at once; the move is still legal.
/// let cancel = AtomicBool::new(true);
/// let found = searcher.search(&start, &Limits::depth(20).with_cancel(&cancel)).unwrap();
/// assert_eq!(found.depth, 0);
/// assert!(start.legal_moves().contains(found.best));
/// ```
#[derive(Clone, Debug, Default)]
pub struct Limits<'a> {
    /// Deepest iteration, in plies (one sowing each; an extra turn is a new ply).
    /// `None`: deepen until another limit stops the search or the value is exact, up to
    /// [`MAX_DEPTH`](crate::MAX_DEPTH) ([`Searcher::score_moves`](crate::Searcher::score_moves)
    /// reads it as 1).
    pub depth: Option<u32>,
    /// Stop after about this many positions visited (checked every thousand or so).
    pub nodes: Option<u64>,
    /// Wall-clock budget, measured from the start of the search.
    pub time: Option<Duration>,
    /// A flag another thread sets (a player's "cancel" or "new game") to stop the
    /// search at once. The search only reads it.
    pub cancel: Option<&'a AtomicBool>,
}

impl<'a> Limits<'a> {
    /// Limits of `depth` plies and nothing else: the same answer on every machine and
    /// every run (with a fresh [`Searcher`](crate::Searcher)), whatever the time it
    /// takes. What the easier levels, tests and benchmarks use.
    pub fn depth(depth: u32) -> Limits<'a> {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// A wall-clock budget and nothing else: the search deepens until `time` has
    /// passed, then plays what it has (how the stronger levels think). The time is
    /// checked every thousand or so positions, so it runs over a little (well under a
    /// millisecond in a release build); the answer depends on the machine's speed.
    pub fn time(time: Duration) -> Limits<'a> {
        Limits {
            time: Some(time),
            ..Limits::default()
        }
    }

    /// A budget of about `nodes` positions visited and nothing else: like
    /// [`Limits::time`], but the same on every machine. The count is checked every
    /// thousand or so positions, so the search may visit a few more.
    pub fn nodes(nodes: u64) -> Limits<'a> {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }

    /// These limits, also stopped as soon as `cancel` becomes `true` (set from another
    /// thread, for instance when the player leaves the game). A cancelled search still
    /// returns a legal move, but an unconsidered one.
    pub fn with_cancel(mut self, cancel: &'a AtomicBool) -> Limits<'a> {
        self.cancel = Some(cancel);
        self
    }
}

/// The running clock of a search: checks the limits cheaply, every few thousand nodes.
pub(crate) struct Clock<'a> {
    started: Instant,
    deadline: Option<Instant>,
    node_limit: u64,
    cancel: Option<&'a AtomicBool>,
    stopped: bool,
    /// Node count at which to look again (counts can jump by several at once).
    next_check: u64,
}

/// Nodes between two looks at the clock and the cancel flag. At well over a million
/// nodes a second this is far below a millisecond.
const CHECK_EVERY: u64 = 1024;

impl<'a> Clock<'a> {
    pub(crate) fn start(limits: &Limits<'a>) -> Clock<'a> {
        let started = Instant::now();
        Clock {
            started,
            deadline: limits.time.map(|t| started + t),
            node_limit: limits.nodes.unwrap_or(u64::MAX),
            cancel: limits.cancel,
            stopped: false,
            next_check: 0,
        }
    }

    /// True once any limit is reached; `nodes` is the count so far.
    #[inline]
    pub(crate) fn should_stop(&mut self, nodes: u64) -> bool {
        if self.stopped {
            return true;
        }
        if nodes >= self.next_check {
            self.next_check = nodes + CHECK_EVERY;
            self.stopped = nodes >= self.node_limit
                || self.deadline.is_some_and(|d| Instant::now() >= d)
                || self.cancel.is_some_and(|c| c.load(Ordering::Relaxed));
        }
        self.stopped
    }

    pub(crate) fn stopped(&self) -> bool {
        self.stopped
    }

    pub(crate) fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }
}
