//! Mixes the voices that play at once into the output buffer. However many seeds drop
//! together, the output never clips: at most [`MAX_VOICES`] play (a new one replaces the
//! oldest), and their sum goes through a soft limiter that is exact below
//! [`KNEE`] and bends smoothly towards, never reaching, full scale.

use std::sync::mpsc::Receiver;
use std::sync::Arc;

/// The most voices that sound at once.
pub const MAX_VOICES: usize = 12;

/// Below this level the limiter leaves the signal alone.
pub const KNEE: f32 = 0.6;

/// The limiter's output stays below this, a little under full scale.
pub const CEILING: f32 = 0.98;

/// Samples of the fade that ends a voice cut short (about 4 ms at 48 kHz).
const FADE: usize = 192;

/// One sound playing: its samples (mono, 16-bit), where it is, how loud, and where it
/// stops.
#[derive(Clone, Debug)]
pub struct Voice {
    samples: Arc<[i16]>,
    at: usize,
    end: usize,
    gain: f32,
    /// Cut short: fade out over the last samples before `end`.
    cut: bool,
}

impl Voice {
    /// `samples` at `gain`, all of them or the first `length`.
    pub fn new(samples: Arc<[i16]>, gain: f32, length: Option<usize>) -> Voice {
        let end = length.map_or(samples.len(), |l| l.min(samples.len()));
        Voice {
            cut: end < samples.len(),
            samples,
            at: 0,
            end,
            gain,
        }
    }

    fn next(&mut self) -> Option<f32> {
        if self.at >= self.end {
            return None;
        }
        let mut sample = f32::from(self.samples[self.at]) / 32768.0 * self.gain;
        let left = self.end - self.at;
        if self.cut && left < FADE {
            sample *= left as f32 / FADE as f32;
        }
        self.at += 1;
        Some(sample)
    }
}

/// The soft limiter: `x` itself up to [`KNEE`], then a tanh curve with the same slope
/// at the knee, so that its output never exceeds [`CEILING`] for any input.
pub fn soft_clip(x: f32) -> f32 {
    let size = x.abs();
    if size <= KNEE {
        return x;
    }
    let room = CEILING - KNEE;
    (KNEE + room * ((size - KNEE) / room).tanh()).copysign(x)
}

/// The voices playing, fed by the feedback thread through `incoming`.
pub struct Mixer {
    voices: Vec<Voice>,
    incoming: Option<Receiver<Voice>>,
}

impl Mixer {
    pub fn new(incoming: Receiver<Voice>) -> Mixer {
        Mixer {
            voices: Vec::with_capacity(MAX_VOICES + 1),
            incoming: Some(incoming),
        }
    }

    /// A mixer without a feed (tests add voices with [`Mixer::add`]).
    pub fn unfed() -> Mixer {
        Mixer {
            voices: Vec::with_capacity(MAX_VOICES + 1),
            incoming: None,
        }
    }

    /// Starts `voice`; beyond [`MAX_VOICES`] the oldest stops.
    pub fn add(&mut self, voice: Voice) {
        if self.voices.len() >= MAX_VOICES {
            self.voices.remove(0);
        }
        self.voices.push(voice);
    }

    /// Voices playing now.
    pub fn playing(&self) -> usize {
        self.voices.len()
    }

    /// Fills `out` (frames of `channels` samples) with the next samples of every voice,
    /// the same on every channel.
    pub fn fill(&mut self, out: &mut [f32], channels: usize) {
        while let Some(voice) = self.incoming.as_ref().and_then(|i| i.try_recv().ok()) {
            self.add(voice);
        }
        for frame in out.chunks_mut(channels.max(1)) {
            let mut sum = 0.0;
            for voice in &mut self.voices {
                sum += voice.next().unwrap_or(0.0);
            }
            frame.fill(soft_clip(sum));
        }
        self.voices.retain(|v| v.at < v.end);
    }
}
