//! Pit arithmetic for a board of `H` houses a side, known at compile time so that the
//! rules code of each board shape compiles to constant offsets.

use super::position::{Side, MAX_PITS};

pub(crate) struct Layout<const H: usize>;

impl<const H: usize> Layout<H> {
    /// Index of side's house 1.
    #[inline(always)]
    pub const fn base(side: Side) -> usize {
        side as usize * (H + 1)
    }

    #[inline(always)]
    pub const fn store(side: Side) -> usize {
        Self::base(side) + H
    }

    /// Is pit `i` one of side's houses?
    #[inline(always)]
    pub const fn is_house_of(side: Side, i: usize) -> bool {
        i >= Self::base(side) && i < Self::base(side) + H
    }

    /// The house across the board from house index `i`.
    #[inline(always)]
    pub const fn opposite(i: usize) -> usize {
        2 * H - i
    }

    /// The bytes of a u128 board that hold side's houses.
    const ROW_MASK: [u128; 2] = [
        (1u128 << (8 * H)) - 1,
        ((1u128 << (8 * H)) - 1) << (8 * (H + 1)),
    ];

    /// Side's houses as one number, a byte per house (house 1 lowest).
    #[inline(always)]
    pub fn row(pits: &[u8; MAX_PITS], side: Side) -> u64 {
        let board = u128::from_le_bytes(*pits);
        // Constant shifts in each arm are cheaper than one shift by a variable amount.
        let row = match side {
            Side::South => board as u64,
            Side::North => (board >> (8 * (H + 1))) as u64,
        };
        row & ((1u64 << (8 * H)) - 1)
    }

    #[inline(always)]
    pub fn row_is_empty(pits: &[u8; MAX_PITS], side: Side) -> bool {
        u128::from_le_bytes(*pits) & Self::ROW_MASK[side as usize] == 0
    }
}

/// The houses of a row (`Layout::row`) that hold seeds, as a bit per house.
#[inline(always)]
pub(crate) fn non_zero_bytes(row: u64) -> u16 {
    // Set the top bit of every non-zero byte, then gather those bits into the top byte
    // with one multiplication (the partial products never overlap, so nothing carries).
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    let non_zero = (((row & LOW7) + LOW7) | row) & !LOW7;
    ((non_zero >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u16
}
