//! A set of legal moves: one bit per house, so generating moves never allocates.

use super::house::House;
use std::iter::FusedIterator;

/// A set of houses, such as the legal moves of a position: `Copy`, one bit per house.
/// Iterating it (`for house in moves`, [`MoveSet::iter`]) yields the houses lowest first.
///
/// ```
/// use mancala_engine::{House, Position, Rules, Variant};
/// let start = Position::start(Rules::new(Variant::Kalah));
/// let moves = start.legal_moves();
/// assert_eq!(moves.len(), 6);
/// assert!(moves.contains(House::new(3).unwrap()));
/// assert_eq!(moves.first(), House::new(1));
/// let numbers: Vec<u8> = moves.iter().map(House::number).collect();
/// assert_eq!(numbers, [1, 2, 3, 4, 5, 6]);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct MoveSet(u16);

impl MoveSet {
    /// The set with no house in it.
    pub const EMPTY: MoveSet = MoveSet(0);

    /// Bit `i - 1` is house `i`.
    #[inline(always)]
    pub(crate) const fn from_bits(bits: u16) -> MoveSet {
        MoveSet(bits)
    }

    #[inline(always)]
    pub(crate) const fn bits(self) -> u16 {
        self.0
    }

    /// Is `house` in the set?
    #[inline]
    pub const fn contains(self, house: House) -> bool {
        self.0 & (1 << house.offset()) != 0
    }

    /// Is the set empty (for legal moves: is the game over)?
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// How many houses the set holds.
    #[inline]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The lowest house of the set.
    #[inline]
    pub fn first(self) -> Option<House> {
        self.iter().next()
    }

    /// The highest house of the set.
    #[inline]
    pub fn last(self) -> Option<House> {
        self.iter().next_back()
    }

    /// The houses, lowest first.
    #[inline]
    pub const fn iter(self) -> MoveSetIter {
        MoveSetIter(self.0)
    }

    #[inline]
    pub(crate) fn insert(&mut self, house: House) {
        self.0 |= 1 << house.offset();
    }

    /// The houses as a vector, lowest first (for display and JSON, not the hot path).
    pub fn to_vec(self) -> Vec<House> {
        self.iter().collect()
    }
}

impl IntoIterator for MoveSet {
    type Item = House;
    type IntoIter = MoveSetIter;
    #[inline]
    fn into_iter(self) -> MoveSetIter {
        self.iter()
    }
}

impl IntoIterator for &MoveSet {
    type Item = House;
    type IntoIter = MoveSetIter;
    #[inline]
    fn into_iter(self) -> MoveSetIter {
        self.iter()
    }
}

impl FromIterator<House> for MoveSet {
    fn from_iter<I: IntoIterator<Item = House>>(houses: I) -> MoveSet {
        let mut set = MoveSet::EMPTY;
        for house in houses {
            set.insert(house);
        }
        set
    }
}

/// The houses of a [`MoveSet`], lowest first (or highest first from the back).
#[derive(Clone, Debug)]
pub struct MoveSetIter(u16);

impl Iterator for MoveSetIter {
    type Item = House;

    #[inline]
    fn next(&mut self) -> Option<House> {
        if self.0 == 0 {
            return None;
        }
        let house = House::from_bit(self.0.trailing_zeros());
        self.0 &= self.0 - 1;
        Some(house)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl DoubleEndedIterator for MoveSetIter {
    #[inline]
    fn next_back(&mut self) -> Option<House> {
        if self.0 == 0 {
            return None;
        }
        let bit = 15 - self.0.leading_zeros();
        self.0 &= !(1 << bit);
        Some(House::from_bit(bit))
    }
}

impl ExactSizeIterator for MoveSetIter {}

impl FusedIterator for MoveSetIter {}

impl std::fmt::Debug for MoveSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set()
            .entries(self.iter().map(House::number))
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn numbers(moves: impl IntoIterator<Item = House>) -> Vec<u8> {
        moves.into_iter().map(House::number).collect()
    }

    #[test]
    fn iterating_and_size_hint_count_the_houses() {
        let moves = MoveSet::from_bits(0b10_0101);
        assert_eq!(moves.iter().size_hint(), (3, Some(3)));
        assert_eq!(moves.iter().len(), 3);
        assert_eq!(moves.len(), 3);
        assert_eq!(numbers(moves), [1, 3, 6]);
        assert_eq!(numbers(moves.iter().rev()), [6, 3, 1]);
        assert_eq!(moves.first(), House::new(1));
        assert_eq!(moves.last(), House::new(6));
        // Copy: iterating does not use the set up.
        assert_eq!(moves.len(), 3);
        assert!(MoveSet::EMPTY.is_empty() && MoveSet::EMPTY.first().is_none());
        let back: MoveSet = moves.iter().collect();
        assert_eq!(back, moves);
        assert_eq!(format!("{moves:?}"), "{1, 3, 6}");
    }
}
