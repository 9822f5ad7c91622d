//! Sowing: dropping seeds one per pit, counter-clockwise (next index, wrapping).
//!
//! The hot path does not drop seeds one at a time. Seeds never overflow a byte (a board
//! holds at most 200), so the whole board fits in one `u128` with a byte per pit, and a
//! sowing is a single addition of a precomputed "one more seed in each pit it passes"
//! vector. Tables are built at compile time for each board shape.

use super::position::MAX_PITS;
use super::trace::Observer;

/// The longest lap: Congkak with 7 houses passes 15 pits per lap.
const MAX_LAP: usize = MAX_PITS - 1;

/// For a mover and a starting pit: the board increment and the last pit of a sowing of
/// `k` seeds, for `k` up to one lap. Longer sowings are whole laps plus a remainder.
pub(crate) struct SowTable {
    /// Pits passed in one lap.
    lap: usize,
    /// `[mover][from][seeds]`: the increment and where the last seed lands. One
    /// entry holds both so a sowing costs one lookup.
    entries: [[[Entry; MAX_LAP + 1]; MAX_PITS]; 2],
    /// `[from]`: the board with pit `from`'s byte cleared (a mask to AND with).
    pick_up: [u128; MAX_PITS],
}

#[derive(Clone, Copy)]
struct Entry {
    delta: u128,
    landing: Landing,
}

/// Where the last seed of a sowing lands, with the facts the rules ask about it.
#[derive(Clone, Copy)]
pub(crate) struct Landing {
    pub pit: u8,
    /// The pit is the mover's store.
    pub own_store: bool,
    /// The pit is one of the mover's houses.
    pub own_house: bool,
}

impl Landing {
    pub(crate) const fn at(pit: usize, my_base: usize, houses: usize) -> Landing {
        Landing {
            pit: pit as u8,
            own_store: pit == my_base + houses,
            own_house: pit >= my_base && pit < my_base + houses,
        }
    }

    const NOWHERE: Landing = Landing {
        pit: 0,
        own_store: false,
        own_house: false,
    };
}

/// Which pits a sowing passes over.
#[derive(Clone, Copy)]
enum Skip {
    /// Kalah and Congkak: the opponent's store.
    OpponentStore,
    /// Oware: both stores and the origin house.
    StoresAndOrigin,
}

const fn build(houses: usize, skip: Skip) -> SowTable {
    let pits = 2 * houses + 2;
    let lap = match skip {
        Skip::OpponentStore => pits - 1,
        Skip::StoresAndOrigin => pits - 3,
    };
    let mut table = SowTable {
        lap,
        entries: [[[Entry {
            delta: 0,
            landing: Landing::NOWHERE,
        }; MAX_LAP + 1]; MAX_PITS]; 2],
        pick_up: [0; MAX_PITS],
    };
    let mut pit = 0;
    while pit < MAX_PITS {
        table.pick_up[pit] = !(0xffu128 << (8 * pit));
        pit += 1;
    }
    let mut mover = 0;
    while mover < 2 {
        let their_store = (1 - mover) * (houses + 1) + houses;
        let my_base = mover * (houses + 1);
        let mut start = 0;
        while start < pits {
            let mut delta = 0u128;
            let mut at = start;
            let mut k = 1;
            while k <= lap {
                loop {
                    at = (at + 1) % pits;
                    let skipped = match skip {
                        Skip::OpponentStore => at == their_store,
                        Skip::StoresAndOrigin => at == houses || at == pits - 1 || at == start,
                    };
                    if !skipped {
                        break;
                    }
                }
                delta += 1u128 << (8 * at);
                table.entries[mover][start][k] = Entry {
                    delta,
                    landing: Landing::at(at, my_base, houses),
                };
                k += 1;
            }
            table.entries[mover][start][0].landing = Landing::at(start, my_base, houses);
            start += 1;
        }
        mover += 1;
    }
    table
}

static KALAH_LIKE_6: SowTable = build(6, Skip::OpponentStore);
static KALAH_LIKE_7: SowTable = build(7, Skip::OpponentStore);
static OWARE_6: SowTable = build(6, Skip::StoresAndOrigin);

/// Kalah and Congkak: sows into the mover's store, skipping the opponent's.
pub(crate) fn kalah_like_table(houses: usize) -> &'static SowTable {
    if houses == 7 {
        &KALAH_LIKE_7
    } else {
        &KALAH_LIKE_6
    }
}

/// Oware: sows over the houses only, skipping the origin on every lap.
pub(crate) fn oware_table() -> &'static SowTable {
    &OWARE_6
}

/// Picks up every seed of pit `from` and sows them for `mover`, using `table`'s rule for
/// which pits to pass over; returns where the last seed lands. Reports the pick-up and,
/// when it wants them one by one, every drop to `observer`. Pit `from` must hold seeds;
/// `lap` is the number of pits one lap passes, `table`'s own, given as a constant.
#[inline(always)]
pub(crate) fn pick_up_and_sow<O: Observer>(
    pits: &mut [u8; MAX_PITS],
    table: &SowTable,
    mover: usize,
    from: usize,
    lap: usize,
    observer: &mut O,
) -> Landing {
    let from = from % MAX_PITS; // lets the compiler drop bounds checks below
                                // Read the board as one number before touching any byte of it: a narrow store
                                // followed by a wide load of the same bytes stalls the CPU's store forwarding.
    let mut board = u128::from_le_bytes(*pits);
    let seeds = pits[from] as usize;
    observer.pick_up(from, seeds as u8);
    let row = &table.entries[mover & 1][from];
    // `lap` comes from the caller as a compile-time constant: read from `table` (a static
    // of this crate) it is unknown to another crate's copy of this code, and the
    // divisions below become hardware divisions.
    debug_assert_eq!(lap, table.lap);
    if O::SEED_BY_SEED {
        // The path repeats every lap: the k-th seed (from 0) lands where a sowing of
        // k % lap + 1 seeds ends.
        pits[from] = 0;
        let mut landing = row[0].landing;
        for k in 0..seeds {
            landing = row[k % lap + 1].landing;
            pits[landing.pit as usize] += 1;
            observer.drop_seed(landing.pit as usize);
        }
        return landing;
    }
    board &= table.pick_up[from];
    let rest = if seeds <= lap {
        seeds
    } else {
        // Whole laps first, leaving 1..=lap seeds so the last pit comes from the table.
        let laps = (seeds - 1) / lap;
        board += row[lap % (MAX_LAP + 1)].delta * laps as u128;
        seeds - laps * lap
    };
    let entry = &row[rest % (MAX_LAP + 1)];
    *pits = (board + entry.delta).to_le_bytes();
    entry.landing
}
