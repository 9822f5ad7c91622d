//! Numbering of six-house boards (twelve house counts, the mover's row first) so that an
//! endgame table has no gaps: boards are grouped by seed count, and within a count
//! ranked in lexicographic order by the combinatorial number system. There are
//! C(n+11, 11) boards of n seeds.

pub(super) const HOUSES: usize = 6;
pub(super) const CELLS: usize = 2 * HOUSES;

/// A board seen from the side to move: its six houses, then the opponent's.
pub(super) type Board = [u8; CELLS];

/// The board of `pos` (six houses a row) as its side to move sees it.
#[inline]
pub(super) fn mover_board(pos: &mancala_engine::Position) -> Board {
    let me = pos.side_to_move();
    let mut board = [0u8; CELLS];
    board[..HOUSES].copy_from_slice(pos.houses(me));
    board[HOUSES..].copy_from_slice(pos.houses(me.opponent()));
    board
}

pub(super) struct BoardIndex {
    /// `ways[c][s]`: boards of `s` seeds in `c` houses.
    ways: Vec<Vec<u64>>,
}

impl BoardIndex {
    /// Ranks boards of up to `max_seeds` seeds.
    pub(super) fn new(max_seeds: u32) -> BoardIndex {
        let max = max_seeds as usize;
        let mut ways = vec![vec![0u64; max + 1]; CELLS + 1];
        ways[0][0] = 1;
        for c in 1..=CELLS {
            for s in 0..=max {
                ways[c][s] = (0..=s).map(|k| ways[c - 1][s - k]).sum();
            }
        }
        BoardIndex { ways }
    }

    /// Boards of exactly `n` seeds.
    pub(super) fn count(&self, n: usize) -> usize {
        self.ways[CELLS][n] as usize
    }

    /// Rank of `board` (holding `n` seeds) among the boards of `n` seeds.
    #[inline]
    pub(super) fn rank(&self, board: &Board, n: usize) -> usize {
        let mut rank = 0u64;
        let mut left = n;
        for (i, &v) in board.iter().enumerate().take(CELLS - 1) {
            let ways = &self.ways[CELLS - i];
            // Boards with the same prefix and fewer seeds here come first: there are
            // ways(c, left) - ways(c, left - v) of them (a hockey-stick identity).
            rank += ways[left] - ways[left - v as usize];
            left -= v as usize;
        }
        rank as usize
    }
}

/// The board of rank 0 among those of `n` seeds: all of them in the last house.
pub(super) fn first_board(n: usize) -> Board {
    let mut board = [0u8; CELLS];
    board[CELLS - 1] = n as u8;
    board
}

/// The next board of the same seed count in rank (lexicographic) order: the last house
/// before the final one that can grow does, and the seeds after it restart at the end.
pub(super) fn next_board(board: &mut Board) {
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

/// Seeds in the first `HOUSES` houses (the mover's row) minus those in the others.
pub(super) fn row_difference(board: &Board) -> i32 {
    let mine: i32 = board[..HOUSES].iter().map(|&s| s as i32).sum();
    let theirs: i32 = board[HOUSES..].iter().map(|&s| s as i32).sum();
    mine - theirs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boards_in_rank_order_get_consecutive_ranks() {
        let index = BoardIndex::new(4);
        for n in 0..=4 {
            let mut board = first_board(n);
            for rank in 0..index.count(n) {
                assert_eq!(index.rank(&board, n), rank);
                assert_eq!(board.iter().map(|&s| s as usize).sum::<usize>(), n);
                next_board(&mut board);
            }
        }
        // C(n+11, 11) boards of n seeds.
        assert_eq!(index.count(4), 1365);
    }
}
