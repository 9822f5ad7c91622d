//! The short flash that follows a move on the board: the mover's store lights up when the
//! move captured seeds (with how many) or earned another turn, so the player sees what
//! happened without reading the banner.

use crate::engine::{MoveReport, Pit};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AccentKind {
    ExtraTurn,
    Capture,
}

/// One flash: what it marks, at which pit (in `Position::pits` order), and a serial that
/// changes with every new flash, so a view can tell a new one from one it has shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Accent {
    pub kind: AccentKind,
    pub pit: usize,
    /// Seeds captured (zero for an extra turn).
    pub seeds: u32,
    pub serial: u64,
}

impl Accent {
    /// The flash a move earns, if any: a capture outshines the extra turn it rarely
    /// comes with (a Congkak relay can do both).
    pub fn of(report: &MoveReport, houses: u8, serial: u64) -> Option<Accent> {
        let pit = Pit::Store(report.mover).index(houses);
        let (kind, seeds) = if report.captured() > 0 {
            (AccentKind::Capture, report.captured())
        } else if report.extra_turn {
            (AccentKind::ExtraTurn, 0)
        } else {
            return None;
        };
        Some(Accent {
            kind,
            pit,
            seeds,
            serial,
        })
    }
}
