//! A set of legal moves: one bit per house, so generating moves never allocates.

/// Houses 1..=H that may be played, as a bit set (bit `i - 1` is house `i`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct MoveSet(u16);

impl MoveSet {
    pub const EMPTY: MoveSet = MoveSet(0);

    #[inline]
    pub fn from_bits(bits: u16) -> MoveSet {
        MoveSet(bits)
    }

    #[inline]
    pub fn bits(self) -> u16 {
        self.0
    }

    #[inline]
    pub fn contains(self, house: u8) -> bool {
        (1..=16).contains(&house) && self.0 & (1 << (house - 1)) != 0
    }

    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    #[inline]
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    #[inline]
    pub fn insert(&mut self, house: u8) {
        self.0 |= 1 << (house - 1);
    }

    #[inline]
    pub fn remove(&mut self, house: u8) {
        self.0 &= !(1 << (house - 1));
    }

    /// The houses as a vector, lowest first (for display and JSON, not the hot path).
    pub fn to_vec(self) -> Vec<u8> {
        self.into_iter().collect()
    }
}

impl Iterator for MoveSet {
    type Item = u8;

    /// Lowest house first.
    #[inline]
    fn next(&mut self) -> Option<u8> {
        if self.0 == 0 {
            return None;
        }
        let house = self.0.trailing_zeros() as u8 + 1;
        self.0 &= self.0 - 1;
        Some(house)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        // Not `self.len()`: on `&self` that resolves to `ExactSizeIterator::len`, which
        // calls `size_hint` again and overflows the stack.
        let n = MoveSet::len(*self);
        (n, Some(n))
    }
}

impl ExactSizeIterator for MoveSet {}

impl std::fmt::Debug for MoveSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(*self).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn collecting_and_size_hint_count_the_houses() {
        let moves = MoveSet::from_bits(0b10_0101);
        assert_eq!(moves.size_hint(), (3, Some(3)));
        assert_eq!(ExactSizeIterator::len(&moves), 3);
        assert_eq!(moves.to_vec(), [1, 3, 6]);
    }
}
