//! The app's sounds, synthesised once when the sound output opens, at its sample rate:
//! nothing is recorded or shipped (no files, nothing in the package), and each sound is
//! a few lines of arithmetic here. Wooden clicks are modal synthesis (a few damped sine
//! modes of a small wooden bar, 1 : 2.76 : 5.4, with a short noise transient); the
//! chimes are marimba-like notes (a sine and its fourth harmonic under an exponential
//! decay).

use super::plan::Sound;
use std::f32::consts::TAU;
use std::sync::Arc;

/// Every sound, mono 16-bit, at one sample rate.
pub struct Bank {
    drops: Vec<Arc<[i16]>>,
    store_drops: Vec<Arc<[i16]>>,
    store_filled: Arc<[i16]>,
    capture: Arc<[i16]>,
    extra_turn: Arc<[i16]>,
    won: Arc<[i16]>,
    lost: Arc<[i16]>,
    drawn: Arc<[i16]>,
    ended: Arc<[i16]>,
    tap: Arc<[i16]>,
}

/// A buffer being written: sounds are added into it at a time.
struct Track {
    rate: f32,
    samples: Vec<f32>,
    /// A fixed-seed generator for the noise transients (the same sounds every run).
    noise: u32,
}

impl Track {
    fn new(rate: u32, seconds: f32, seed: u32) -> Track {
        Track {
            rate: rate as f32,
            samples: vec![0.0; (rate as f32 * seconds) as usize],
            noise: seed | 1,
        }
    }

    fn white(&mut self) -> f32 {
        self.noise ^= self.noise << 13;
        self.noise ^= self.noise >> 17;
        self.noise ^= self.noise << 5;
        self.noise as f32 / u32::MAX as f32 * 2.0 - 1.0
    }

    /// A damped sine from `start` seconds: `amp · sin(2πft) · e^(-t/decay)`, with a
    /// 1 ms attack so that it starts without a click of its own.
    fn mode(&mut self, start: f32, freq: f32, decay: f32, amp: f32) {
        let from = (start * self.rate) as usize;
        let attack = 0.001 * self.rate;
        for (i, s) in self.samples.iter_mut().enumerate().skip(from) {
            let n = (i - from) as f32;
            let t = n / self.rate;
            let env = (-t / decay).exp() * (n / attack).min(1.0);
            if env < 1e-4 && n > attack {
                break;
            }
            *s += amp * (TAU * freq * t).sin() * env;
        }
    }

    /// The noise of the contact: a few milliseconds of high-passed noise.
    fn knock(&mut self, start: f32, length: f32, amp: f32) {
        let from = (start * self.rate) as usize;
        let count = (length * self.rate) as usize;
        let mut last = 0.0;
        for n in 0..count {
            let white = self.white();
            let high = white - last;
            last = white;
            let env = 1.0 - n as f32 / count as f32;
            if let Some(s) = self.samples.get_mut(from + n) {
                *s += amp * high * env * env;
            }
        }
    }

    /// A small piece of wood struck at `start`: the bar's modes at `freq`.
    fn wood(&mut self, start: f32, freq: f32, decay: f32, amp: f32) {
        self.mode(start, freq, decay, amp);
        self.mode(start, freq * 2.76, decay * 0.5, amp * 0.35);
        self.mode(start, freq * 5.4, decay * 0.25, amp * 0.12);
        self.knock(start, 0.003, amp * 0.25);
    }

    /// A marimba-like note.
    fn note(&mut self, start: f32, freq: f32, decay: f32, amp: f32) {
        self.mode(start, freq, decay, amp);
        self.mode(start, freq * 4.0, decay * 0.3, amp * 0.2);
        self.knock(start, 0.002, amp * 0.1);
    }

    /// The finished sound as 16-bit samples (half the memory of floats, and more
    /// precision than a phone's speaker shows), its loudest sample at `peak`.
    fn done(self, peak: f32) -> Arc<[i16]> {
        let loudest = self.samples.iter().fold(0.0f32, |m, s| m.max(s.abs()));
        let scale = if loudest > 0.0 { peak / loudest } else { 0.0 };
        // The last 10 ms fade out, so a sound that still rings ends without a click.
        let fade = ((0.01 * self.rate) as usize).max(1);
        let length = self.samples.len();
        self.samples
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let left = (length - i) as f32 / fade as f32;
                (s * scale * left.min(1.0) * 32767.0).round() as i16
            })
            .collect()
    }
}

/// A musical note's frequency (A4 = 440 Hz, `semitones` from it).
fn pitch(semitones: i32) -> f32 {
    440.0 * 2f32.powf(semitones as f32 / 12.0)
}

impl Bank {
    /// Synthesises every sound at `rate` samples a second (a few milliseconds' work).
    pub fn new(rate: u32) -> Bank {
        let rate = rate.clamp(8_000, 192_000);
        // Six clicks of slightly different wood: the drops of one sowing never repeat
        // one sound.
        let drops = [1050.0, 1230.0, 1380.0, 1570.0, 1760.0, 1960.0]
            .iter()
            .enumerate()
            .map(|(i, &freq)| {
                let mut t = Track::new(rate, 0.09, 11 + i as u32);
                t.wood(0.0, freq, 0.018 + 0.002 * i as f32, 1.0);
                t.done(0.5)
            })
            .collect();
        let store_drops = [430.0, 480.0, 540.0]
            .iter()
            .enumerate()
            .map(|(i, &freq)| {
                let mut t = Track::new(rate, 0.16, 23 + i as u32);
                t.wood(0.0, freq, 0.045, 1.0);
                t.done(0.55)
            })
            .collect();
        let mut t = Track::new(rate, 0.24, 31);
        for (i, freq) in [520.0, 470.0, 560.0, 440.0].into_iter().enumerate() {
            t.wood(0.035 * i as f32, freq, 0.04, 1.0 - 0.15 * i as f32);
        }
        let store_filled = t.done(0.5);
        let mut t = Track::new(rate, 0.42, 37);
        // A quick rattle of seeds scooped up, then the handful landing.
        for i in 0..5 {
            t.wood(0.028 * i as f32, 1900.0 - 150.0 * i as f32, 0.015, 0.6);
        }
        t.wood(0.16, 330.0, 0.09, 1.2);
        t.note(0.16, pitch(-9), 0.2, 0.5);
        let capture = t.done(0.6);
        let mut t = Track::new(rate, 0.5, 41);
        t.note(0.0, pitch(7), 0.25, 0.8); // E5
        t.note(0.09, pitch(12), 0.3, 0.9); // A5
        let extra_turn = t.done(0.55);
        let chime = |seed: u32, notes: &[(f32, i32)], seconds: f32| {
            let mut t = Track::new(rate, seconds, seed);
            for &(at, semitones) in notes {
                t.note(at, pitch(semitones), 0.22, 1.0);
            }
            t.done(0.6)
        };
        // Up a major arpeggio; down a minor one; back and forth; a plain close.
        let won = chime(43, &[(0.0, 3), (0.11, 7), (0.22, 10), (0.33, 15)], 1.1);
        let lost = chime(47, &[(0.0, 10), (0.17, 6), (0.34, 3)], 1.05);
        let drawn = chime(53, &[(0.0, 3), (0.15, 7), (0.3, 3)], 1.0);
        let ended = chime(59, &[(0.0, -2), (0.14, 3)], 0.85);
        let mut t = Track::new(rate, 0.035, 61);
        t.wood(0.0, 2600.0, 0.006, 1.0);
        let tap = t.done(0.4);
        Bank {
            drops,
            store_drops,
            store_filled,
            capture,
            extra_turn,
            won,
            lost,
            drawn,
            ended,
            tap,
        }
    }

    /// `sound`'s samples; for a sound with variants, the `pick`-th (modulo their count).
    pub fn variant(&self, sound: Sound, pick: usize) -> Arc<[i16]> {
        let one = |all: &[Arc<[i16]>]| Arc::clone(&all[pick % all.len()]);
        match sound {
            Sound::Drop => one(&self.drops),
            Sound::StoreDrop => one(&self.store_drops),
            Sound::StoreFilled => Arc::clone(&self.store_filled),
            Sound::Capture => Arc::clone(&self.capture),
            Sound::ExtraTurn => Arc::clone(&self.extra_turn),
            Sound::Won => Arc::clone(&self.won),
            Sound::Lost => Arc::clone(&self.lost),
            Sound::Drawn => Arc::clone(&self.drawn),
            Sound::Ended => Arc::clone(&self.ended),
            Sound::Tap => Arc::clone(&self.tap),
        }
    }

    /// Every buffer, each once (sizes and tests).
    pub fn all(&self) -> Vec<&Arc<[i16]>> {
        let mut all: Vec<&Arc<[i16]>> = self.drops.iter().chain(&self.store_drops).collect();
        all.extend([
            &self.store_filled,
            &self.capture,
            &self.extra_turn,
            &self.won,
            &self.lost,
            &self.drawn,
            &self.ended,
            &self.tap,
        ]);
        all
    }
}
