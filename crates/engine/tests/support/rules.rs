//! A proptest strategy for every rule set docs/rules.md allows, shared by the engine and
//! AI property tests.

use mancala_engine::{GrandSlam, Rules, Start, Variant};
use proptest::prelude::*;

/// Any variant, seeds 3..=7, Congkak with 6 or 7 houses, every option (Congkak's
/// simultaneous start and rounds too).
pub fn any_rules() -> impl Strategy<Value = Rules> {
    (
        0..3usize,
        3u8..=7,
        any::<bool>(),
        0..3usize,
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(|(v, seeds, empty_capture, slam, seven, together, rounds)| {
            let variant = Variant::ALL[v];
            let houses = if variant == Variant::Congkak && seven {
                7
            } else {
                6
            };
            Rules::builder(variant)
                .seeds(seeds)
                .houses(houses)
                .empty_capture(empty_capture)
                .grand_slam(GrandSlam::ALL[slam])
                .start(Start::ALL[together as usize])
                .rounds(rounds)
                .build()
                .expect("every combination drawn is allowed")
        })
}
