//! The UI's enums (ui/state.slint, ui/theme.slint) and the engine's, the players' and
//! the store's types they stand for, mapped both ways in one place. The adapters hand
//! the UI typed values and read typed values back, so no number ever stands for a
//! choice and no list's order has to agree with another's.

use crate::engine;
use crate::players::{Difficulty, Opponent};
use crate::store;

/// Both ways between a Rust enum and a UI enum of the same variants (the `From` impls
/// for each direction); `$ui` is the UI's type, `$rust` the app's.
macro_rules! same_variants {
    ($ui:ty, $rust:ty, [$($u:ident = $r:ident),+ $(,)?]) => {
        impl From<$rust> for $ui {
            fn from(value: $rust) -> $ui {
                match value {
                    $(<$rust>::$r => <$ui>::$u,)+
                }
            }
        }

        impl From<$ui> for $rust {
            fn from(value: $ui) -> $rust {
                match value {
                    $(<$ui>::$u => <$rust>::$r,)+
                }
            }
        }
    };
}

same_variants!(
    crate::Variant,
    engine::Variant,
    [Kalah = Kalah, Oware = Oware, Congkak = Congkak,]
);

same_variants!(crate::Side, engine::Side, [South = South, North = North]);

same_variants!(
    crate::GrandSlam,
    engine::GrandSlam,
    [
        NoCapture = NoCapture,
        Forbidden = Forbidden,
        CaptureAll = CaptureAll,
    ]
);

same_variants!(
    crate::FirstPlayer,
    store::FirstPlayer,
    [South = South, North = North, Alternate = Alternate,]
);

same_variants!(
    crate::AnimationSpeed,
    store::AnimationSpeed,
    [Off = Off, Fast = Fast, Normal = Normal, Slow = Slow,]
);

same_variants!(
    crate::SoundLevel,
    store::SoundLevel,
    [Off = Off, Quiet = Quiet, Normal = Normal, Loud = Loud,]
);

same_variants!(
    crate::ThemeChoice,
    store::Theme,
    [
        System = System,
        Light = Light,
        Dark = Dark,
        HighContrast = HighContrast,
    ]
);

/// Congkak's preset, or none for a game without presets.
impl From<Option<store::CongkakPreset>> for crate::Preset {
    fn from(value: Option<store::CongkakPreset>) -> crate::Preset {
        match value {
            None => crate::Preset::None,
            Some(store::CongkakPreset::Traditional) => crate::Preset::Traditional,
            Some(store::CongkakPreset::Quick) => crate::Preset::Quick,
        }
    }
}

impl From<crate::Preset> for Option<store::CongkakPreset> {
    fn from(value: crate::Preset) -> Option<store::CongkakPreset> {
        match value {
            crate::Preset::None => None,
            crate::Preset::Traditional => Some(store::CongkakPreset::Traditional),
            crate::Preset::Quick => Some(store::CongkakPreset::Quick),
        }
    }
}

same_variants!(
    crate::Language,
    store::Language,
    [
        System = System,
        English = English,
        Burmese = Burmese,
        Thai = Thai,
        Malay = Malay,
    ]
);

impl From<Difficulty> for crate::Level {
    fn from(level: Difficulty) -> crate::Level {
        match level {
            Difficulty::Beginner => crate::Level::Beginner,
            Difficulty::Casual => crate::Level::Casual,
            Difficulty::Intermediate => crate::Level::Intermediate,
            Difficulty::Strong => crate::Level::Strong,
            Difficulty::Expert => crate::Level::Expert,
        }
    }
}

impl From<Opponent> for crate::Level {
    fn from(opponent: Opponent) -> crate::Level {
        match opponent {
            Opponent::Human => crate::Level::TwoPeople,
            Opponent::Computer { level } => level.into(),
        }
    }
}

/// The opponent a UI level names: two people, or the computer at that level. (Where
/// only the computer can play, `Opponent::Human` is a value the UI never sends.)
impl From<crate::Level> for Opponent {
    fn from(level: crate::Level) -> Opponent {
        let level = match level {
            crate::Level::TwoPeople => return Opponent::Human,
            crate::Level::Beginner => Difficulty::Beginner,
            crate::Level::Casual => Difficulty::Casual,
            crate::Level::Intermediate => Difficulty::Intermediate,
            crate::Level::Strong => Difficulty::Strong,
            crate::Level::Expert => Difficulty::Expert,
        };
        Opponent::Computer { level }
    }
}

impl From<crate::ai::Grade> for crate::Grade {
    fn from(grade: crate::ai::Grade) -> crate::Grade {
        use crate::ai::Grade;
        match grade {
            Grade::Best => crate::Grade::Best,
            Grade::Good => crate::Grade::Good,
            Grade::Inaccuracy => crate::Grade::Inaccuracy,
            Grade::Mistake => crate::Grade::Mistake,
            Grade::Blunder => crate::Grade::Blunder,
        }
    }
}

/// A side that may be absent as the UI holds it: whether there is one, and which (South
/// when there is none; the UI reads it only when there is one).
pub fn optional_side(side: Option<engine::Side>) -> (bool, crate::Side) {
    (side.is_some(), side.map_or(crate::Side::South, Into::into))
}

// The lessons and their verdicts (src/lessons/), named by ui/views/lesson-words.slint.
same_variants!(
    crate::Lesson,
    crate::lessons::LessonId,
    [
        KalahSowing = KalahSowing,
        KalahStore = KalahStore,
        KalahExtraTurn = KalahExtraTurn,
        KalahCapture = KalahCapture,
        KalahEnd = KalahEnd,
        OwareSowing = OwareSowing,
        OwareCapture = OwareCapture,
        OwareChain = OwareChain,
        OwareFeeding = OwareFeeding,
        OwareGrandSlam = OwareGrandSlam,
        OwareEnd = OwareEnd,
        CongkakSowing = CongkakSowing,
        CongkakRelay = CongkakRelay,
        CongkakExtraTurn = CongkakExtraTurn,
        CongkakCapture = CongkakCapture,
        CongkakSimultaneous = CongkakSimultaneous,
        CongkakBurnt = CongkakBurnt,
    ]
);

same_variants!(
    crate::LessonNote,
    crate::lessons::LessonNote,
    [
        ReachedHouse = ReachedHouse,
        CameRound = CameRound,
        ExtraTurn = ExtraTurn,
        Captured = Captured,
        WonAtEnd = WonAtEnd,
        SkippedOrigin = SkippedOrigin,
        CapturedTwoOrThree = CapturedTwoOrThree,
        ChainCaptured = ChainCaptured,
        Fed = Fed,
        CaptureStands = CaptureStands,
        WonMajority = WonMajority,
        Relayed = Relayed,
        MovesNext = MovesNext,
        MissedHouse = MissedHouse,
        LandedInTheirHouse = LandedInTheirHouse,
        LandedInStore = LandedInStore,
        NotInStore = NotInStore,
        StayedInYourRow = StayedInYourRow,
        NotEmpty = NotEmpty,
        OppositeEmpty = OppositeEmpty,
        CapturedFewer = CapturedFewer,
        CapturedInstead = CapturedInstead,
        GameGoesOn = GameGoesOn,
        GameOverNoWin = GameOverNoWin,
        OwnRow = OwnRow,
        WrongCount = WrongCount,
        GrandSlam = GrandSlam,
        FedMore = FedMore,
        NotMajority = NotMajority,
        NoRelay = NoRelay,
        TheirEmptyHouse = TheirEmptyHouse,
        OppositeBurnt = OppositeBurnt,
        StoppedFirst = StoppedFirst,
        NotPlayable = NotPlayable,
    ]
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Grade;

    /// Every value goes to the UI's value of the same name and comes back as itself.
    fn round_trip<R, U>(all: &[R], named: impl Fn(R) -> U)
    where
        R: Copy + PartialEq + std::fmt::Debug + From<U>,
        U: Copy + PartialEq + std::fmt::Debug + From<R>,
    {
        for &value in all {
            let shown = U::from(value);
            assert_eq!(shown, named(value), "{value:?}");
            assert_eq!(R::from(shown), value, "{value:?}");
        }
    }

    #[test]
    fn every_choice_is_the_uis_value_of_the_same_name_and_comes_back() {
        use crate::{AnimationSpeed, FirstPlayer, GrandSlam, Language, Side, ThemeChoice};
        round_trip(&engine::Variant::ALL, |v| match v {
            engine::Variant::Kalah => crate::Variant::Kalah,
            engine::Variant::Oware => crate::Variant::Oware,
            engine::Variant::Congkak => crate::Variant::Congkak,
        });
        round_trip(&engine::Side::BOTH, |s| match s {
            engine::Side::South => Side::South,
            engine::Side::North => Side::North,
        });
        let presets = [
            None,
            Some(store::CongkakPreset::Traditional),
            Some(store::CongkakPreset::Quick),
        ];
        round_trip(&presets, |p| match p {
            None => crate::Preset::None,
            Some(store::CongkakPreset::Traditional) => crate::Preset::Traditional,
            Some(store::CongkakPreset::Quick) => crate::Preset::Quick,
        });
        round_trip(&engine::GrandSlam::ALL, |g| match g {
            engine::GrandSlam::NoCapture => GrandSlam::NoCapture,
            engine::GrandSlam::Forbidden => GrandSlam::Forbidden,
            engine::GrandSlam::CaptureAll => GrandSlam::CaptureAll,
        });
        let firsts = [
            store::FirstPlayer::South,
            store::FirstPlayer::North,
            store::FirstPlayer::Alternate,
        ];
        round_trip(&firsts, |f| match f {
            store::FirstPlayer::South => FirstPlayer::South,
            store::FirstPlayer::North => FirstPlayer::North,
            store::FirstPlayer::Alternate => FirstPlayer::Alternate,
        });
        let speeds = [
            store::AnimationSpeed::Off,
            store::AnimationSpeed::Fast,
            store::AnimationSpeed::Normal,
            store::AnimationSpeed::Slow,
        ];
        round_trip(&speeds, |s| match s {
            store::AnimationSpeed::Off => AnimationSpeed::Off,
            store::AnimationSpeed::Fast => AnimationSpeed::Fast,
            store::AnimationSpeed::Normal => AnimationSpeed::Normal,
            store::AnimationSpeed::Slow => AnimationSpeed::Slow,
        });
        let levels = [
            store::SoundLevel::Off,
            store::SoundLevel::Quiet,
            store::SoundLevel::Normal,
            store::SoundLevel::Loud,
        ];
        round_trip(&levels, |l| match l {
            store::SoundLevel::Off => crate::SoundLevel::Off,
            store::SoundLevel::Quiet => crate::SoundLevel::Quiet,
            store::SoundLevel::Normal => crate::SoundLevel::Normal,
            store::SoundLevel::Loud => crate::SoundLevel::Loud,
        });
        let themes = [
            store::Theme::System,
            store::Theme::Light,
            store::Theme::Dark,
            store::Theme::HighContrast,
        ];
        round_trip(&themes, |t| match t {
            store::Theme::System => ThemeChoice::System,
            store::Theme::Light => ThemeChoice::Light,
            store::Theme::Dark => ThemeChoice::Dark,
            store::Theme::HighContrast => ThemeChoice::HighContrast,
        });
        round_trip(&store::Language::ALL, |l| match l {
            store::Language::System => Language::System,
            store::Language::English => Language::English,
            store::Language::Burmese => Language::Burmese,
            store::Language::Thai => Language::Thai,
            store::Language::Malay => Language::Malay,
        });
    }

    #[test]
    fn a_level_is_two_people_or_the_computers_difficulty() {
        use crate::Level;
        assert_eq!(Level::from(Opponent::Human), Level::TwoPeople);
        assert_eq!(Opponent::from(Level::TwoPeople), Opponent::Human);
        let levels = [
            Level::Beginner,
            Level::Casual,
            Level::Intermediate,
            Level::Strong,
            Level::Expert,
        ];
        for (level, shown) in Difficulty::ALL.into_iter().zip(levels) {
            let computer = Opponent::Computer { level };
            assert_eq!(Level::from(level), shown);
            assert_eq!(Level::from(computer), shown);
            assert_eq!(Opponent::from(shown), computer);
        }
    }

    #[test]
    fn grades_keep_their_names() {
        let shown = Grade::ALL.map(crate::Grade::from);
        assert_eq!(
            shown,
            [
                crate::Grade::Best,
                crate::Grade::Good,
                crate::Grade::Inaccuracy,
                crate::Grade::Mistake,
                crate::Grade::Blunder
            ]
        );
    }

    #[test]
    fn an_absent_side_is_said_so() {
        assert_eq!(optional_side(None), (false, crate::Side::South));
        assert_eq!(
            optional_side(Some(engine::Side::North)),
            (true, crate::Side::North)
        );
    }

    #[test]
    fn every_lesson_and_lesson_note_is_the_uis_value_of_the_same_name() {
        use crate::lessons::{LessonId, LessonNote};
        for id in LessonId::ALL {
            let shown = crate::Lesson::from(id);
            assert_eq!(format!("{shown:?}"), format!("{id:?}"));
            assert_eq!(LessonId::from(shown), id);
        }
        for note in LessonNote::ALL {
            let shown = crate::LessonNote::from(note);
            assert_eq!(format!("{shown:?}"), format!("{note:?}"));
            assert_eq!(LessonNote::from(shown), note);
        }
    }
}
