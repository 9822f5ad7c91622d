//! The transposition table: bounds on the value of positions already searched.
//!
//! Keys come from [`super::eval::Perspective`]: the board as the side to move sees it,
//! so a position and its mirror image (the same board, the other player to move)
//! share an entry. Values are stored relative to the store difference where the rules
//! allow it (Kalah, Congkak), so positions that differ only in their stores share too.

/// Depth recorded for a value that no search horizon influenced: exact for any depth.
pub(crate) const EXACT_DEPTH: u8 = u8::MAX;

#[derive(Clone, Copy, Default)]
#[repr(C)]
struct Entry {
    check: u64,
    lower: i16,
    upper: i16,
    depth: u8,
    best: u8,
    /// The search that stored it ([`Table::new_search`]); 0 for an empty slot.
    generation: u8,
    /// log2 of the nodes the search of this entry took: costly results are kept longer.
    work: u8,
}

impl Entry {
    #[inline]
    fn used(&self) -> bool {
        self.generation != 0
    }
}

/// The four entries a key may take: one cache line, aligned to it, so a probe costs one
/// memory access. (A plain `Vec<Entry>` of hundreds of megabytes starts 16 bytes past a
/// page: buckets of two entries then straddled two lines every other time.)
#[derive(Clone, Copy, Default)]
#[repr(C, align(64))]
struct Bucket([Entry; 4]);

// A bucket fills its alignment exactly, so consecutive buckets never share or straddle
// a cache line of 64 bytes.
const _: () = assert!(std::mem::size_of::<Bucket>() == std::mem::align_of::<Bucket>());

/// What the table knows about a position.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Probe {
    pub lower: i32,
    pub upper: i32,
    pub depth: u8,
    /// Best move found last time, 0 when none.
    pub best: u8,
}

pub(crate) struct Table {
    /// Four entries a bucket: a new position takes the slot of an earlier search's
    /// entry first, else of the current search's shallowest (see [`Table::store`]).
    buckets: Vec<Bucket>,
    mask: usize,
    /// The current search, 1 to 255: a game's searches share the table, and what an
    /// earlier move's search stored gives way to the current one's, however deep it was.
    generation: u8,
}

/// A transposition table that could not be allocated
/// ([`Searcher::try_new`](crate::Searcher::try_new)): the memory was not to be had, under
/// a memory limit (`ulimit -v`) or on a machine without that much.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableAllocError {
    /// The size asked for, in MB.
    pub megabytes: usize,
    /// The allocation that failed, in bytes (the table's real size: a power of two of
    /// buckets at most `megabytes` MB).
    pub bytes: usize,
}

impl std::fmt::Display for TableAllocError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "a transposition table of {} MB cannot be allocated ({} bytes were not to be had)",
            self.megabytes, self.bytes
        )
    }
}

impl std::error::Error for TableAllocError {}

impl Table {
    /// A table of at most `megabytes` MB: the largest power of two of buckets that fits
    /// (until 2026-12-08 it was half that when `megabytes` was a power of two).
    /// Panics if the memory cannot be had ([`Table::try_with_megabytes`] says so instead).
    pub(crate) fn with_megabytes(megabytes: usize) -> Table {
        Self::try_with_megabytes(megabytes).unwrap_or_else(|e| panic!("{e}"))
    }

    /// [`Table::with_megabytes`], or an error when the memory cannot be had (a memory
    /// limit, or a size the machine does not have): the allocation is asked for
    /// fallibly, so a failure is an answer rather than an abort.
    pub(crate) fn try_with_megabytes(megabytes: usize) -> Result<Table, TableAllocError> {
        let bytes = megabytes.max(1).saturating_mul(1 << 20);
        let buckets = (1usize << (bytes / std::mem::size_of::<Bucket>()).ilog2()).max(1024);
        let failed = || TableAllocError {
            megabytes,
            bytes: buckets * std::mem::size_of::<Bucket>(),
        };
        // Advise before the first write: pages already touched stay small.
        let mut table = Vec::new();
        table.try_reserve_exact(buckets).map_err(|_| failed())?;
        huge_pages::advise(table.spare_capacity_mut());
        table.resize(buckets, Bucket::default());
        Ok(Table {
            buckets: table,
            mask: buckets - 1,
            generation: 1,
        })
    }

    /// A new search begins: entries stored before it stay readable, but any of them may
    /// now be replaced. Without this, the first slot of a bucket kept the deepest result
    /// of the whole game, mostly positions long left behind, and the current search's
    /// deep results, the ones that order its next iteration, had only the second slot,
    /// where the many shallow ones overwrite them.
    pub(crate) fn new_search(&mut self) {
        self.generation = self.generation % u8::MAX + 1;
    }

    #[inline]
    fn hash(key: u128) -> (usize, u64) {
        let lo = key as u64;
        let hi = (key >> 64) as u64;
        // The index comes from the low bits, so every bit of the key must reach them:
        // a multiplication alone carries bits only upwards, and the top bits of `lo`
        // (a whole house) once never reached the index. SplitMix64's finaliser mixes
        // both ways.
        let h = lo ^ hi.rotate_left(29).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let h = (h ^ (h >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        let h = (h ^ (h >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        let h = h ^ (h >> 31);
        // The check word mixes the key differently so that index and check are independent.
        let check = (hi ^ lo.rotate_left(17).wrapping_mul(0xC2B2_AE3D_27D4_EB4F))
            .wrapping_mul(0x1656_67B1_9E37_79F9)
            | 1;
        (h as usize, check)
    }

    #[inline]
    pub(crate) fn probe(&self, key: u128) -> Option<Probe> {
        let (h, check) = Self::hash(key);
        self.buckets[h & self.mask]
            .0
            .iter()
            .find(|e| e.used() && e.check == check)
            .map(|e| Probe {
                lower: e.lower as i32,
                upper: e.upper as i32,
                depth: e.depth,
                best: e.best,
            })
    }

    /// Starts loading the bucket of `key` into the cache. Search calls this for every
    /// child as soon as it is generated, so the probes of siblings overlap instead of
    /// each waiting for memory in turn.
    #[inline]
    pub(crate) fn prefetch(&self, key: u128) {
        let (h, _) = Self::hash(key);
        prefetch(&self.buckets[h & self.mask]);
    }

    /// Records that the value lies in `lower..=upper` at `depth`.
    #[inline]
    pub(crate) fn store(
        &mut self,
        key: u128,
        lower: i32,
        upper: i32,
        depth: u8,
        best: u8,
        nodes: u64,
    ) {
        let work = (64 - nodes.leading_zeros()) as u8;
        let (h, check) = Self::hash(key);
        let generation = self.generation;
        let bucket = &mut self.buckets[h & self.mask].0;
        let clamp = |v: i32| v.clamp(i16::MIN as i32, i16::MAX as i32) as i16;
        let mut new = Entry {
            check,
            lower: clamp(lower),
            upper: clamp(upper),
            depth,
            best,
            generation,
            work,
        };
        if let Some(i) = bucket.iter().position(|e| e.used() && e.check == check) {
            let old = bucket[i];
            if old.depth == depth {
                // Same depth: the bounds of both searches hold; keep the tighter pair.
                new.lower = new.lower.max(old.lower);
                new.upper = new.upper.min(old.upper);
                if new.lower > new.upper {
                    // A stale or path-dependent bound (Oware repetitions): trust the new one.
                    new.lower = clamp(lower);
                    new.upper = clamp(upper);
                }
                if best == 0 {
                    new.best = old.best;
                }
            } else if (old.depth, old.work) > (depth, work) {
                // The deeper result stays (the current search reached it again, so it
                // is current): a probe would find it before a shallower copy anyway.
                bucket[i].generation = generation;
                return;
            }
            bucket[i] = new;
            return;
        }
        // A new position takes the least valuable slot: an empty one or an earlier
        // search's first, then the shallowest and cheapest of the current search's.
        let value = |e: &Entry| (e.generation == generation, e.depth, e.work);
        let slot = (0..bucket.len())
            .min_by_key(|&i| value(&bucket[i]))
            .unwrap_or(0);
        bucket[slot] = new;
    }

    pub(crate) fn clear(&mut self) {
        self.buckets.fill(Bucket::default());
        self.generation = 1;
    }
}

/// Asks the CPU to start loading the cache line of `item` (x86-64; elsewhere a no-op).
#[inline(always)]
pub(crate) fn prefetch<T>(item: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch is only a hint and never faults; the address is a valid reference.
    unsafe {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        _mm_prefetch::<_MM_HINT_T0>(item as *const T as *const i8);
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = item;
}

/// Transparent huge pages for the table. Probes land anywhere in hundreds of megabytes,
/// so with 4 kB pages nearly every probe also misses the TLB; 2 MB pages roughly halve
/// the cost of a probe. Linux (and Android) only do this for memory that asks.
mod huge_pages {
    #[cfg(any(target_os = "linux", target_os = "android"))]
    pub(super) fn advise<T>(memory: &[T]) {
        const MADV_HUGEPAGE: i32 = 14;
        const PAGE: usize = 4096;
        extern "C" {
            fn madvise(addr: *mut core::ffi::c_void, len: usize, advice: i32) -> i32;
        }
        let start = memory.as_ptr() as usize;
        let end = start + std::mem::size_of_val(memory);
        let aligned = start.next_multiple_of(PAGE);
        if end > aligned {
            // SAFETY: the range lies inside `memory`, which we own; madvise only changes
            // how the kernel backs it, never its contents. A failure is harmless.
            unsafe {
                madvise(
                    aligned as *mut core::ffi::c_void,
                    end - aligned,
                    MADV_HUGEPAGE,
                );
            }
        }
    }

    #[cfg(not(any(target_os = "linux", target_os = "android")))]
    pub(super) fn advise<T>(_memory: &[T]) {}
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `count` keys whose entries share one bucket of `table`.
    fn keys_of_one_bucket(table: &Table, count: usize) -> Vec<u128> {
        let bucket = |key: u128| Table::hash(key).0 & table.mask;
        let target = bucket(1);
        (1u128..)
            .filter(|&key| bucket(key) == target)
            .take(count)
            .collect()
    }

    #[test]
    fn a_table_too_large_for_the_address_space_is_an_error_not_an_abort() {
        let error = Table::try_with_megabytes(usize::MAX >> 20)
            .err()
            .expect("no such memory");
        assert_eq!(error.megabytes, usize::MAX >> 20);
        assert!(error.to_string().contains("cannot be allocated"), "{error}");
        assert!(Table::try_with_megabytes(1).is_ok());
    }

    #[test]
    fn a_table_takes_the_largest_power_of_two_of_buckets_that_fits() {
        let bytes = |megabytes| {
            Table::with_megabytes(megabytes).buckets.len() * std::mem::size_of::<Bucket>()
        };
        assert_eq!(bytes(1), 1 << 20);
        assert_eq!(bytes(3), 2 << 20);
        assert_eq!(bytes(16), 16 << 20);
    }

    #[test]
    fn a_new_search_takes_the_slots_an_earlier_search_filled() {
        let mut table = Table::with_megabytes(1);
        let keys = keys_of_one_bucket(&table, 8);
        // An earlier move's search fills the bucket with deep results.
        for (i, &key) in keys[..4].iter().enumerate() {
            table.store(key, i as i32, i as i32, 20, 1, 1 << 20);
        }
        // The next move's search stores four shallow results there: all are kept, and
        // the deep results of the earlier search give way.
        table.new_search();
        for (i, &key) in keys[4..].iter().enumerate() {
            table.store(key, i as i32, i as i32, 3, 1, 10);
        }
        for (i, &key) in keys[4..].iter().enumerate() {
            assert_eq!(table.probe(key).map(|p| p.lower), Some(i as i32));
        }
        assert!(keys[..4].iter().all(|&key| table.probe(key).is_none()));
    }

    #[test]
    fn within_one_search_the_shallowest_result_gives_way() {
        let mut table = Table::with_megabytes(1);
        let keys = keys_of_one_bucket(&table, 5);
        table.store(keys[0], 1, 1, 20, 1, 1 << 20);
        table.store(keys[1], 2, 2, 9, 2, 1 << 10);
        table.store(keys[2], 3, 3, 3, 3, 10);
        table.store(keys[3], 4, 4, 7, 4, 100);
        // A fifth position takes the slot of the shallowest; the deeper ones stay.
        table.store(keys[4], 5, 5, 4, 5, 10);
        assert!(table.probe(keys[2]).is_none());
        for (key, depth) in [(keys[0], 20), (keys[1], 9), (keys[3], 7), (keys[4], 4)] {
            assert_eq!(table.probe(key).map(|p| p.depth), Some(depth));
        }
    }

    #[test]
    fn a_deeper_result_of_an_earlier_search_is_kept_when_the_position_comes_back() {
        let mut table = Table::with_megabytes(1);
        let keys = keys_of_one_bucket(&table, 3);
        table.store(keys[0], 1, 1, 20, 1, 1 << 20);
        table.new_search();
        // The same position, searched shallower now: the deeper bounds stay first and
        // count as this search's, so a shallow result of another position goes second.
        table.store(keys[0], 1, 1, 5, 1, 100);
        table.store(keys[1], 2, 2, 3, 2, 10);
        assert_eq!(table.probe(keys[0]).map(|p| p.depth), Some(20));
        assert_eq!(table.probe(keys[1]).map(|p| p.depth), Some(3));
    }
}
