//! Sound and touch: what the player hears and feels as the game goes on.
//!
//! The turn loop knows nothing of audio: it tells a [`FeedbackSink`] what just happened
//! on the board ([`Feedback`]: seeds dropped, a capture, an extra turn, a store filling,
//! the end of a game), and the shell adds the taps of the buttons. The
//! [`FeedbackPlayer`] queues each event to a thread of its own, which
//!
//! - decides what it sounds and feels like ([`plan`]: the player's settings, the
//!   phone's silent mode, the animation's pace),
//! - plays the sounds the app synthesises once at start-up ([`synth`]) through the
//!   mixer ([`mixer`]: a voice cap and a soft limiter, so that many overlapping drops
//!   never clip) on the platform's audio output ([`output`]: ALSA on Linux, AAudio on
//!   Android, through cpal), and
//! - on Android, reads the ringer mode and vibrates ([`device`], JNI).
//!
//! Nothing here ever blocks the UI thread: sending an event is a push on a channel. Where
//! no audio device exists (CI, a container) the output is silent and says nothing.

pub mod device;
pub mod mixer;
pub mod output;
pub mod plan;
pub mod synth;

use crate::store::SoundLevel;
use device::Device;
use output::Output;
use plan::{Plan, Sound};
use std::sync::mpsc::{self, Receiver, Sender};
use std::time::Duration;

/// Something that happened that the player may hear or feel.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Feedback {
    /// Seeds fell in one step of the sowing animation (several at once when it runs
    /// fast); `store` when one of them fell into a store. `pace` is the time per step
    /// now: short at a fast speed and late in a long Congkak relay.
    Drop { store: bool, pace: Duration },
    /// Captured seeds, or the seeds swept at the end, reached their store.
    StoreFilled,
    /// A move captured `seeds` seeds.
    Capture { seeds: u32 },
    /// The mover plays again.
    ExtraTurn,
    /// The game ended, as the person at the bottom sees it.
    GameOver(GameEnd),
    /// A button was tapped.
    Tap,
}

/// How a game ended for the person who hears it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameEnd {
    Won,
    Lost,
    Drawn,
    /// A game between two people, or one the computer played itself: nobody's win.
    Ended,
}

/// Where the turn loop and the shell tell what happened. Telling must be quick and
/// never block: a sink queues the event, or drops it.
pub trait FeedbackSink {
    fn feedback(&self, event: Feedback);
}

/// The sink that drops everything (tools, tests, and the turn loop before the app gives
/// it a player).
impl FeedbackSink for () {
    fn feedback(&self, _event: Feedback) {}
}

/// The player's choices that shape the feedback.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FeedbackSettings {
    pub sound: SoundLevel,
    /// Vibrate on a capture and an extra turn (where the device can, and sound is on).
    pub vibration: bool,
}

impl Default for FeedbackSettings {
    fn default() -> Self {
        FeedbackSettings {
            sound: SoundLevel::default(),
            vibration: true,
        }
    }
}

enum Command {
    Event(Feedback),
    Settings(FeedbackSettings),
}

/// The app's feedback: a handle on the feedback thread (or on nothing at all, for the
/// screenshot tool and the tests that want no sound).
pub struct FeedbackPlayer {
    commands: Option<Sender<Command>>,
}

impl FeedbackPlayer {
    /// A player that plays nothing and starts no thread.
    pub fn silent() -> FeedbackPlayer {
        FeedbackPlayer { commands: None }
    }

    /// Starts the feedback thread on the platform's default audio output and device.
    /// The output is opened when the first sound is to be played; without one, the
    /// player stays silent (and still vibrates where the device can).
    pub fn start() -> FeedbackPlayer {
        FeedbackPlayer::start_with(Output::open_default, Device::new)
    }

    /// Starts the feedback thread with the output `open` opens and the `device` given
    /// (tests choose both).
    pub fn start_with(
        open: impl FnOnce() -> Output + Send + 'static,
        device: impl FnOnce() -> Device + Send + 'static,
    ) -> FeedbackPlayer {
        let (commands, received) = mpsc::channel();
        let started = std::thread::Builder::new()
            .name("mancala-sound".into())
            .spawn(move || Worker::new(device()).run(received, open));
        match started {
            Ok(_) => FeedbackPlayer {
                commands: Some(commands),
            },
            Err(_) => FeedbackPlayer::silent(),
        }
    }

    /// The player's settings changed (or are given for the first time).
    pub fn set_settings(&self, settings: FeedbackSettings) {
        self.send(Command::Settings(settings));
    }

    fn send(&self, command: Command) {
        if let Some(commands) = &self.commands {
            // The thread ends only with the player; a failed send has nobody to tell.
            let _ = commands.send(command);
        }
    }
}

impl FeedbackSink for FeedbackPlayer {
    fn feedback(&self, event: Feedback) {
        self.send(Command::Event(event));
    }
}

/// The feedback thread: turns events into sounds and vibrations.
struct Worker {
    settings: FeedbackSettings,
    device: Device,
    output: Option<Output>,
    bank: Option<synth::Bank>,
    /// A small random generator for the drops' variety (no need for a good one).
    noise: u32,
}

impl Worker {
    fn new(device: Device) -> Worker {
        Worker {
            settings: FeedbackSettings::default(),
            device,
            output: None,
            bank: None,
            noise: 0x9e37_79b9,
        }
    }

    fn run(mut self, commands: Receiver<Command>, open: impl FnOnce() -> Output) {
        let mut open = Some(open);
        while let Ok(command) = commands.recv() {
            match command {
                Command::Settings(settings) => self.settings = settings,
                Command::Event(event) => {
                    let plan = plan::plan(event, self.settings, self.device.ringer());
                    if let Some(vibrate) = plan.vibrate {
                        self.device.vibrate(vibrate);
                    }
                    if plan.sound.is_some() {
                        // Opened once, on the first sound: a player who keeps sound off
                        // never opens the audio device.
                        if let Some(open) = open.take() {
                            let output = open();
                            self.bank = (!output.is_silent())
                                .then(|| synth::Bank::new(output.sample_rate()));
                            self.output = Some(output);
                        }
                        self.play(plan);
                    }
                }
            }
        }
    }

    fn play(&mut self, plan: Plan) {
        let (Some(play), Some(output), Some(bank)) = (plan.sound, &self.output, &self.bank) else {
            return;
        };
        self.noise ^= self.noise << 13;
        self.noise ^= self.noise >> 17;
        self.noise ^= self.noise << 5;
        let pick = self.noise as usize;
        // Each drop a little different: another of the synthesised clicks, and a
        // slightly different loudness.
        let jitter = 0.85 + 0.3 * ((self.noise >> 8) & 0xff) as f32 / 255.0;
        let (samples, gain) = match play.sound {
            Sound::Drop | Sound::StoreDrop => (bank.variant(play.sound, pick), play.gain * jitter),
            sound => (bank.variant(sound, 0), play.gain),
        };
        let length = play
            .length
            .map(|d| (d.as_secs_f32() * output.sample_rate() as f32) as usize);
        output.play(mixer::Voice::new(samples, gain, length));
    }
}

#[cfg(test)]
mod tests;
