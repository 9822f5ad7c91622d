//! Sowing: dropping seeds one per pit, counter-clockwise (next index, wrapping).

use super::trace::Observer;

/// Sows `seeds` seeds starting after pit `from`, skipping the pit `skip` (the
/// opponent's store in Kalah and Congkak). Returns the pit of the last seed.
/// `seeds` must be at least 1.
#[inline(always)]
pub(crate) fn sow<O: Observer>(
    pits: &mut [u8],
    from: usize,
    mut seeds: u8,
    skip: usize,
    observer: &mut O,
) -> usize {
    let n = pits.len();
    let lap = n - 1;
    if !O::SEED_BY_SEED && seeds as usize > lap {
        // Whole laps at once; leave 1..=lap seeds to place one by one so that the
        // last pit is found by the loop below.
        let laps = (seeds as usize - 1) / lap;
        for (i, pit) in pits.iter_mut().enumerate() {
            if i != skip {
                *pit += laps as u8;
            }
        }
        seeds -= (laps * lap) as u8;
    }
    let mut i = from;
    while seeds > 0 {
        i += 1;
        if i == n {
            i = 0;
        }
        if i != skip {
            pits[i] += 1;
            seeds -= 1;
            observer.drop_seed(i);
        }
    }
    i
}
