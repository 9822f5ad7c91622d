//! When a search must stop: a depth, a node count, a time budget or a cancel flag.
//! Whatever stops it, the search still answers with a legal move.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// The limits of one search. `Limits::default()` means "no limit at all", which is
/// only sensible for the exact solver or a position close to the end.
#[derive(Clone, Debug, Default)]
pub struct Limits<'a> {
    /// Deepest iteration, in plies (one sowing each; an extra turn is a new ply).
    pub depth: Option<u32>,
    /// Stop after about this many positions visited.
    pub nodes: Option<u64>,
    /// Wall-clock budget.
    pub time: Option<Duration>,
    /// Set from another thread (the app's "cancel" or "new game") to stop at once.
    pub cancel: Option<&'a AtomicBool>,
}

impl<'a> Limits<'a> {
    pub fn depth(depth: u32) -> Limits<'a> {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    pub fn time(time: Duration) -> Limits<'a> {
        Limits {
            time: Some(time),
            ..Limits::default()
        }
    }

    pub fn nodes(nodes: u64) -> Limits<'a> {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }

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
