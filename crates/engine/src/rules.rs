//! Which game is played and with which options (docs/rules.md, "options a player can
//! switch"). A [`Rules`] value is always a rule set the engine plays: it is built by
//! [`Rules::new`] or checked by [`RulesBuilder::build`], and checked again when read
//! from a file.

use super::excerpt::excerpt;
use super::house::{House, MAX_HOUSES};
use super::position::{IllegalMove, Side};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::ops::RangeInclusive;
use std::str::FromStr;

/// The three games the app plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Variant {
    /// Kalah: sowing into the own store, extra turns, captures from an empty own house.
    Kalah,
    /// Oware (Abapa): captures of 2s and 3s on the opponent's side, must-feed, no stores
    /// sown into.
    Oware,
    /// Congkak: relay sowing from occupied houses, 6 or 7 houses a side.
    Congkak,
}

/// An option a player can switch for some variants.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RuleOption {
    /// `empty-capture=on|off` (Kalah, Congkak).
    EmptyCapture,
    /// `grand-slam=no-capture|forbidden|capture-all` (Oware).
    GrandSlam,
    /// `start=alternate|simultaneous` (Congkak).
    Start,
    /// `rounds=on|off` (Congkak).
    Rounds,
}

impl RuleOption {
    /// The option's name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            RuleOption::EmptyCapture => "empty-capture",
            RuleOption::GrandSlam => "grand-slam",
            RuleOption::Start => "start",
            RuleOption::Rounds => "rounds",
        }
    }
}

impl Variant {
    /// Every variant, in the order the app lists them.
    pub const ALL: [Variant; 3] = [Variant::Kalah, Variant::Oware, Variant::Congkak];

    /// The lower-case name used on the command line and in files.
    pub fn name(self) -> &'static str {
        match self {
            Variant::Kalah => "kalah",
            Variant::Oware => "oware",
            Variant::Congkak => "congkak",
        }
    }

    /// The numbers of houses a side the variant may be played with, the default first.
    ///
    /// ```
    /// use mancala_engine::Variant;
    /// assert_eq!(Variant::Kalah.house_counts(), &[6]);
    /// assert_eq!(Variant::Congkak.house_counts(), &[6, 7]);
    /// ```
    pub fn house_counts(self) -> &'static [u8] {
        match self {
            Variant::Kalah | Variant::Oware => &[6],
            Variant::Congkak => &[6, 7],
        }
    }

    /// The options that change how this variant is played.
    pub fn options(self) -> &'static [RuleOption] {
        match self {
            Variant::Kalah => &[RuleOption::EmptyCapture],
            Variant::Congkak => &[
                RuleOption::EmptyCapture,
                RuleOption::Start,
                RuleOption::Rounds,
            ],
            Variant::Oware => &[RuleOption::GrandSlam],
        }
    }

    /// Does the `empty-capture` option apply (Kalah, Congkak)?
    pub fn has_empty_capture(self) -> bool {
        self.options().contains(&RuleOption::EmptyCapture)
    }

    /// Does the `grand-slam` option apply (Oware)?
    pub fn has_grand_slam(self) -> bool {
        self.options().contains(&RuleOption::GrandSlam)
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Variant {
    type Err = RulesError;
    /// A variant by name, in any case; `abapa` is Oware.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_lowercase().as_str() {
            "kalah" => Ok(Variant::Kalah),
            "oware" | "abapa" => Ok(Variant::Oware),
            "congkak" => Ok(Variant::Congkak),
            _ => Err(RulesError::UnknownVariant(s.to_string())),
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
    /// Every choice, in the order the app lists them.
    pub const ALL: [GrandSlam; 3] = [
        GrandSlam::NoCapture,
        GrandSlam::Forbidden,
        GrandSlam::CaptureAll,
    ];

    /// The value's name on the command line and in files.
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
            .ok_or_else(|| RulesError::UnknownValue {
                option: "grand-slam",
                value: s.to_string(),
            })
    }
}

/// Congkak: how the first move of a game is made (docs/rules.md, Congkak rule 10).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Start {
    /// One player moves first and the players take turns (the first player is chosen
    /// as in the other games).
    #[default]
    Alternate,
    /// Both players make the first move at the same time, each without seeing the
    /// other's choice; the two hands sow in lockstep.
    Simultaneous,
}

impl Start {
    /// Every choice, in the order the app lists them.
    pub const ALL: [Start; 2] = [Start::Alternate, Start::Simultaneous];

    /// The value's name on the command line and in files.
    pub fn name(self) -> &'static str {
        match self {
            Start::Alternate => "alternate",
            Start::Simultaneous => "simultaneous",
        }
    }
}

impl FromStr for Start {
    type Err = RulesError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Start::ALL
            .into_iter()
            .find(|g| g.name() == s)
            .ok_or_else(|| RulesError::UnknownValue {
                option: "start",
                value: s.to_string(),
            })
    }
}

/// A rule set or a position was asked for that the rules do not allow.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum RulesError {
    /// Seeds per house outside [`Rules::SEEDS`].
    SeedsOutOfRange {
        /// The seeds asked for.
        seeds: u8,
    },
    /// A number of houses the variant is not played with ([`Variant::house_counts`]).
    HousesNotAllowed {
        /// The variant asked for.
        variant: Variant,
        /// The houses asked for.
        houses: u8,
    },
    /// A variant name that is none of ours.
    UnknownVariant(String),
    /// An option name that is none of ours.
    UnknownOption(String),
    /// A value an option (or `seeds`, `houses`) does not take.
    UnknownValue {
        /// The option's name, as in `NAME=VALUE`.
        option: &'static str,
        /// The value given.
        value: String,
    },
    /// An option not written `NAME=VALUE`.
    MalformedOption(String),
    /// A hand-made position with more seeds than a board holds (200).
    TooManySeeds {
        /// Seeds in the position.
        seeds: u32,
    },
    /// A hand-made position of a later round or with burnt houses, under rules without
    /// rounds.
    NotARound,
    /// A hand-made position with a burnt house that holds seeds (or is not on the board).
    BurntHouseNotEmpty {
        /// Whose house.
        side: Side,
        /// The house.
        house: House,
    },
    /// A hand-made position whose row of houses is not as long as the rules say.
    WrongRowLength {
        /// Whose row.
        side: Side,
        /// Houses given.
        len: usize,
        /// Houses of the rules.
        houses: u8,
    },
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulesError::SeedsOutOfRange { seeds } => write!(
                f,
                "seeds per house must be {}..{}, not {seeds}",
                Rules::SEEDS.start(),
                Rules::SEEDS.end()
            ),
            RulesError::HousesNotAllowed { variant, houses } => {
                let allowed: Vec<String> = variant
                    .house_counts()
                    .iter()
                    .map(|h| h.to_string())
                    .collect();
                write!(
                    f,
                    "{variant} is played with {} houses, not {houses}",
                    allowed.join(" or ")
                )
            }
            RulesError::UnknownVariant(s) => write!(
                f,
                "unknown variant '{}' (expected kalah, oware or congkak)",
                excerpt(s)
            ),
            RulesError::UnknownOption(name) => write!(
                f,
                "unknown rule '{}' (expected empty-capture, grand-slam, start or rounds)",
                excerpt(name)
            ),
            RulesError::UnknownValue { option, value } => match (*option, excerpt(value)) {
                ("grand-slam", value) => write!(
                    f,
                    "unknown grand-slam value '{value}' (expected no-capture, forbidden or capture-all)"
                ),
                (name @ ("empty-capture" | "rounds"), value) => {
                    write!(f, "{name} takes on or off, not '{value}'")
                }
                ("start", value) => write!(
                    f,
                    "unknown start value '{value}' (expected alternate or simultaneous)"
                ),
                ("houses", value) => write!(f, "houses takes 6 or 7, not '{value}'"),
                ("seeds", value) => write!(
                    f,
                    "seeds takes {}..{}, not '{value}'",
                    Rules::SEEDS.start(),
                    Rules::SEEDS.end()
                ),
                (other, value) => write!(f, "{other} does not take '{value}'"),
            },
            RulesError::MalformedOption(option) => {
                write!(f, "rule '{}' is not of the form NAME=VALUE", excerpt(option))
            }
            RulesError::TooManySeeds { seeds } => {
                write!(f, "{seeds} seeds are too many for a board")
            }
            RulesError::NotARound => {
                f.write_str("only Congkak with rounds=on has rounds and burnt houses")
            }
            RulesError::BurntHouseNotEmpty { side, house } => {
                write!(f, "{side:?}'s burnt house {house} must be an empty house of the board")
            }
            RulesError::WrongRowLength { side, len, houses } => {
                write!(f, "{side:?} has {len} houses; these rules have {houses}")
            }
        }
    }
}

impl std::error::Error for RulesError {}

/// The complete rule set of one game: variant, board size, seeds and options. Always
/// valid: [`Rules::new`] gives a variant's defaults and [`Rules::builder`] checks any
/// other choice.
///
/// Options that do not apply to the variant (say `grand_slam` in Kalah) are carried but
/// ignored, so a player's choices survive switching variants back and forth.
///
/// In files a rule set is an object with the fields `variant`, `houses`, `seeds`,
/// `empty_capture` and `grand_slam`, and Congkak's `start` and `rounds` where they are
/// not the default (so files written before they existed read the same); missing fields
/// take Kalah's defaults and a combination the rules do not allow is refused.
///
/// ```
/// use mancala_engine::{Rules, Variant};
/// let rules = Rules::builder(Variant::Congkak).houses(7).seeds(5).build().unwrap();
/// assert_eq!((rules.houses(), rules.seeds()), (7, 5));
/// assert!(Rules::new(Variant::Kalah).with_seeds(9).is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "RulesBuilder")]
pub struct Rules {
    variant: Variant,
    houses: u8,
    seeds: u8,
    empty_capture: bool,
    grand_slam: GrandSlam,
    #[serde(skip_serializing_if = "is_default")]
    start: Start,
    #[serde(skip_serializing_if = "is_default")]
    rounds: bool,
}

fn is_default<T: Default + PartialEq>(value: &T) -> bool {
    *value == T::default()
}

impl Default for Rules {
    /// Kalah's default rules.
    fn default() -> Self {
        Rules::new(Variant::Kalah)
    }
}

impl Rules {
    /// The seeds per house a player may choose.
    pub const SEEDS: RangeInclusive<u8> = 3..=7;

    /// The default rules of a variant: 6 houses, 4 seeds, options off.
    pub const fn new(variant: Variant) -> Self {
        Rules {
            variant,
            houses: 6,
            seeds: 4,
            empty_capture: false,
            grand_slam: GrandSlam::NoCapture,
            start: Start::Alternate,
            rounds: false,
        }
    }

    /// Traditional Congkak as it is played in Malaysia: 7 houses, 7 seeds, a
    /// simultaneous start and a match of rounds with burnt houses (the app's
    /// "Traditional" preset).
    ///
    /// ```
    /// use mancala_engine::{Rules, Start};
    /// let rules = Rules::traditional_congkak();
    /// assert_eq!((rules.houses(), rules.seeds()), (7, 7));
    /// assert!(rules.simultaneous_start() && rules.plays_rounds());
    /// assert_eq!(rules.start(), Start::Simultaneous);
    /// ```
    pub const fn traditional_congkak() -> Self {
        Rules {
            variant: Variant::Congkak,
            houses: 7,
            seeds: 7,
            empty_capture: false,
            grand_slam: GrandSlam::NoCapture,
            start: Start::Simultaneous,
            rounds: true,
        }
    }

    /// A builder starting from the variant's default rules.
    pub fn builder(variant: Variant) -> RulesBuilder {
        Rules::new(variant).to_builder()
    }

    /// A builder starting from these rules.
    pub fn to_builder(self) -> RulesBuilder {
        RulesBuilder {
            variant: self.variant,
            houses: self.houses,
            seeds: self.seeds,
            empty_capture: self.empty_capture,
            grand_slam: self.grand_slam,
            start: self.start,
            rounds: self.rounds,
        }
    }

    /// The variant.
    #[inline]
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// Houses per player: 6, or 7 for traditional Congkak.
    #[inline]
    pub fn houses(&self) -> u8 {
        self.houses
    }

    /// Seeds per house at the start, in [`Rules::SEEDS`].
    #[inline]
    pub fn seeds(&self) -> u8 {
        self.seeds
    }

    /// Kalah and Congkak: capture into an empty own house even when the opposite is empty.
    #[inline]
    pub fn empty_capture(&self) -> bool {
        self.empty_capture
    }

    /// Oware: what a grand slam does.
    #[inline]
    pub fn grand_slam(&self) -> GrandSlam {
        self.grand_slam
    }

    /// Congkak's `start` option as chosen (kept, without effect, in other variants).
    #[inline]
    pub fn start(&self) -> Start {
        self.start
    }

    /// Congkak's `rounds` option as chosen (kept, without effect, in other variants).
    #[inline]
    pub fn rounds(&self) -> bool {
        self.rounds
    }

    /// Do both players make the first move at the same time (Congkak with
    /// `start=simultaneous`)?
    #[inline]
    pub fn simultaneous_start(&self) -> bool {
        matches!(self.variant, Variant::Congkak) && matches!(self.start, Start::Simultaneous)
    }

    /// Is the game a match of rounds with burnt houses (Congkak with `rounds=on`)?
    #[inline]
    pub fn plays_rounds(&self) -> bool {
        matches!(self.variant, Variant::Congkak) && self.rounds
    }

    /// The same rules with another `start` choice.
    pub fn with_start(self, start: Start) -> Rules {
        Rules { start, ..self }
    }

    /// The same rules with rounds on or off.
    pub fn with_rounds(self, on: bool) -> Rules {
        Rules { rounds: on, ..self }
    }

    /// The same rules with `seeds` per house, if that is allowed.
    pub fn with_seeds(self, seeds: u8) -> Result<Rules, RulesError> {
        self.to_builder().seeds(seeds).build()
    }

    /// The same rules with `houses` a side, if the variant allows it.
    pub fn with_houses(self, houses: u8) -> Result<Rules, RulesError> {
        self.to_builder().houses(houses).build()
    }

    /// The same rules with the `empty-capture` option on or off.
    pub fn with_empty_capture(self, on: bool) -> Rules {
        Rules {
            empty_capture: on,
            ..self
        }
    }

    /// The same rules with another grand-slam choice.
    pub fn with_grand_slam(self, grand_slam: GrandSlam) -> Rules {
        Rules { grand_slam, ..self }
    }

    /// The same rules with one `NAME=VALUE` option applied, as the command line spells it.
    pub fn with_option(self, option: &str) -> Result<Rules, RulesError> {
        self.to_builder().option(option)?.build()
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

    /// House `number` of a board of these rules: the one checked way from a number
    /// read from outside (a record, a tap) to a [`House`].
    ///
    /// ```
    /// use mancala_engine::{IllegalMove, Rules, Variant};
    /// let rules = Rules::new(Variant::Kalah);
    /// assert_eq!(rules.house(6).unwrap().number(), 6);
    /// assert_eq!(rules.house(7), Err(IllegalMove::NotAHouse { house: 7, houses: 6 }));
    /// assert!(rules.house(0).is_err());
    /// ```
    pub fn house(&self, number: u32) -> Result<House, IllegalMove> {
        u8::try_from(number)
            .ok()
            .filter(|&n| n <= self.houses)
            .and_then(House::new)
            .ok_or(IllegalMove::NotAHouse {
                house: number,
                houses: self.houses,
            })
    }
}

/// Builds a [`Rules`] from any choices and checks them all at once in
/// [`RulesBuilder::build`], so the order the choices come in does not matter.
///
/// Reading rules from a file goes through it too (missing fields take Kalah's
/// defaults), so a file cannot hold rules the engine does not play.
///
/// ```
/// use mancala_engine::{GrandSlam, Rules, RulesError, Variant};
///
/// let rules = Rules::builder(Variant::Oware)
///     .seeds(5)
///     .grand_slam(GrandSlam::Forbidden)
///     .build()
///     .unwrap();
/// assert_eq!(rules.total_seeds(), 60);
///
/// // Options as the command line spells them.
/// let rules = Rules::builder(Variant::Kalah)
///     .option("empty-capture=on")
///     .unwrap()
///     .build()
///     .unwrap();
/// assert!(rules.empty_capture());
///
/// // Only the whole is checked: Congkak may have 7 houses, Kalah may not.
/// let seven = Rules::builder(Variant::Kalah).houses(7);
/// assert_eq!(
///     seven.build(),
///     Err(RulesError::HousesNotAllowed { variant: Variant::Kalah, houses: 7 })
/// );
/// assert_eq!(seven.variant(Variant::Congkak).build().unwrap().houses(), 7);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(default)]
pub struct RulesBuilder {
    variant: Variant,
    houses: u8,
    seeds: u8,
    empty_capture: bool,
    grand_slam: GrandSlam,
    start: Start,
    rounds: bool,
}

impl Default for RulesBuilder {
    /// Kalah's default rules.
    fn default() -> Self {
        Rules::default().to_builder()
    }
}

impl RulesBuilder {
    /// Another variant, keeping the other choices.
    pub fn variant(mut self, variant: Variant) -> Self {
        self.variant = variant;
        self
    }

    /// Houses a side.
    pub fn houses(mut self, houses: u8) -> Self {
        self.houses = houses;
        self
    }

    /// Seeds per house at the start.
    pub fn seeds(mut self, seeds: u8) -> Self {
        self.seeds = seeds;
        self
    }

    /// The `empty-capture` option.
    pub fn empty_capture(mut self, on: bool) -> Self {
        self.empty_capture = on;
        self
    }

    /// The `grand-slam` option.
    pub fn grand_slam(mut self, grand_slam: GrandSlam) -> Self {
        self.grand_slam = grand_slam;
        self
    }

    /// Congkak's `start` option.
    pub fn start(mut self, start: Start) -> Self {
        self.start = start;
        self
    }

    /// Congkak's `rounds` option.
    pub fn rounds(mut self, on: bool) -> Self {
        self.rounds = on;
        self
    }

    /// Applies one `NAME=VALUE` option as the command line spells it: `empty-capture`,
    /// `grand-slam`, `start`, `rounds`, `houses` or `seeds`. A value that is not one the option takes is
    /// refused at once; whether the whole is allowed, [`RulesBuilder::build`] says.
    pub fn option(mut self, option: &str) -> Result<Self, RulesError> {
        let (name, value) = option
            .split_once('=')
            .ok_or_else(|| RulesError::MalformedOption(option.to_string()))?;
        let bad = |option: &'static str| RulesError::UnknownValue {
            option,
            value: value.to_string(),
        };
        let on_off = |option: &'static str| match value {
            "on" | "true" | "yes" => Ok(true),
            "off" | "false" | "no" => Ok(false),
            _ => Err(bad(option)),
        };
        match name {
            "empty-capture" => self.empty_capture = on_off("empty-capture")?,
            "rounds" => self.rounds = on_off("rounds")?,
            "start" => self.start = value.parse()?,
            "grand-slam" => self.grand_slam = value.parse()?,
            "houses" => self.houses = value.parse().map_err(|_| bad("houses"))?,
            "seeds" => self.seeds = value.parse().map_err(|_| bad("seeds"))?,
            _ => return Err(RulesError::UnknownOption(name.to_string())),
        }
        Ok(self)
    }

    /// The rules, if the rules allow the combination: seeds in [`Rules::SEEDS`] and a
    /// number of houses in the variant's [`Variant::house_counts`].
    pub fn build(self) -> Result<Rules, RulesError> {
        if !Rules::SEEDS.contains(&self.seeds) {
            return Err(RulesError::SeedsOutOfRange { seeds: self.seeds });
        }
        if !self.variant.house_counts().contains(&self.houses) {
            return Err(RulesError::HousesNotAllowed {
                variant: self.variant,
                houses: self.houses,
            });
        }
        debug_assert!(self.houses <= MAX_HOUSES);
        Ok(Rules {
            variant: self.variant,
            houses: self.houses,
            seeds: self.seeds,
            empty_capture: self.empty_capture,
            grand_slam: self.grand_slam,
            start: self.start,
            rounds: self.rounds,
        })
    }
}

impl TryFrom<RulesBuilder> for Rules {
    type Error = RulesError;
    fn try_from(builder: RulesBuilder) -> Result<Rules, RulesError> {
        builder.build()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_parse_and_build_checks_the_whole() {
        let r = Rules::new(Variant::Oware)
            .with_option("grand-slam=forbidden")
            .unwrap();
        assert_eq!(r.grand_slam(), GrandSlam::Forbidden);
        assert!(r.with_option("grand-slam=maybe").is_err());
        assert!(matches!(
            r.with_option("colour=red"),
            Err(RulesError::UnknownOption(_))
        ));
        assert!(matches!(
            r.with_option("colour"),
            Err(RulesError::MalformedOption(_))
        ));
        assert_eq!(
            Rules::new(Variant::Kalah).with_seeds(8),
            Err(RulesError::SeedsOutOfRange { seeds: 8 })
        );
        assert!(Rules::new(Variant::Kalah).with_houses(7).is_err());
        assert_eq!(
            Rules::new(Variant::Congkak)
                .with_houses(7)
                .unwrap()
                .houses(),
            7
        );
        // The order of choices does not matter: only the whole is checked.
        let rules = Rules::builder(Variant::Kalah)
            .seeds(9)
            .houses(7)
            .variant(Variant::Congkak)
            .option("seeds=5")
            .unwrap()
            .build()
            .unwrap();
        assert_eq!(
            (rules.variant(), rules.houses(), rules.seeds()),
            (Variant::Congkak, 7, 5)
        );
    }

    #[test]
    fn messages_stay_as_they_were() {
        let msg = |e: RulesError| e.to_string();
        assert_eq!(
            msg(RulesError::SeedsOutOfRange { seeds: 9 }),
            "seeds per house must be 3..7, not 9"
        );
        assert_eq!(
            msg(Rules::new(Variant::Congkak).with_houses(8).unwrap_err()),
            "congkak is played with 6 or 7 houses, not 8"
        );
        assert_eq!(
            msg(Rules::new(Variant::Oware).with_houses(7).unwrap_err()),
            "oware is played with 6 houses, not 7"
        );
        assert_eq!(
            msg("bao".parse::<Variant>().unwrap_err()),
            "unknown variant 'bao' (expected kalah, oware or congkak)"
        );
        assert_eq!(
            msg(Rules::default().with_option("seeds=x").unwrap_err()),
            "seeds takes 3..7, not 'x'"
        );
    }

    #[test]
    fn the_file_format_is_unchanged_and_invalid_rules_do_not_load() {
        let rules = Rules::new(Variant::Oware).with_grand_slam(GrandSlam::CaptureAll);
        let json = serde_json::to_string(&rules).unwrap();
        assert_eq!(
            json,
            r#"{"variant":"oware","houses":6,"seeds":4,"empty_capture":false,"grand_slam":"capture-all"}"#
        );
        assert_eq!(serde_json::from_str::<Rules>(&json).unwrap(), rules);
        let partial: Rules = serde_json::from_str(r#"{"seeds":5}"#).unwrap();
        assert_eq!(partial, Rules::new(Variant::Kalah).with_seeds(5).unwrap());
        let traditional = Rules::traditional_congkak();
        let json = serde_json::to_string(&traditional).unwrap();
        assert_eq!(
            json,
            r#"{"variant":"congkak","houses":7,"seeds":7,"empty_capture":false,"grand_slam":"no-capture","start":"simultaneous","rounds":true}"#
        );
        assert_eq!(serde_json::from_str::<Rules>(&json).unwrap(), traditional);
        for bad in [
            r#"{"variant":"congkak","start":"together"}"#,
            r#"{"variant":"kalah","houses":7}"#,
            r#"{"variant":"congkak","houses":8}"#,
        ] {
            assert!(serde_json::from_str::<Rules>(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn congkak_start_and_rounds_parse_and_apply_to_congkak_only() {
        let rules = Rules::new(Variant::Congkak)
            .with_option("start=simultaneous")
            .unwrap()
            .with_option("rounds=on")
            .unwrap();
        assert!(rules.simultaneous_start() && rules.plays_rounds());
        let kalah = rules.to_builder().variant(Variant::Kalah).build().unwrap();
        assert_eq!((kalah.start(), kalah.rounds()), (Start::Simultaneous, true));
        assert!(!kalah.simultaneous_start() && !kalah.plays_rounds());
        assert_eq!(
            rules.with_option("start=together").unwrap_err().to_string(),
            "unknown start value 'together' (expected alternate or simultaneous)"
        );
        assert_eq!(
            rules.with_option("rounds=2").unwrap_err().to_string(),
            "rounds takes on or off, not '2'"
        );
    }

    #[test]
    fn variants_say_which_options_and_boards_they_have() {
        assert!(Variant::Kalah.has_empty_capture() && !Variant::Kalah.has_grand_slam());
        assert!(Variant::Oware.has_grand_slam() && !Variant::Oware.has_empty_capture());
        assert!(Variant::Congkak.has_empty_capture());
        for variant in Variant::ALL {
            assert_eq!(Rules::new(variant).houses(), variant.house_counts()[0]);
        }
    }
}
