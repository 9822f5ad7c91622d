//! Endgame tables as bytes, so that one built once can be kept in a file and read back
//! in milliseconds instead of rebuilt (seconds, 10 s for Oware's on a laptop, more on a
//! phone). The bytes name the rules and size they were built for and end with a
//! checksum: a file of other rules, of an older build or damaged on disk is refused,
//! never half-trusted. Reading and writing files is the caller's job
//! (`store::TableCache`): this module only turns tables into bytes and back.
//!
//! Layout, little-endian: `MAGIC` (8 bytes), `FORMAT` (u32), variant (u8: 0 Kalah,
//! 1 Oware), option (u8: Kalah's empty capture, Oware's grand-slam rule), 2 zero bytes,
//! the largest seed count (u32), the entry count (u64), the entries (one byte each;
//! Oware's lower bounds, then its upper bounds, then its estimates), then an FNV-1a hash
//! of all before it (u64). An Oware database has the same header (kind 2, its own
//! format number) and, as entries, its packed bounds, then its guesses.

use super::boards::BoardIndex;
use super::database::OwareDatabase;
use super::{EndgameTable, KalahTable, Kind, OwareTable};
use mancala_engine::{GrandSlam, Rules, Variant};

const MAGIC: &[u8; 8] = b"MANCALA\x1a";

/// Raised whenever what a table holds or how it is laid out changes, so that files
/// written by an older build are rebuilt rather than read as something they are not.
/// 2: Oware's tables gained their estimates.
const FORMAT: u32 = 2;

const HEADER: usize = 8 + 4 + 4 + 4 + 8;
const CHECKSUM: usize = 8;

impl EndgameTable {
    /// The table as bytes, for a file cache: a header naming the rules, the size and
    /// the format, every entry (one byte each), and a checksum. Reading them back with
    /// [`EndgameTable::from_bytes`] takes milliseconds where building takes seconds;
    /// writing and reading the file is the caller's job.
    ///
    /// ```
    /// use mancala_ai::EndgameTable;
    /// use mancala_engine::{Rules, Variant};
    ///
    /// let rules = Rules::new(Variant::Kalah);
    /// let bytes = EndgameTable::build(rules, 4).to_bytes();
    /// let table = EndgameTable::from_bytes(rules, 4, &bytes).unwrap();
    /// assert_eq!(table.max_seeds(), 4);
    /// // Bytes of other rules, another size or damaged are refused.
    /// assert!(EndgameTable::from_bytes(rules.with_empty_capture(true), 4, &bytes).is_none());
    /// assert!(EndgameTable::from_bytes(rules, 5, &bytes).is_none());
    /// assert!(EndgameTable::from_bytes(rules, 4, &bytes[1..]).is_none());
    /// ```
    pub fn to_bytes(&self) -> Vec<u8> {
        let (rules, entries): (Rules, Vec<&[i8]>) = match &self.0 {
            Kind::Kalah(t) => (t.rules(), vec![t.entries()]),
            Kind::Oware(t) => (t.rules(), t.entries().to_vec()),
        };
        let count: usize = entries.iter().map(|part| part.len()).sum();
        let mut bytes = header(rules, self.max_seeds(), count);
        bytes.reserve(count + CHECKSUM);
        for part in entries {
            bytes.extend(part.iter().map(|&v| v as u8));
        }
        let hash = fnv1a(&bytes);
        bytes.extend_from_slice(&hash.to_le_bytes());
        bytes
    }

    /// The table for `rules` and `max_seeds` that `bytes` hold, if they are one
    /// ([`EndgameTable::to_bytes`] of this format) for exactly those, complete and
    /// unaltered; `None` otherwise, and for rules no table covers.
    pub fn from_bytes(rules: Rules, max_seeds: u32, bytes: &[u8]) -> Option<EndgameTable> {
        if !Self::covers(rules) || bytes.len() < HEADER + CHECKSUM {
            return None;
        }
        let (body, hash) = bytes.split_at(bytes.len() - CHECKSUM);
        if fnv1a(body) != u64::from_le_bytes(hash.try_into().ok()?) {
            return None;
        }
        let (head, entries) = body.split_at(HEADER);
        if head != header(rules, max_seeds, entries.len()) {
            return None;
        }
        let values: Vec<i8> = entries.iter().map(|&b| b as i8).collect();
        Some(EndgameTable(match rules.variant() {
            Variant::Oware => {
                if !values.len().is_multiple_of(3) {
                    return None;
                }
                let mut parts = values.chunks_exact(values.len() / 3).map(<[i8]>::to_vec);
                let mut part = || parts.next().unwrap_or_default();
                let entries = [part(), part(), part()];
                Kind::Oware(OwareTable::from_entries(rules, max_seeds, entries)?)
            }
            _ => Kind::Kalah(KalahTable::from_entries(rules, max_seeds, values)?),
        }))
    }

    /// The exact length of [`EndgameTable::to_bytes`] for the table of `rules` and
    /// `max_seeds`, if tables cover those rules, known without building it: a file
    /// cache checks a file's size against it before reading a byte, so a file of
    /// another size (or a device that reports none) is never read.
    ///
    /// ```
    /// use mancala_ai::EndgameTable;
    /// use mancala_engine::{Rules, Variant};
    ///
    /// let rules = Rules::new(Variant::Oware);
    /// let bytes = EndgameTable::build(rules, 4).to_bytes();
    /// assert_eq!(EndgameTable::byte_len(rules, 4), Some(bytes.len() as u64));
    /// assert_eq!(EndgameTable::byte_len(Rules::new(Variant::Congkak), 4), None);
    /// ```
    pub fn byte_len(rules: Rules, max_seeds: u32) -> Option<u64> {
        if !Self::covers(rules) {
            return None;
        }
        let boards = BoardIndex::new(max_seeds);
        let entries: u64 = (0..=max_seeds as usize)
            .map(|n| {
                let count = boards.count(n) as u64;
                match rules.variant() {
                    // Two bounds and an estimate for each distance 0..=n of the mover's
                    // store from half.
                    Variant::Oware => 3 * count * (n as u64 + 1),
                    _ => count,
                }
            })
            .sum();
        Some((HEADER + CHECKSUM) as u64 + entries)
    }

    /// The name of the file that keeps the table of `rules` and `max_seeds`, if tables
    /// cover those rules: one per option that changes the values, and per format.
    pub fn file_name(rules: Rules, max_seeds: u32) -> Option<String> {
        Self::covers(rules).then(|| file_name(rules, max_seeds, FORMAT))
    }

    /// The names earlier formats gave the file of [`EndgameTable::file_name`]: a cache
    /// deletes them once the table is kept under its new name, as nothing reads them.
    pub fn older_file_names(rules: Rules, max_seeds: u32) -> Vec<String> {
        if !Self::covers(rules) {
            return Vec::new();
        }
        (1..FORMAT)
            .map(|format| file_name(rules, max_seeds, format))
            .collect()
    }
}

impl OwareDatabase {
    /// The database as bytes, for a file cache: the header of the tables' files (its
    /// kind, rules, size and format), two bytes a board (its bounds, then its guess),
    /// and a checksum; read back with
    /// [`OwareDatabase::from_bytes`] in milliseconds where building takes seconds.
    ///
    /// ```
    /// use mancala_ai::OwareDatabase;
    /// use mancala_engine::{GrandSlam, Rules, Variant};
    ///
    /// let rules = Rules::new(Variant::Oware);
    /// let bytes = OwareDatabase::build(rules, 4).to_bytes();
    /// assert_eq!(OwareDatabase::byte_len(4), bytes.len() as u64);
    /// let db = OwareDatabase::from_bytes(rules, 4, &bytes).unwrap();
    /// assert_eq!(db.len(), 1820);
    /// // Another grand-slam rule, another size or damaged bytes are refused.
    /// let other = rules.with_grand_slam(GrandSlam::Forbidden);
    /// assert!(OwareDatabase::from_bytes(other, 4, &bytes).is_none());
    /// assert!(OwareDatabase::from_bytes(rules, 5, &bytes).is_none());
    /// assert!(OwareDatabase::from_bytes(rules, 4, &bytes[1..]).is_none());
    /// ```
    pub fn to_bytes(&self) -> Vec<u8> {
        let [bounds, guesses] = self.entries();
        let count = bounds.len() + guesses.len();
        let mut bytes = header_of(DATABASE, self.rules(), self.max_seeds(), count);
        bytes.reserve(count + CHECKSUM);
        bytes.extend_from_slice(bounds);
        bytes.extend_from_slice(guesses);
        let hash = fnv1a(&bytes);
        bytes.extend_from_slice(&hash.to_le_bytes());
        bytes
    }

    /// The database of `rules` (Oware) and `max_seeds` that `bytes` hold, if they are
    /// one ([`OwareDatabase::to_bytes`] of this format) for exactly those, complete and
    /// unaltered.
    pub fn from_bytes(rules: Rules, max_seeds: u32, bytes: &[u8]) -> Option<OwareDatabase> {
        if rules.variant() != Variant::Oware || bytes.len() < HEADER + CHECKSUM {
            return None;
        }
        let (body, hash) = bytes.split_at(bytes.len() - CHECKSUM);
        if fnv1a(body) != u64::from_le_bytes(hash.try_into().ok()?) {
            return None;
        }
        let (head, entries) = body.split_at(HEADER);
        if head != header_of(DATABASE, rules, max_seeds, entries.len()) {
            return None;
        }
        OwareDatabase::from_entries(rules, max_seeds, entries)
    }

    /// The exact length of [`OwareDatabase::to_bytes`] for `max_seeds`, known without
    /// building it (a file cache checks a file's size before reading it).
    pub fn byte_len(max_seeds: u32) -> u64 {
        (HEADER + CHECKSUM + 2 * OwareDatabase::boards_up_to(max_seeds)) as u64
    }

    /// The name of the file that keeps the database of `rules` and `max_seeds`, if
    /// they are Oware's: one per grand-slam rule.
    pub fn file_name(rules: Rules, max_seeds: u32) -> Option<String> {
        (rules.variant() == Variant::Oware).then(|| {
            format!(
                "database-oware-{}-{max_seeds}-v{DATABASE_FORMAT}.bin",
                option_byte(rules)
            )
        })
    }
}

/// The kind byte of a database's header (tables are 0 and 1).
const DATABASE: u8 = 2;

/// The databases' own format, in their files' names and headers, raised as [`FORMAT`]
/// is whenever what a database holds or how it is laid out changes.
const DATABASE_FORMAT: u32 = 1;

fn file_name(rules: Rules, max_seeds: u32, format: u32) -> String {
    format!(
        "endgame-{}-{}-{max_seeds}-v{format}.bin",
        rules.variant().to_string().to_lowercase(),
        option_byte(rules)
    )
}

/// The header of a table of `rules` and `max_seeds` with `count` entries.
fn header(rules: Rules, max_seeds: u32, count: usize) -> Vec<u8> {
    let variant = (rules.variant() == Variant::Oware) as u8;
    header_of(variant, rules, max_seeds, count)
}

/// The header of a file of `kind` (0 a Kalah table, 1 an Oware table, 2 an Oware
/// database) for `rules` and `max_seeds`, with `count` entries.
fn header_of(kind: u8, rules: Rules, max_seeds: u32, count: usize) -> Vec<u8> {
    let format = if kind == DATABASE {
        DATABASE_FORMAT
    } else {
        FORMAT
    };
    let mut bytes = Vec::with_capacity(HEADER);
    bytes.extend_from_slice(MAGIC);
    bytes.extend_from_slice(&format.to_le_bytes());
    bytes.extend_from_slice(&[kind, option_byte(rules), 0, 0]);
    bytes.extend_from_slice(&max_seeds.to_le_bytes());
    bytes.extend_from_slice(&(count as u64).to_le_bytes());
    bytes
}

/// The option that changes a table's values: Kalah's empty capture, or the index of
/// Oware's grand-slam rule.
pub(super) fn option_byte(rules: Rules) -> u8 {
    match rules.variant() {
        Variant::Oware => GrandSlam::ALL
            .iter()
            .position(|&g| g == rules.grand_slam())
            .expect("every grand-slam option is listed") as u8,
        _ => rules.empty_capture() as u8,
    }
}

/// 64-bit FNV-1a: enough to tell a damaged or truncated file from a sound one (this
/// guards against accidents, not against someone forging a table).
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| {
        (hash ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_engine::GrandSlam;

    fn rules_with_tables() -> Vec<Rules> {
        let mut all = vec![
            Rules::new(Variant::Kalah),
            Rules::new(Variant::Kalah).with_empty_capture(true),
        ];
        all.extend(GrandSlam::ALL.map(|g| Rules::new(Variant::Oware).with_grand_slam(g)));
        all
    }

    #[test]
    fn a_table_read_back_from_its_bytes_is_the_same_table() {
        for rules in rules_with_tables() {
            let table = EndgameTable::build(rules, 5);
            let bytes = table.to_bytes();
            let read = EndgameTable::from_bytes(rules, 5, &bytes).expect("its own bytes");
            assert_eq!(EndgameTable::byte_len(rules, 5), Some(bytes.len() as u64));
            assert_eq!(read.to_bytes(), bytes, "{rules:?}");
            assert_eq!(read.len(), table.len());
            assert_eq!(read.exact_len(), table.exact_len());
        }
    }

    #[test]
    fn bytes_of_other_rules_sizes_or_damaged_are_refused() {
        let rules = Rules::new(Variant::Oware);
        let bytes = EndgameTable::build(rules, 4).to_bytes();
        let refused = |bytes: &[u8], rules: Rules, seeds: u32| {
            EndgameTable::from_bytes(rules, seeds, bytes).is_none()
        };
        assert!(refused(&bytes, rules, 5), "another size");
        assert!(refused(
            &bytes,
            rules.with_grand_slam(GrandSlam::Forbidden),
            4
        ));
        assert!(refused(&bytes, Rules::new(Variant::Kalah), 4));
        assert!(refused(&bytes, Rules::new(Variant::Congkak), 4));
        assert!(refused(&bytes[..bytes.len() - 1], rules, 4), "truncated");
        assert!(refused(&[], rules, 4), "empty");
        for at in [0, 9, HEADER + 3, bytes.len() - 2] {
            let mut damaged = bytes.clone();
            damaged[at] ^= 0x10;
            assert!(refused(&damaged, rules, 4), "byte {at} flipped");
        }
        // A sound checksum over entries out of range (a lower bound above its upper).
        let mut forged = bytes[..bytes.len() - CHECKSUM].to_vec();
        forged[HEADER] = 5;
        let hash = fnv1a(&forged);
        forged.extend_from_slice(&hash.to_le_bytes());
        assert!(refused(&forged, rules, 4), "bounds out of range");
        assert!(!refused(&bytes, rules, 4));
    }

    #[test]
    fn each_option_that_changes_values_has_its_own_file() {
        let names: Vec<_> = rules_with_tables()
            .into_iter()
            .map(|rules| EndgameTable::file_name(rules, 10).unwrap())
            .collect();
        let mut unique = names.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), names.len(), "{names:?}");
        assert_eq!(names[0], "endgame-kalah-0-10-v2.bin");
        assert_eq!(
            EndgameTable::older_file_names(rules_with_tables()[0], 10),
            ["endgame-kalah-0-10-v1.bin"]
        );
        assert_eq!(
            EndgameTable::file_name(Rules::new(Variant::Congkak), 10),
            None
        );
    }
}
