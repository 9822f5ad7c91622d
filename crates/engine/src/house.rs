//! A move: the number of one of the mover's houses, 1..=H, never 0.

use super::position::IllegalMove;
use std::fmt;
use std::num::NonZeroU8;

/// The most houses a side can have: Congkak's traditional board.
pub const MAX_HOUSES: u8 = 7;

/// A house number, 1..=[`MAX_HOUSES`], as the owner counts from their left: what a move
/// names. One byte, and `Option<House>` is one byte too.
///
/// A `House` is a number that can be a house on some board; whether it is one on a given
/// board (6 or 7 houses) and whether it may be played there is for
/// [`Position::play`](super::Position::play) to say. A number from outside (a file, a
/// command line, a tap) becomes a house through [`Rules::house`](super::Rules::house),
/// which checks it against the board.
///
/// ```
/// use mancala_engine::House;
/// let three = House::new(3).unwrap();
/// assert_eq!(three.number(), 3);
/// assert_eq!(three.to_string(), "3");
/// assert_eq!(House::new(0), None);
/// assert_eq!(House::new(8), None);
/// assert_eq!(std::mem::size_of::<Option<House>>(), 1);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(transparent)]
pub struct House(NonZeroU8);

impl House {
    /// House `number`, if it is 1..=[`MAX_HOUSES`].
    #[inline]
    pub const fn new(number: u8) -> Option<House> {
        if number >= 1 && number <= MAX_HOUSES {
            // `number` is not 0, so this is always `Some`.
            match NonZeroU8::new(number) {
                Some(n) => Some(House(n)),
                None => None,
            }
        } else {
            None
        }
    }

    /// The house of bit `bit` (0-based) of a move set: house `bit + 1`. `bit` < 16.
    #[inline(always)]
    pub(crate) const fn from_bit(bit: u32) -> House {
        debug_assert!(bit < MAX_HOUSES as u32);
        // SAFETY: `bit` < 16, so `bit + 1` is 1..=16: never zero, never wrapping.
        House(unsafe { NonZeroU8::new_unchecked((bit & 15) as u8 + 1) })
    }

    /// The house number, 1..=[`MAX_HOUSES`].
    #[inline(always)]
    pub const fn number(self) -> u8 {
        self.0.get()
    }

    /// The house's offset from house 1 (0-based), for indexing a row.
    ///
    /// ```
    /// use mancala_engine::House;
    /// assert_eq!(House::new(1).unwrap().offset(), 0);
    /// ```
    #[inline(always)]
    pub const fn offset(self) -> usize {
        self.0.get() as usize - 1
    }

    /// Houses 1..=`houses` in order (at most [`MAX_HOUSES`]).
    ///
    /// ```
    /// use mancala_engine::House;
    /// let numbers: Vec<u8> = House::all(6).map(House::number).collect();
    /// assert_eq!(numbers, [1, 2, 3, 4, 5, 6]);
    /// ```
    pub fn all(houses: u8) -> impl DoubleEndedIterator<Item = House> + ExactSizeIterator + Clone {
        (1..=houses.min(MAX_HOUSES)).map(House::from_number_in_range)
    }

    fn from_number_in_range(number: u8) -> House {
        House::from_bit(number as u32 - 1)
    }
}

impl fmt::Display for House {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.number(), f)
    }
}

impl fmt::Debug for House {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "House({})", self.number())
    }
}

impl From<House> for u8 {
    fn from(house: House) -> u8 {
        house.number()
    }
}

impl TryFrom<u8> for House {
    type Error = IllegalMove;
    /// House `number`, or [`IllegalMove::NotAHouse`] (on the largest board) when it is 0
    /// or above [`MAX_HOUSES`].
    fn try_from(number: u8) -> Result<House, IllegalMove> {
        House::new(number).ok_or(IllegalMove::NotAHouse {
            house: number as u32,
            houses: MAX_HOUSES,
        })
    }
}

/// A house is written as its number (`3`), in game files and JSON alike.
impl serde::Serialize for House {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u8(self.number())
    }
}

/// Reads a number and refuses 0 or one above [`MAX_HOUSES`].
impl<'de> serde::Deserialize<'de> for House {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<House, D::Error> {
        let number = u8::deserialize(deserializer)?;
        House::try_from(number).map_err(serde::de::Error::custom)
    }
}
