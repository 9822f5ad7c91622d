//! Exact Kalah endgame tables: the value of every board with at most `max_seeds` seeds
//! left in the houses, whatever the stores hold.
//!
//! In Kalah the stores never change how the rest of the game goes (the game ends when a
//! row is empty, not at a score), so the value of a position is its store difference
//! plus a "board value": what the mover gains from the seeds still in the houses minus
//! what the opponent gains, under perfect play. That board value depends on the twelve
//! houses alone, seen from the mover's side, and is what the table holds (one byte),
//! C(n+12, 12) entries for all boards of up to n seeds (n = 14: 9.7 million bytes).
//!
//! Within one seed count, a move that neither reaches the store nor captures only moves
//! the mover's seeds to the right within their own row; the sum over all seeds of their
//! house numbers grows, so such moves never cycle and a memoised recursion terminates.

use super::boards::{first_board, mover_board, next_board, Board, BoardIndex, CELLS, HOUSES};
use mancala_engine::{Position, Rules, Side, Variant};

const UNKNOWN: i8 = i8::MIN;

pub(super) struct KalahTable {
    empty_capture: bool,
    max_seeds: u32,
    boards: BoardIndex,
    /// Index of the first board with `n` seeds.
    offsets: Vec<usize>,
    values: Vec<i8>,
}

impl KalahTable {
    /// Builds the table for boards of up to `max_seeds` seeds under `rules` (Kalah with
    /// six houses; only the `empty-capture` option matters), telling `report` the share
    /// of the boards done.
    pub(super) fn build(rules: Rules, max_seeds: u32, report: &mut dyn FnMut(f32)) -> KalahTable {
        assert_eq!(rules.variant(), Variant::Kalah);
        let max = max_seeds as usize;
        let mut table = KalahTable::with_entries(rules, max_seeds, |len| vec![UNKNOWN; len]);
        let rules = Rules::new(Variant::Kalah).with_empty_capture(rules.empty_capture());
        let total = table.values.len();
        // About a thousand reports, whatever the size.
        let every = (total / 1000).max(1);
        for n in 0..=max {
            let mut board = first_board(n);
            for index in table.offsets[n]..table.offsets[n + 1] {
                if table.values[index] == UNKNOWN {
                    table.values[index] = table.compute(rules, &board, n);
                }
                next_board(&mut board);
                if index % every == 0 {
                    report(index as f32 / total as f32);
                }
            }
        }
        table
    }

    /// The table of `rules` and `max_seeds` holding `values` (read back from
    /// [`KalahTable::entries`]), if they are as many as it has and all in range.
    pub(super) fn from_entries(rules: Rules, max_seeds: u32, values: Vec<i8>) -> Option<Self> {
        let table = KalahTable::with_entries(rules, max_seeds, |_| values);
        let in_range = |n: usize| {
            let range = -(n as i8)..=n as i8;
            table.values[table.offsets[n]..table.offsets[n + 1]]
                .iter()
                .all(|v| range.contains(v))
        };
        let complete = table.values.len() == *table.offsets.last()?;
        (complete && (0..=max_seeds as usize).all(in_range)).then_some(table)
    }

    /// The table's layout for boards of up to `max_seeds` seeds, with the values
    /// `values(len)` gives.
    fn with_entries(rules: Rules, max_seeds: u32, values: impl FnOnce(usize) -> Vec<i8>) -> Self {
        let max = max_seeds as usize;
        let boards = BoardIndex::new(max_seeds);
        let mut offsets = vec![0usize; max + 2];
        for n in 0..=max {
            offsets[n + 1] = offsets[n] + boards.count(n);
        }
        KalahTable {
            empty_capture: rules.empty_capture(),
            max_seeds,
            boards,
            values: values(offsets[max + 1]),
            offsets,
        }
    }

    /// The rules the table holds values for (Kalah, with its empty-capture option).
    pub(super) fn rules(&self) -> Rules {
        Rules::new(Variant::Kalah).with_empty_capture(self.empty_capture)
    }

    /// Every value, board by board (what a cached file keeps).
    pub(super) fn entries(&self) -> &[i8] {
        &self.values
    }

    pub(super) fn max_seeds(&self) -> u32 {
        self.max_seeds
    }

    /// Entries (bytes) in the table.
    pub(super) fn len(&self) -> usize {
        self.values.len()
    }

    /// The board value of `pos` for the side to move, if the table covers it: add the
    /// store difference to get the exact final result.
    #[inline]
    pub(super) fn value(&self, pos: &Position) -> Option<i32> {
        let index = self.locate(pos)?;
        let v = self.values[index];
        debug_assert_ne!(v, UNKNOWN);
        Some(v as i32)
    }

    /// Starts loading the entry of `pos` (if the table covers it) into the cache, so
    /// that siblings' lookups overlap.
    #[inline]
    pub(super) fn prefetch(&self, pos: &Position) {
        if let Some(index) = self.locate(pos) {
            crate::tt::prefetch(&self.values[index]);
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
        Some(self.index(&mover_board(pos), on_board as usize))
    }

    /// Position of `board` (holding `n` seeds) in the table.
    #[inline]
    fn index(&self, board: &Board, n: usize) -> usize {
        self.offsets[n] + self.boards.rank(board, n)
    }

    /// The board value of `board` (mover's houses first), computing it and any boards
    /// of the same seed count it depends on.
    fn solve(&mut self, rules: Rules, board: &Board, n: usize) -> i8 {
        let index = self.index(board, n);
        if self.values[index] == UNKNOWN {
            self.values[index] = self.compute(rules, board, n);
        }
        self.values[index]
    }

    /// The board value of `board`, from its children (computing those of the same
    /// seed count first).
    fn compute(&mut self, rules: Rules, board: &Board, n: usize) -> i8 {
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
