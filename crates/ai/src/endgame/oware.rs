//! Oware endgame tables: for every position with at most `max_seeds` seeds left in the
//! houses, proven bounds on what the mover gains from there to the end (the final store
//! difference minus today's), exact where the bounds meet.
//!
//! Two things make Oware harder than Kalah:
//! - **Scores end the game.** More than half the seeds in a store wins at once, with
//!   the board left as it is (rule 6), so the stores matter, but only through how far
//!   the mover's store is from half, `d` (0..=n for n seeds on the board; the
//!   opponent's is n - d). A table entry is a board and its `d`: the table serves every
//!   seed count of the variant.
//! - **Cycles end the game too** (rule 8), so a value can depend on the way a position
//!   was reached, which a table cannot know. The table holds, for each position, bounds
//!   that hold **whatever positions came before**: a quiet move's child may be a
//!   repetition (then the game ends with each player taking the seeds on their side) or
//!   not (then the child's own bounds hold). A capture empties the history that
//!   matters: no earlier position has as few seeds on the board.
//!
//! The bounds are computed one seed count at a time, upwards: captures lead to counts
//! already done; quiet moves stay within the count and may cycle, so the bounds start
//! at the widest (-n..=n) and are narrowed, sweep after sweep, until nothing changes.
//! Every sweep keeps them proven (each is the best of its moves' proven bounds), and
//! they only narrow, so this ends.
//!
//! Where the bounds stay apart, the table also keeps an **estimate** inside them, for
//! the search to use at its horizon instead of the heuristic: the value when no line
//! ends by repetition before it has gone round, found by sweeps that value each quiet
//! move by its child's estimate (a position's estimate starts as what rule 8 would give
//! it, each player taking the seeds on their side). It is no proof, only a far better
//! guess than features of the board: it is kept within the proven bounds, and the
//! search proves nothing with it.

use super::boards::{
    first_board, mover_board, next_board, row_difference, Board, BoardIndex, HOUSES,
};
use mancala_engine::{GrandSlam, Observer, Position, Rules, Side, Variant};

/// What one move of a table board leads to.
#[derive(Clone, Copy)]
pub(super) enum Exit {
    /// A move that captures nothing and does not end the game: the child has the same
    /// seeds, and (seen from its mover) its `d` is the parent's `n - d`.
    Quiet {
        child: u32,
        /// The child's value if it repeats a position: its mover's row minus the other.
        repeated: i8,
        /// Can the child be an earlier position of the game? Only if quiet moves lead
        /// from it back to this board (both lie on one cycle of quiet moves).
        may_repeat: bool,
    },
    /// A capture of `seeds`: more than `d` wins at once; otherwise the child, with
    /// `n - seeds` seeds on the board, is valued by the table.
    Capture { seeds: u8, child: u32 },
    /// The game ends after the move (a player without seeds, or one who cannot be fed),
    /// unless the capture before it already won: `gain` for the mover.
    End { seeds: u8, gain: i8 },
}

/// About how many sweeps the layer of `n` seeds takes to settle (measured for the
/// default rules: 45 at 5 seeds, 67 at 6, 93 at 8, 104 at 9, 97 at 10): only to share
/// out a progress bar, never to stop a sweep.
fn expected_sweeps(n: usize) -> usize {
    10 * n + 5
}

/// The most sweeps of estimates a layer gets (they stop sooner once a sweep changes
/// nothing): value iteration round a cycle need not settle, and where it has not by
/// then, more sweeps would only trade one guess for another.
const ESTIMATE_SWEEPS: usize = 30;

/// Counts the seeds a move captures.
struct Captures(u32);

impl Observer for Captures {
    const SEED_BY_SEED: bool = false;
    fn capture(&mut self, _from: usize, seeds: u8, _store: usize) {
        self.0 += seeds as u32;
    }
}

pub(super) struct OwareTable {
    grand_slam: GrandSlam,
    max_seeds: u32,
    boards: BoardIndex,
    /// Index of the first entry of the boards of `n` seeds; a board of rank `r` there has
    /// its `n + 1` entries at `starts[n] + r * (n + 1) + d`.
    starts: Vec<usize>,
    lower: Vec<i8>,
    upper: Vec<i8>,
    /// Within `lower..=upper`: the estimate the search uses at its horizon.
    estimate: Vec<i8>,
}

impl OwareTable {
    /// Builds the table for positions of up to `max_seeds` seeds on the board under
    /// `rules` (Oware; only the grand-slam option matters), telling `report` the share
    /// of the work done, as estimated by [`expected_sweeps`].
    pub(super) fn build(rules: Rules, max_seeds: u32, report: &mut dyn FnMut(f32)) -> OwareTable {
        assert_eq!(rules.variant(), Variant::Oware);
        let max = max_seeds as usize;
        let mut table = OwareTable::with_entries(rules, max_seeds, |len| {
            (vec![0; len], vec![0; len], vec![0; len])
        });
        let rules = Rules::new(Variant::Oware).with_grand_slam(rules.grand_slam());
        // A layer's work: its entries, once to list their moves and once per sweep of
        // bounds or of estimates.
        let units = |n: usize| 1 + expected_sweeps(n) + ESTIMATE_SWEEPS;
        let work: Vec<f64> = (0..=max)
            .map(|n| {
                let entries = table.starts[n + 1] - table.starts[n];
                entries as f64 * units(n) as f64
            })
            .collect();
        let total: f64 = work.iter().sum();
        let mut before = 0.0;
        for (n, &layer) in work.iter().enumerate() {
            table.build_layer(rules, n, &mut |sweeps| {
                // The listing and the sweeps so far, never past the estimate: a layer
                // that needs more sweeps waits at its last unit until it is done.
                let done = (1 + sweeps).min(units(n) - 1) as f64 / units(n) as f64;
                report(((before + layer * done) / total) as f32);
            });
            before += layer;
            report((before / total) as f32);
        }
        table
    }

    /// The table of `rules` and `max_seeds` holding `lower`, `upper` and `estimate`
    /// (read back from [`OwareTable::entries`]), if they are as many as it has and every
    /// entry is a range within what the seeds on its board allow, its estimate inside.
    pub(super) fn from_entries(
        rules: Rules,
        max_seeds: u32,
        [lower, upper, estimate]: [Vec<i8>; 3],
    ) -> Option<Self> {
        let table = OwareTable::with_entries(rules, max_seeds, |_| (lower, upper, estimate));
        let entries = *table.starts.last()?;
        if [&table.lower, &table.upper, &table.estimate]
            .iter()
            .any(|part| part.len() != entries)
        {
            return None;
        }
        let in_range = |n: usize| {
            let n8 = n as i8;
            (table.starts[n]..table.starts[n + 1]).all(|e| {
                let (lo, guess, hi) = (table.lower[e], table.estimate[e], table.upper[e]);
                -n8 <= lo && lo <= guess && guess <= hi && hi <= n8
            })
        };
        (0..=max_seeds as usize).all(in_range).then_some(table)
    }

    /// The table's layout for up to `max_seeds` seeds, with the bounds `bounds(len)`
    /// gives.
    fn with_entries(
        rules: Rules,
        max_seeds: u32,
        entries: impl FnOnce(usize) -> (Vec<i8>, Vec<i8>, Vec<i8>),
    ) -> Self {
        let max = max_seeds as usize;
        let boards = BoardIndex::new(max_seeds);
        let mut starts = vec![0usize; max + 2];
        for n in 0..=max {
            starts[n + 1] = starts[n] + boards.count(n) * (n + 1);
        }
        let (lower, upper, estimate) = entries(starts[max + 1]);
        OwareTable {
            grand_slam: rules.grand_slam(),
            max_seeds,
            boards,
            starts,
            lower,
            upper,
            estimate,
        }
    }

    /// The rules the table holds bounds for (Oware, with its grand-slam rule).
    pub(super) fn rules(&self) -> Rules {
        Rules::new(Variant::Oware).with_grand_slam(self.grand_slam)
    }

    /// Every entry's lower bound, upper bound and estimate (what a cached file keeps).
    pub(super) fn entries(&self) -> [&[i8]; 3] {
        [&self.lower, &self.upper, &self.estimate]
    }

    pub(super) fn max_seeds(&self) -> u32 {
        self.max_seeds
    }

    /// Entries (two bytes each) in the table.
    pub(super) fn len(&self) -> usize {
        self.lower.len()
    }

    /// Entries whose bounds meet: their value is exact whatever came before.
    pub(super) fn exact_entries(&self) -> usize {
        self.lower
            .iter()
            .zip(&self.upper)
            .filter(|(lo, hi)| lo == hi)
            .count()
    }

    /// Proven bounds on what the side to move in `pos` gains from here on, whatever the
    /// game's history, if the table covers it: add the store difference to get bounds
    /// on the final result. `pos` must not repeat an earlier position (that ends it).
    #[inline]
    pub(super) fn bounds(&self, pos: &Position) -> Option<(i32, i32)> {
        self.probe(pos).map(|(lower, upper, _)| (lower, upper))
    }

    /// [`OwareTable::bounds`] and the estimate between them.
    #[inline]
    pub(super) fn probe(&self, pos: &Position) -> Option<(i32, i32, i32)> {
        let index = self.locate(pos)?;
        Some((
            self.lower[index] as i32,
            self.upper[index] as i32,
            self.estimate[index] as i32,
        ))
    }

    /// Starts loading the entry of `pos` into the cache.
    #[inline]
    pub(super) fn prefetch(&self, pos: &Position) {
        if let Some(index) = self.locate(pos) {
            crate::tt::prefetch(&self.lower[index]);
        }
    }

    #[inline]
    fn locate(&self, pos: &Position) -> Option<usize> {
        let rules = pos.rules();
        if rules.variant() != Variant::Oware
            || rules.grand_slam() != self.grand_slam
            || pos.is_over()
        {
            return None;
        }
        let total = pos.total_seeds();
        let me = pos.side_to_move();
        let (mine, theirs) = (pos.store(me) as u32, pos.store(me.opponent()) as u32);
        let on_board = total - mine - theirs;
        // An odd total (a position set up by hand) has no "exactly half" draw.
        if on_board > self.max_seeds || total % 2 == 1 {
            return None;
        }
        let d = (total / 2).checked_sub(mine)?;
        if d > on_board {
            return None;
        }
        Some(self.entry(
            on_board as usize,
            self.boards.rank(&mover_board(pos), on_board as usize),
            d as usize,
        ))
    }

    #[inline]
    fn entry(&self, n: usize, rank: usize, d: usize) -> usize {
        self.starts[n] + rank * (n + 1) + d
    }

    /// Bounds of every position of `n` seeds on the board, from those of fewer;
    /// `swept(sweeps)` after each sweep over them.
    fn build_layer(&mut self, rules: Rules, n: usize, swept: &mut dyn FnMut(usize)) {
        let count = self.boards.count(n);
        // The moves of every board, `first[r]..first[r + 1]` in `exits`; a board with
        // no moves is over before anyone moves, and `ended[r]` is its value.
        let mut exits = Vec::with_capacity(count * 4);
        let mut first = Vec::with_capacity(count + 1);
        let mut ended = vec![None; count];
        let mut board = first_board(n);
        for end in ended.iter_mut() {
            first.push(exits.len() as u32);
            *end = list_moves(rules, &self.boards, &board, n, &mut exits);
            next_board(&mut board);
        }
        first.push(exits.len() as u32);
        let component = cycles_of_quiet_moves(&first, &exits);
        for rank in 0..count {
            for exit in &mut exits[first[rank] as usize..first[rank + 1] as usize] {
                if let Exit::Quiet {
                    child, may_repeat, ..
                } = exit
                {
                    *may_repeat = component[*child as usize] == component[rank];
                }
            }
        }

        let width = n as i8;
        for (rank, ended) in ended.iter().enumerate() {
            let (lo, hi) = ended.map_or((-width, width), |v| (v, v));
            for d in 0..=n {
                let e = self.entry(n, rank, d);
                self.lower[e] = lo;
                self.upper[e] = hi;
            }
        }
        // Narrow until a sweep changes nothing; sweeping in both directions alternately
        // lets news travel along cycles either way.
        let mut forward = true;
        let mut sweeps = 0;
        loop {
            swept(sweeps);
            sweeps += 1;
            let mut changed = false;
            for step in 0..count {
                let rank = if forward { step } else { count - 1 - step };
                if ended[rank].is_some() {
                    continue;
                }
                let moves = &exits[first[rank] as usize..first[rank + 1] as usize];
                for d in 0..=n {
                    let (lo, hi) = self.best_of(moves, n, d);
                    let e = self.entry(n, rank, d);
                    if lo > self.lower[e] {
                        self.lower[e] = lo;
                        changed = true;
                    }
                    if hi < self.upper[e] {
                        self.upper[e] = hi;
                        changed = true;
                    }
                }
            }
            if !changed {
                break;
            }
            forward = !forward;
        }
        self.estimate_layer(n, &exits, &first, &ended, &mut |done| swept(sweeps + done));
    }

    /// Estimates of the boards of `n` seeds (their bounds done): each starts as what
    /// rule 8 would give (the mover's row minus the other), kept within its bounds, and
    /// then takes its best move's value, a quiet move's being minus its child's
    /// estimate, sweep after sweep until nothing changes or [`ESTIMATE_SWEEPS`].
    fn estimate_layer(
        &mut self,
        n: usize,
        exits: &[Exit],
        first: &[u32],
        ended: &[Option<i8>],
        swept: &mut dyn FnMut(usize),
    ) {
        let mut board = first_board(n);
        for (rank, ended) in ended.iter().enumerate() {
            let repeated = ended.unwrap_or(row_difference(&board) as i8);
            for d in 0..=n {
                let e = self.entry(n, rank, d);
                self.estimate[e] = repeated.clamp(self.lower[e], self.upper[e]);
            }
            next_board(&mut board);
        }
        let mut forward = true;
        for sweep in 0..ESTIMATE_SWEEPS {
            swept(sweep);
            let mut changed = false;
            for step in 0..ended.len() {
                let rank = if forward {
                    step
                } else {
                    ended.len() - 1 - step
                };
                if ended[rank].is_some() {
                    continue;
                }
                let moves = &exits[first[rank] as usize..first[rank + 1] as usize];
                for d in 0..=n {
                    let e = self.entry(n, rank, d);
                    if self.lower[e] == self.upper[e] {
                        continue;
                    }
                    let guess = self
                        .best_estimate(moves, n, d)
                        .clamp(self.lower[e], self.upper[e]);
                    if guess != self.estimate[e] {
                        self.estimate[e] = guess;
                        changed = true;
                    }
                }
            }
            if !changed {
                break;
            }
            forward = !forward;
        }
    }

    /// The best of `moves` by the estimates of their children (see
    /// [`OwareTable::estimate_layer`]), for a board of `n` seeds whose mover is `d`
    /// seeds from half.
    #[inline]
    fn best_estimate(&self, moves: &[Exit], n: usize, d: usize) -> i8 {
        let value = |exit: &Exit| match *exit {
            Exit::Quiet { child, .. } => -self.estimate[self.entry(n, child as usize, n - d)],
            Exit::Capture { seeds, child } if seeds as usize <= d => {
                let e = self.entry(n - seeds as usize, child as usize, n - d);
                seeds as i8 - self.estimate[e]
            }
            Exit::Capture { seeds, .. } => seeds as i8,
            Exit::End { seeds, gain } if seeds as usize <= d => gain,
            Exit::End { seeds, .. } => seeds as i8,
        };
        moves.iter().map(value).max().unwrap_or(i8::MIN)
    }

    /// The best lower and the best upper bound among `moves` of a board of `n` seeds
    /// whose mover is `d` seeds from half.
    #[inline]
    fn best_of(&self, moves: &[Exit], n: usize, d: usize) -> (i8, i8) {
        let (mut lo, mut hi) = (i8::MIN, i8::MIN);
        for &exit in moves {
            let (l, h) = match exit {
                Exit::Quiet {
                    child,
                    repeated,
                    may_repeat,
                } => {
                    let e = self.entry(n, child as usize, n - d);
                    let (l, h) = (-self.upper[e], -self.lower[e]);
                    if may_repeat {
                        (l.min(-repeated), h.max(-repeated))
                    } else {
                        (l, h)
                    }
                }
                Exit::Capture { seeds, child } => {
                    let c = seeds as usize;
                    if c > d {
                        (seeds as i8, seeds as i8)
                    } else {
                        let e = self.entry(n - c, child as usize, n - d);
                        (seeds as i8 - self.upper[e], seeds as i8 - self.lower[e])
                    }
                }
                Exit::End { seeds, gain } => {
                    if seeds as usize > d {
                        (seeds as i8, seeds as i8)
                    } else {
                        (gain, gain)
                    }
                }
            };
            lo = lo.max(l);
            hi = hi.max(h);
        }
        (lo, hi)
    }
}

/// Appends the moves of `board` (n seeds) to `exits`; returns the value of the board
/// instead if the game is over before anyone moves.
///
/// The engine plays them, on a position whose stores (mover 0, opponent n) keep rule
/// 6 out of the way: no capture can pass half, so the engine reports every other
/// ending, and [`OwareTable::best_of`] applies rule 6 for each `d` (the board database
/// leaves it out: its values are the seeds captured when play goes on to the last seed).
pub(super) fn list_moves(
    rules: Rules,
    boards: &BoardIndex,
    board: &Board,
    n: usize,
    exits: &mut Vec<Exit>,
) -> Option<i8> {
    let pos = Position::from_parts(
        rules,
        [&board[..HOUSES], &board[HOUSES..]],
        [0, n as u8],
        Side::South,
    )
    .expect("a table board is a valid Oware position");
    let gain = |p: &Position| p.store(Side::South) as i32 - p.store(Side::North) as i32 + n as i32;
    if pos.is_over() {
        return Some(gain(&pos) as i8);
    }
    for house in pos.legal_moves() {
        let mut child = pos;
        let mut captured = Captures(0);
        child.play_observed(house, &mut captured);
        let seeds = captured.0 as u8;
        if child.is_over() {
            exits.push(Exit::End {
                seeds,
                gain: gain(&child) as i8,
            });
            continue;
        }
        let mut next = [0u8; 2 * HOUSES];
        next[..HOUSES].copy_from_slice(child.houses(Side::North));
        next[HOUSES..].copy_from_slice(child.houses(Side::South));
        let left = n - seeds as usize;
        let rank = boards.rank(&next, left) as u32;
        exits.push(if seeds == 0 {
            Exit::Quiet {
                child: rank,
                repeated: row_difference(&next) as i8,
                may_repeat: true,
            }
        } else {
            Exit::Capture { seeds, child: rank }
        });
    }
    None
}

/// The strongly connected components of the quiet moves among the boards of one seed
/// count (Tarjan's algorithm, without recursion: a component can hold a million
/// boards): boards with the same number lie on a common cycle.
fn cycles_of_quiet_moves(first: &[u32], exits: &[Exit]) -> Vec<u32> {
    const UNSEEN: u32 = u32::MAX;
    let count = first.len() - 1;
    let successors = |v: usize| {
        exits[first[v] as usize..first[v + 1] as usize]
            .iter()
            .filter_map(|exit| match *exit {
                Exit::Quiet { child, .. } => Some(child as usize),
                _ => None,
            })
    };
    let mut order = vec![UNSEEN; count];
    let mut low = vec![0u32; count];
    let mut component = vec![UNSEEN; count];
    let mut stack = Vec::new();
    let mut visits: Vec<(usize, usize)> = Vec::new();
    let mut seen = 0u32;
    let mut components = 0u32;
    for root in 0..count {
        if order[root] != UNSEEN {
            continue;
        }
        visits.push((root, 0));
        while let Some(&mut (v, ref mut next)) = visits.last_mut() {
            if *next == 0 {
                order[v] = seen;
                low[v] = seen;
                seen += 1;
                stack.push(v);
            }
            let child = successors(v).nth(*next);
            *next += 1;
            match child {
                Some(w) if order[w] == UNSEEN => visits.push((w, 0)),
                Some(w) => {
                    if component[w] == UNSEEN {
                        low[v] = low[v].min(order[w]);
                    }
                }
                None => {
                    visits.pop();
                    if let Some(&(parent, _)) = visits.last() {
                        low[parent] = low[parent].min(low[v]);
                    }
                    if low[v] == order[v] {
                        while let Some(w) = stack.pop() {
                            component[w] = components;
                            if w == v {
                                break;
                            }
                        }
                        components += 1;
                    }
                }
            }
        }
    }
    component
}
