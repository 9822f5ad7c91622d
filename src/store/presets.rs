//! Congkak's two presets (docs/rules.md): **Traditional**, as it is played in Malaysia
//! (7 houses, 7 seeds, both players start at once, a match of rounds with burnt
//! houses), and **Quick**, one round taking turns on any board. The settings keep the
//! rules of each apart, and the statistics count their games apart.

use crate::engine::{Rules, Start, Variant};
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CongkakPreset {
    Traditional,
    Quick,
}

impl CongkakPreset {
    /// In the order Settings lists them.
    pub const ALL: [CongkakPreset; 2] = [CongkakPreset::Traditional, CongkakPreset::Quick];

    /// The preset a game's rules belong to; `None` for Kalah and Oware. Rules with
    /// either traditional option on are Traditional: only that preset turns them on.
    pub fn of(rules: Rules) -> Option<CongkakPreset> {
        match rules.variant() {
            Variant::Congkak if rules.simultaneous_start() || rules.plays_rounds() => {
                Some(CongkakPreset::Traditional)
            }
            Variant::Congkak => Some(CongkakPreset::Quick),
            Variant::Kalah | Variant::Oware => None,
        }
    }

    /// `kept`, the Congkak rules kept for this preset, made to fit it: Traditional fixes
    /// the board and the start and plays rounds (only the empty-capture option stays
    /// the player's); Quick keeps the board and takes turns for one round.
    pub fn fit(self, kept: Rules) -> Rules {
        match self {
            CongkakPreset::Traditional => {
                Rules::traditional_congkak().with_empty_capture(kept.empty_capture())
            }
            CongkakPreset::Quick => kept.with_start(Start::Alternate).with_rounds(false),
        }
    }

    /// Does the player choose the board (houses and seeds) under this preset?
    pub fn chooses_board(self) -> bool {
        self == CongkakPreset::Quick
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_belong_to_the_preset_that_turns_their_options_on() {
        assert_eq!(
            CongkakPreset::of(Rules::traditional_congkak()),
            Some(CongkakPreset::Traditional)
        );
        let rounds_only = Rules::new(Variant::Congkak).with_rounds(true);
        assert_eq!(
            CongkakPreset::of(rounds_only),
            Some(CongkakPreset::Traditional)
        );
        assert_eq!(
            CongkakPreset::of(Rules::new(Variant::Congkak).with_houses(7).unwrap()),
            Some(CongkakPreset::Quick)
        );
        assert_eq!(CongkakPreset::of(Rules::new(Variant::Kalah)), None);
    }

    #[test]
    fn fitting_fixes_what_a_preset_fixes_and_keeps_the_rest() {
        let chosen = Rules::builder(Variant::Congkak)
            .houses(7)
            .seeds(5)
            .empty_capture(true)
            .start(Start::Simultaneous)
            .rounds(true)
            .build()
            .unwrap();
        let quick = CongkakPreset::Quick.fit(chosen);
        assert_eq!((quick.houses(), quick.seeds()), (7, 5));
        assert!(quick.empty_capture());
        assert!(!quick.simultaneous_start() && !quick.plays_rounds());
        let traditional = CongkakPreset::Traditional.fit(Rules::new(Variant::Congkak));
        assert_eq!(traditional, Rules::traditional_congkak());
        let traditional = CongkakPreset::Traditional.fit(chosen);
        assert_eq!(
            traditional,
            Rules::traditional_congkak().with_empty_capture(true)
        );
    }
}
