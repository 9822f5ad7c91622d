//! Endgame tables: what the side to move gains from the seeds left on the board, for
//! every position with few of them, so that a search stops there instead of guessing.
//! Kalah's are exact ([`kalah`]). Oware's hold proven bounds that meet for a few percent
//! of the positions only: a line that circles until rule 8 ends it has a value that
//! depends on the way it was reached, so what holds whatever the history is a range
//! ([`oware`]).

mod boards;
mod database;
mod encoding;
mod kalah;
mod oware;

pub use database::{BoardValue, OwareDatabase, DEFAULT_DATABASE_SEEDS, MAX_DATABASE_SEEDS};
use kalah::KalahTable;
use mancala_engine::{Position, Rules, Variant};
use oware::OwareTable;
use std::sync::{Arc, OnceLock};

/// The Kalah table the app builds by itself: 14 seeds, 9.7 MB, a few seconds.
pub const DEFAULT_TABLE_SEEDS: u32 = 14;

/// The Oware table the app builds by itself: 10 seeds, 6.6 million positions in 20 MB
/// (two bounds and an estimate each).
pub const DEFAULT_OWARE_TABLE_SEEDS: u32 = 10;

/// Endgame tables for one rule set: for every position with at most
/// [`max_seeds`](EndgameTable::max_seeds) seeds left in the houses, what the side to
/// move gains from those seeds under perfect play.
///
/// Tables exist for Kalah and Oware on six houses ([`EndgameTable::covers`]), one per
/// setting of the option that changes values (Kalah's `empty-capture`, Oware's
/// `grand-slam`); a position of other rules is simply not found in a table. Kalah's
/// tables are exact. Oware's hold proven bounds, exact for a few percent of the
/// positions only, and an estimate between them: a cycle ended by rule 8 makes a value
/// depend on the moves that led to the position, which a table cannot know.
///
/// Give a table to a [`Searcher`](crate::Searcher) with
/// [`Searcher::with_endgame`](crate::Searcher::with_endgame): the search stops where a
/// table knows the value instead of guessing with the heuristic, and solves endgames
/// much sooner. Building takes time and memory that grow fast with `max_seeds` (the
/// app's [`DEFAULT_TABLE_SEEDS`] Kalah table: 9.7 million entries, a few seconds in a
/// release build), so build them once, on a thread of their own if a UI waits, and
/// share them (the table is `Send + Sync`; [`EndgameTable::shared`] keeps one per rule
/// set for the whole program).
///
/// # Examples
///
/// A Kalah table of every board of up to 6 seeds (18,564 of them), and a position it
/// knows: South sows house 1 into the empty house 2 and captures the 3 seeds opposite,
/// 4 seeds in all; North's row is then empty and the game ends.
///
/// ```
/// use mancala_ai::{EndgameTable, Probe};
/// use mancala_engine::{Position, Rules, Side, Variant};
///
/// let rules = Rules::new(Variant::Kalah);
/// let table = EndgameTable::build(rules, 6);
/// assert_eq!(table.max_seeds(), 6);
/// assert_eq!(table.len(), 18_564);
/// assert_eq!(table.exact_len(), table.len()); // Kalah's tables are exact
///
/// let pos = Position::from_parts(
///     rules,
///     [&[1, 0, 0, 0, 0, 0], &[0, 0, 0, 0, 3, 0]],
///     [20, 24],
///     Side::South,
/// )
/// .unwrap();
/// let probe = table.probe(&pos).unwrap();
/// assert_eq!(probe, Probe { lower: 4, upper: 4, estimate: 4 });
/// // The gain from the board plus today's store difference is the final result.
/// assert_eq!(20 - 24 + probe.lower, 0);
///
/// // The start position has 48 seeds on the board: not in this table.
/// assert_eq!(table.probe(&Position::start(rules)), None);
/// ```
pub struct EndgameTable(Kind);

/// What an [`EndgameTable`] knows of a position: proven bounds on what the side to
/// move gains from the seeds left in the houses, and an estimate within them.
///
/// All three are in whole seeds: the final store difference (mover minus opponent)
/// minus the store difference now, so `0` means the seeds on the board will be shared
/// evenly. With `n` seeds on the board they lie in `-n..=n`, and
/// `lower <= estimate <= upper`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Probe {
    /// The least the side to move gains under perfect play, whatever the game's history
    /// (proven).
    pub lower: i32,
    /// The most the side to move gains under perfect play, whatever the game's history
    /// (proven). Equal to `lower` when the value is exact: always in Kalah.
    pub upper: i32,
    /// The table's best guess of the gain, within the bounds: the value itself where
    /// the bounds meet; in Oware otherwise the value if no line ends by repetition
    /// before it has gone round, which proves nothing but guesses far better than the
    /// heuristic.
    pub estimate: i32,
}

enum Kind {
    Kalah(KalahTable),
    Oware(OwareTable),
}

impl EndgameTable {
    /// Are there tables for `rules`? Kalah and Oware on six houses.
    pub fn covers(rules: Rules) -> bool {
        matches!(rules.variant(), Variant::Kalah | Variant::Oware) && rules.houses() == 6
    }

    /// The size the app builds for `rules`, if tables cover them.
    pub fn default_seeds(rules: Rules) -> Option<u32> {
        match rules.variant() {
            _ if !Self::covers(rules) => None,
            Variant::Oware => Some(DEFAULT_OWARE_TABLE_SEEDS),
            _ => Some(DEFAULT_TABLE_SEEDS),
        }
    }

    /// Builds the table for boards of up to `max_seeds` seeds under `rules`, which
    /// tables must cover ([`EndgameTable::covers`]).
    pub fn build(rules: Rules, max_seeds: u32) -> EndgameTable {
        Self::build_reporting(rules, max_seeds, &mut |_| {})
    }

    /// [`EndgameTable::build`], telling `report` how far it has come: a share of the
    /// work from 0.0 to 1.0, never less than the last one told, and 1.0 at the end (for
    /// a progress bar: the app's Oware table takes seconds). Told often enough to move a
    /// bar smoothly, and no more than a few thousand times.
    pub fn build_reporting(
        rules: Rules,
        max_seeds: u32,
        report: &mut dyn FnMut(f32),
    ) -> EndgameTable {
        assert!(Self::covers(rules), "no endgame tables for {rules:?}");
        let mut told = 0.0f32;
        let mut report_rising = |share: f32| {
            // Each build's own estimate only rises; this makes sure of it.
            told = share.clamp(told, 1.0);
            report(told);
        };
        let table = EndgameTable(match rules.variant() {
            Variant::Oware => Kind::Oware(OwareTable::build(rules, max_seeds, &mut report_rising)),
            _ => Kind::Kalah(KalahTable::build(rules, max_seeds, &mut report_rising)),
        });
        report_rising(1.0);
        table
    }

    /// The table for `rules`, built at first need and shared afterwards; a caller that
    /// comes while another builds it waits for that build (one build, never two).
    /// `None` for rules it does not cover. This takes seconds the first time: a move or
    /// a hint must not wait for it (they use [`EndgameTable::if_built`] and let a
    /// thread of their own call this).
    pub fn shared(rules: Rules) -> Option<Arc<EndgameTable>> {
        Self::shared_with(rules, EndgameTable::build)
    }

    /// [`EndgameTable::shared`], with the table made by `make(rules, seeds)` the first
    /// time (to read it from a file cache instead of building it, say); `make` must
    /// return a table of those rules and seeds.
    pub fn shared_with(
        rules: Rules,
        make: impl FnOnce(Rules, u32) -> EndgameTable,
    ) -> Option<Arc<EndgameTable>> {
        let slot = Self::slot(rules)?;
        let seeds = Self::default_seeds(rules)?;
        Some(Arc::clone(
            slot.get_or_init(|| Arc::new(make(rules, seeds))),
        ))
    }

    /// The shared table for `rules` if it has been built; never builds one and never
    /// waits for a build under way.
    pub fn if_built(rules: Rules) -> Option<Arc<EndgameTable>> {
        Self::slot(rules)?.get().cloned()
    }

    /// The shared slot of `rules`' table: one per option that changes the values
    /// (Kalah's empty capture, Oware's grand slam).
    fn slot(rules: Rules) -> Option<&'static OnceLock<Arc<EndgameTable>>> {
        static TABLES: [OnceLock<Arc<EndgameTable>>; 5] = [const { OnceLock::new() }; 5];
        if !Self::covers(rules) {
            return None;
        }
        // Kalah's two options first, then Oware's three.
        let option = encoding::option_byte(rules) as usize;
        let at = match rules.variant() {
            Variant::Oware => 2 + option,
            _ => option,
        };
        Some(&TABLES[at])
    }

    /// The most seeds in the houses (stores not counted) of a position the table
    /// covers: the `max_seeds` it was built with.
    pub fn max_seeds(&self) -> u32 {
        match &self.0 {
            Kind::Kalah(t) => t.max_seeds(),
            Kind::Oware(t) => t.max_seeds(),
        }
    }

    /// Entries in the table: in Kalah one per board (the twelve houses seen by the side
    /// to move), in Oware one per board and distance (0 up to the seeds on the board)
    /// of the mover's store from half of all the seeds. A measure of its size: Kalah's
    /// entries are one byte, Oware's three.
    pub fn len(&self) -> usize {
        match &self.0 {
            Kind::Kalah(t) => t.len(),
            Kind::Oware(t) => t.len(),
        }
    }

    /// Whether the table has no entries. Never true of a built table, which holds at
    /// least the empty board; here because [`EndgameTable::len`] is.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Positions whose value the table knows exactly, whatever came before them.
    pub fn exact_len(&self) -> usize {
        match &self.0 {
            Kind::Kalah(t) => t.len(),
            Kind::Oware(t) => t.exact_entries(),
        }
    }

    /// Bounds `(lower, upper)` on what the side to move in `pos` gains from the seeds
    /// left on the board under perfect play (add the store difference to get bounds on
    /// the final result), if the table covers `pos`; equal when the value is exact.
    /// They hold whatever the game's history, as long as `pos` itself does not repeat
    /// an earlier position (Oware rule 8 ends the game there).
    #[inline]
    pub fn bounds(&self, pos: &Position) -> Option<(i32, i32)> {
        match &self.0 {
            Kind::Kalah(t) => t.value(pos).map(|v| (v, v)),
            Kind::Oware(t) => t.bounds(pos),
        }
    }

    /// [`EndgameTable::bounds`] and, between them, the table's estimate of the gain: the
    /// value itself where it is exact (always in Kalah), else Oware's guess of it for the
    /// search's horizon (see the module `oware`), which proves nothing.
    #[inline]
    pub fn probe(&self, pos: &Position) -> Option<Probe> {
        match &self.0 {
            Kind::Kalah(t) => t.value(pos).map(|v| Probe {
                lower: v,
                upper: v,
                estimate: v,
            }),
            Kind::Oware(t) => t.probe(pos).map(|(lower, upper, estimate)| Probe {
                lower,
                upper,
                estimate,
            }),
        }
    }

    /// Starts loading the entry of `pos` (if the table covers it) into the cache, so
    /// that siblings' lookups overlap.
    #[inline]
    pub(crate) fn prefetch(&self, pos: &Position) {
        match &self.0 {
            Kind::Kalah(t) => t.prefetch(pos),
            Kind::Oware(t) => t.prefetch(pos),
        }
    }
}
