//! Exact Kalah endgame tables: the value of every board with at most `max_seeds` seeds
//! left in the houses, whatever the stores hold.
//!
//! In Kalah the stores never change how the rest of the game goes (the game ends when a
//! row is empty, not at a score), so the value of a position is its store difference
//! plus a "board value": what the mover gains from the seeds still in the houses minus
//! what the opponent gains, under perfect play. That board value depends on the twelve
//! houses alone, seen from the mover's side, and is what the table holds (one byte).
//!
//! Boards are indexed by seed count, then by the rank of the twelve house counts in
//! lexicographic order (the combinatorial number system), so the table has no gaps:
//! C(n+12, 12) entries for all boards of up to n seeds (n = 14: 9.7 million bytes).
//!
//! Within one seed count, a move that neither reaches the store nor captures only moves
//! the mover's seeds to the right within their own row; the sum over all seeds of their
//! house numbers grows, so such moves never cycle and a memoised recursion terminates.

use crate::engine::{Position, Rules, Side, Variant};
use std::sync::{Arc, OnceLock};

const HOUSES: usize = 6;
const CELLS: usize = 2 * HOUSES;
const UNKNOWN: i8 = i8::MIN;

/// The largest table the app builds by itself: 15 seeds, 17.4 MB, a few seconds.
pub const DEFAULT_TABLE_SEEDS: u32 = 14;

pub struct EndgameTable {
    empty_capture: bool,
    max_seeds: u32,
    /// `ways[c][s]`: boards of `s` seeds in `c` houses.
    ways: Vec<Vec<u64>>,
    /// Index of the first board with `n` seeds.
    offsets: Vec<usize>,
    values: Vec<i8>,
}

impl EndgameTable {
    /// Builds the table for boards of up to `max_seeds` seeds under `rules` (Kalah with
    /// six houses; only the `empty-capture` option matters).
    pub fn build(rules: Rules, max_seeds: u32) -> EndgameTable {
        assert_eq!(
            rules.variant(),
            Variant::Kalah,
            "endgame tables are for Kalah"
        );
        let max = max_seeds as usize;
        let mut ways = vec![vec![0u64; max + 1]; CELLS + 1];
        ways[0][0] = 1;
        for c in 1..=CELLS {
            for s in 0..=max {
                ways[c][s] = (0..=s).map(|k| ways[c - 1][s - k]).sum();
            }
        }
        let mut offsets = vec![0usize; max + 2];
        for n in 0..=max {
            offsets[n + 1] = offsets[n] + ways[CELLS][n] as usize;
        }
        let mut table = EndgameTable {
            empty_capture: rules.empty_capture(),
            max_seeds,
            ways,
            values: vec![UNKNOWN; offsets[max + 1]],
            offsets,
        };
        let rules = Rules::new(Variant::Kalah).with_empty_capture(rules.empty_capture());
        for n in 0..=max {
            // Boards of n seeds in rank order: the first is all seeds in the last house.
            let mut board = [0u8; CELLS];
            board[CELLS - 1] = n as u8;
            for index in table.offsets[n]..table.offsets[n + 1] {
                if table.values[index] == UNKNOWN {
                    table.values[index] = table.compute(rules, &board, n);
                }
                next_board(&mut board);
            }
        }
        table
    }

    /// The table for `rules`, built at first need and shared afterwards; a caller that
    /// comes while another builds it waits for that build (one build, never two).
    /// `None` for rules it does not cover (not Kalah). This takes seconds the first
    /// time: a move or a hint must not wait for it (they use [`EndgameTable::if_built`]
    /// and let a thread of their own call this).
    pub fn shared(rules: Rules) -> Option<Arc<EndgameTable>> {
        let slot = Self::slot(rules)?;
        Some(Arc::clone(slot.get_or_init(|| {
            Arc::new(EndgameTable::build(rules, DEFAULT_TABLE_SEEDS))
        })))
    }

    /// The shared table for `rules` if it has been built; never builds one and never
    /// waits for a build under way.
    pub fn if_built(rules: Rules) -> Option<Arc<EndgameTable>> {
        Self::slot(rules)?.get().cloned()
    }

    /// The shared slot of `rules`' table (one per empty-capture option); `None` for
    /// rules no table covers.
    fn slot(rules: Rules) -> Option<&'static OnceLock<Arc<EndgameTable>>> {
        static TABLES: [OnceLock<Arc<EndgameTable>>; 2] = [OnceLock::new(), OnceLock::new()];
        if rules.variant() != Variant::Kalah || rules.houses() as usize != HOUSES {
            return None;
        }
        Some(&TABLES[rules.empty_capture() as usize])
    }

    pub fn max_seeds(&self) -> u32 {
        self.max_seeds
    }

    /// Entries (bytes) in the table.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The board value of `pos` for the side to move, if the table covers it: add the
    /// store difference to get the exact final result.
    #[inline]
    pub fn value(&self, pos: &Position) -> Option<i32> {
        let index = self.locate(pos)?;
        let v = self.values[index];
        debug_assert_ne!(v, UNKNOWN);
        Some(v as i32)
    }

    /// Starts loading the entry of `pos` (if the table covers it) into the cache, so
    /// that siblings' lookups overlap.
    #[inline]
    pub(crate) fn prefetch(&self, pos: &Position) {
        if let Some(index) = self.locate(pos) {
            super::tt::prefetch(&self.values[index]);
        }
    }

    /// Where the entry of `pos` is, if the table covers it.
    #[inline]
    fn locate(&self, pos: &Position) -> Option<usize> {
        let rules = pos.rules();
        if rules.variant() != Variant::Kalah
            || rules.empty_capture() != self.empty_capture
            || pos.is_over()
        {
            return None;
        }
        let on_board =
            pos.total_seeds() - pos.store(Side::South) as u32 - pos.store(Side::North) as u32;
        if on_board > self.max_seeds {
            return None;
        }
        let me = pos.side_to_move();
        let mut board = [0u8; CELLS];
        board[..HOUSES].copy_from_slice(pos.houses(me));
        board[HOUSES..].copy_from_slice(pos.houses(me.opponent()));
        Some(self.index(&board, on_board as usize))
    }

    /// Position of `board` (holding `n` seeds) in the table.
    #[inline]
    fn index(&self, board: &[u8; CELLS], n: usize) -> usize {
        let mut rank = 0u64;
        let mut left = n;
        for (i, &v) in board.iter().enumerate().take(CELLS - 1) {
            let ways = &self.ways[CELLS - i];
            // Boards with the same prefix and fewer seeds here come first: there are
            // ways(c, left) - ways(c, left - v) of them (a hockey-stick identity).
            rank += ways[left] - ways[left - v as usize];
            left -= v as usize;
        }
        self.offsets[n] + rank as usize
    }

    /// The board value of `board` (mover's houses first), computing it and any boards
    /// of the same seed count it depends on.
    fn solve(&mut self, rules: Rules, board: &[u8; CELLS], n: usize) -> i8 {
        let index = self.index(board, n);
        if self.values[index] == UNKNOWN {
            self.values[index] = self.compute(rules, board, n);
        }
        self.values[index]
    }

    /// The board value of `board`, from its children (computing those of the same
    /// seed count first).
    fn compute(&mut self, rules: Rules, board: &[u8; CELLS], n: usize) -> i8 {
        let pos = Position::from_parts(
            rules,
            [&board[..HOUSES], &board[HOUSES..]],
            [0, 0],
            Side::South,
        )
        .expect("a table board is a valid Kalah position");
        let value = if pos.is_over() {
            pos.store(Side::South) as i32 - pos.store(Side::North) as i32
        } else {
            let mut best = i32::MIN;
            for house in pos.legal_moves() {
                let mut child = pos;
                child.play_unchecked(house);
                let gained = child.store(Side::South) as i32 - child.store(Side::North) as i32;
                let v = if child.is_over() {
                    gained
                } else {
                    let mover = child.side_to_move();
                    let mut next = [0u8; CELLS];
                    next[..HOUSES].copy_from_slice(child.houses(mover));
                    next[HOUSES..].copy_from_slice(child.houses(mover.opponent()));
                    let left = n - (child.store(Side::South) + child.store(Side::North)) as usize;
                    let rest = self.solve(rules, &next, left) as i32;
                    if mover == Side::South {
                        gained + rest
                    } else {
                        gained - rest
                    }
                };
                best = best.max(v);
            }
            best
        };
        value as i8
    }
}

/// The next board of the same seed count in rank (lexicographic) order: the last house
/// before the final one that can grow does, and the seeds after it restart at the end.
fn next_board(board: &mut [u8; CELLS]) {
    let mut suffix = board[CELLS - 1];
    for i in (0..CELLS - 1).rev() {
        if suffix > 0 {
            board[i] += 1;
            board[i + 1..].fill(0);
            board[CELLS - 1] = suffix - 1;
            return;
        }
        suffix += board[i];
    }
}
