//! What each event sounds and feels like, as plain data: the player's settings, the
//! phone's silent mode and the animation's pace decide. No audio here, so every rule is
//! tested without a sound card.

use super::{Feedback, FeedbackSettings, GameEnd};
use crate::store::SoundLevel;
use std::time::Duration;

/// The phone's ringer, where the platform tells it (Android's `AudioManager`); a
/// desktop is always `Normal`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ringer {
    Normal,
    /// Vibrate only: no sound, vibration allowed.
    Vibrate,
    /// Silent: neither.
    Silent,
}

/// One of the app's sounds ([`super::synth`] makes them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Sound {
    /// A seed falling into a house: a soft wooden click (several variants).
    Drop,
    /// A seed falling into a store: a deeper knock (several variants).
    StoreDrop,
    /// Seeds pouring into a store.
    StoreFilled,
    Capture,
    ExtraTurn,
    Won,
    Lost,
    Drawn,
    /// The end of a game that is nobody's win (two people, or watched).
    Ended,
    Tap,
}

/// A sound to play: how loud (0..1, before the limiter) and, for drops at a fast pace,
/// how much of it (cut short with a quick fade).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Play {
    pub sound: Sound,
    pub gain: f32,
    pub length: Option<Duration>,
}

/// What to do for one event.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Plan {
    pub sound: Option<Play>,
    pub vibrate: Option<Duration>,
}

/// The animation's step at Normal speed: drops at this pace or slower sound in full.
const NORMAL_PACE: Duration = Duration::from_millis(140);

/// The volume of each level of the setting (the mixer's limiter sits above).
pub fn volume(level: SoundLevel) -> f32 {
    match level {
        SoundLevel::Off => 0.0,
        SoundLevel::Quiet => 0.3,
        SoundLevel::Normal => 0.6,
        SoundLevel::Loud => 1.0,
    }
}

/// What `event` sounds and feels like under `settings` with the ringer in `ringer`.
pub fn plan(event: Feedback, settings: FeedbackSettings, ringer: Ringer) -> Plan {
    let on = settings.sound != SoundLevel::Off;
    let audible = on && ringer == Ringer::Normal;
    let buzz = on && settings.vibration && ringer != Ringer::Silent;
    let volume = volume(settings.sound);
    let (sound, gain, length, vibrate) = match event {
        Feedback::Drop { store, pace } => {
            // Quieter and shorter as the pace quickens (a fast speed, a long relay).
            let share = (pace.as_secs_f32() / NORMAL_PACE.as_secs_f32()).clamp(0.25, 1.0);
            let gain = (if store { 0.55 } else { 0.45 }) * (0.35 + 0.65 * share);
            let length = (share < 1.0).then(|| pace.mul_f32(0.9).max(Duration::from_millis(20)));
            let sound = if store { Sound::StoreDrop } else { Sound::Drop };
            (sound, gain, length, None)
        }
        Feedback::StoreFilled => (Sound::StoreFilled, 0.5, None, None),
        Feedback::Capture { seeds } => {
            let gain = 0.6 + 0.03 * seeds.min(10) as f32;
            (Sound::Capture, gain, None, Some(Duration::from_millis(45)))
        }
        Feedback::ExtraTurn => (Sound::ExtraTurn, 0.6, None, Some(Duration::from_millis(25))),
        Feedback::GameOver(end) => {
            let sound = match end {
                GameEnd::Won => Sound::Won,
                GameEnd::Lost => Sound::Lost,
                GameEnd::Drawn => Sound::Drawn,
                GameEnd::Ended => Sound::Ended,
            };
            (sound, 0.7, None, None)
        }
        Feedback::Tap => (Sound::Tap, 0.35, None, None),
    };
    Plan {
        sound: audible.then_some(Play {
            sound,
            gain: gain * volume,
            length,
        }),
        vibrate: vibrate.filter(|_| buzz),
    }
}
