//! Which game is played and with which options (RULES.md, "options a player can switch").

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// The three games the app plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Variant {
    Kalah,
    Oware,
    Congkak,
}

impl Variant {
    pub const ALL: [Variant; 3] = [Variant::Kalah, Variant::Oware, Variant::Congkak];

    /// The lower-case name used on the command line and in files.
    pub fn name(self) -> &'static str {
        match self {
            Variant::Kalah => "kalah",
            Variant::Oware => "oware",
            Variant::Congkak => "congkak",
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Variant {
    type Err = RulesError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_lowercase().as_str() {
            "kalah" => Ok(Variant::Kalah),
            "oware" | "abapa" => Ok(Variant::Oware),
            "congkak" => Ok(Variant::Congkak),
            _ => Err(RulesError(format!(
                "unknown variant '{s}' (expected kalah, oware or congkak)"
            ))),
        }
    }
}

/// Oware rule 4: what happens to a capture that would take every seed of the opponent.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum GrandSlam {
    /// Tournament rule: the move is legal and captures nothing.
    #[default]
    NoCapture,
    /// The move is illegal while the mover has any other move.
    Forbidden,
    /// Everything is captured.
    CaptureAll,
}

impl GrandSlam {
    pub const ALL: [GrandSlam; 3] = [
        GrandSlam::NoCapture,
        GrandSlam::Forbidden,
        GrandSlam::CaptureAll,
    ];

    pub fn name(self) -> &'static str {
        match self {
            GrandSlam::NoCapture => "no-capture",
            GrandSlam::Forbidden => "forbidden",
            GrandSlam::CaptureAll => "capture-all",
        }
    }
}

impl FromStr for GrandSlam {
    type Err = RulesError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        GrandSlam::ALL
            .into_iter()
            .find(|g| g.name() == s)
            .ok_or_else(|| {
                RulesError(format!(
                    "unknown grand-slam value '{s}' (expected no-capture, forbidden or capture-all)"
                ))
            })
    }
}

/// A rule set was asked for that RULES.md does not allow.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulesError(pub String);

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for RulesError {}

/// The complete rule set of one game: variant, board size, seeds and options.
///
/// Options that do not apply to the variant (say `grand_slam` in Kalah) are carried but
/// ignored, so a player's choices survive switching variants back and forth.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct Rules {
    pub variant: Variant,
    /// Houses per player: 6, or 7 for traditional Congkak.
    pub houses: u8,
    /// Seeds per house at the start, 3..=7.
    pub seeds: u8,
    /// Kalah and Congkak: capture into an empty own house even when the opposite is empty.
    pub empty_capture: bool,
    /// Oware only.
    pub grand_slam: GrandSlam,
}

impl Default for Rules {
    fn default() -> Self {
        Rules::new(Variant::Kalah)
    }
}

impl Rules {
    pub const MIN_SEEDS: u8 = 3;
    pub const MAX_SEEDS: u8 = 7;

    /// The default rules of a variant: 6 houses, 4 seeds, options off.
    pub fn new(variant: Variant) -> Self {
        Rules {
            variant,
            houses: 6,
            seeds: 4,
            empty_capture: false,
            grand_slam: GrandSlam::NoCapture,
        }
    }

    pub fn with_seeds(mut self, seeds: u8) -> Self {
        self.seeds = seeds;
        self
    }

    pub fn with_houses(mut self, houses: u8) -> Self {
        self.houses = houses;
        self
    }

    pub fn with_empty_capture(mut self, on: bool) -> Self {
        self.empty_capture = on;
        self
    }

    pub fn with_grand_slam(mut self, grand_slam: GrandSlam) -> Self {
        self.grand_slam = grand_slam;
        self
    }

    /// Checks the combination against RULES.md.
    pub fn validate(&self) -> Result<(), RulesError> {
        if !(Self::MIN_SEEDS..=Self::MAX_SEEDS).contains(&self.seeds) {
            return Err(RulesError(format!(
                "seeds per house must be 3..7, not {}",
                self.seeds
            )));
        }
        let houses_ok = match self.variant {
            Variant::Congkak => self.houses == 6 || self.houses == 7,
            _ => self.houses == 6,
        };
        if !houses_ok {
            return Err(RulesError(format!(
                "{} is played with {} houses, not {}",
                self.variant,
                if self.variant == Variant::Congkak {
                    "6 or 7"
                } else {
                    "6"
                },
                self.houses
            )));
        }
        Ok(())
    }

    /// Applies one `NAME=VALUE` option as the command line spells it.
    pub fn apply_option(&mut self, option: &str) -> Result<(), RulesError> {
        let (name, value) = option
            .split_once('=')
            .ok_or_else(|| RulesError(format!("rule '{option}' is not of the form NAME=VALUE")))?;
        match name {
            "empty-capture" => {
                self.empty_capture = match value {
                    "on" | "true" | "yes" => true,
                    "off" | "false" | "no" => false,
                    _ => {
                        return Err(RulesError(format!(
                            "empty-capture takes on or off, not '{value}'"
                        )))
                    }
                }
            }
            "grand-slam" => self.grand_slam = value.parse()?,
            "houses" => {
                self.houses = value
                    .parse()
                    .map_err(|_| RulesError(format!("houses takes 6 or 7, not '{value}'")))?
            }
            "seeds" => {
                self.seeds = value
                    .parse()
                    .map_err(|_| RulesError(format!("seeds takes 3..7, not '{value}'")))?
            }
            _ => {
                return Err(RulesError(format!(
                    "unknown rule '{name}' (expected empty-capture or grand-slam)"
                )))
            }
        }
        Ok(())
    }

    /// Number of pits on the board: both rows of houses and both stores.
    #[inline]
    pub fn pits(&self) -> usize {
        2 * self.houses as usize + 2
    }

    /// Total seeds in play, T = 2·H·seeds.
    #[inline]
    pub fn total_seeds(&self) -> u32 {
        2 * self.houses as u32 * self.seeds as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_parse_and_validate() {
        let mut r = Rules::new(Variant::Oware);
        r.apply_option("grand-slam=forbidden").unwrap();
        assert_eq!(r.grand_slam, GrandSlam::Forbidden);
        assert!(r.apply_option("grand-slam=maybe").is_err());
        assert!(r.apply_option("colour=red").is_err());
        assert!(Rules::new(Variant::Kalah).with_seeds(8).validate().is_err());
        assert!(Rules::new(Variant::Kalah)
            .with_houses(7)
            .validate()
            .is_err());
        assert!(Rules::new(Variant::Congkak)
            .with_houses(7)
            .validate()
            .is_ok());
    }
}
