//! The platform's audio output through cpal (ALSA on Linux, AAudio on Android), or
//! silence where there is none. Opening it happens on the feedback thread; the stream's
//! callback only mixes what it is sent ([`super::mixer`]). Without a device (CI, a
//! container, a machine without a sound card) the output is silent: playing through it
//! does nothing, and nothing is printed, then or later.

use super::mixer::{Mixer, Voice};
use cpal::traits::{DeviceTrait, HostTrait, StreamTrait};
use cpal::{FromSample, SizedSample};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Sender};
use std::sync::Arc;

/// The sample rate a silent output claims (it plays nothing).
const SILENT_RATE: u32 = 48_000;

/// Where sounds go.
pub struct Output {
    voices: Option<Sender<Voice>>,
    rate: u32,
    /// Plays while kept (owned by the feedback thread, never sent elsewhere).
    _stream: Option<cpal::Stream>,
}

impl Output {
    /// An output that plays nothing.
    pub fn silent() -> Output {
        Output {
            voices: None,
            rate: SILENT_RATE,
            _stream: None,
        }
    }

    /// The default output device of the platform's default audio host, or silence.
    pub fn open_default() -> Output {
        quiet_alsa();
        Output::open(cpal::default_host().default_output_device())
    }

    /// A stream on `device`; silence when there is no device or it cannot play.
    pub fn open(device: Option<cpal::Device>) -> Output {
        device
            .and_then(|device| stream_on(&device))
            .unwrap_or_else(Output::silent)
    }

    /// True when nothing will ever be heard through this output.
    pub fn is_silent(&self) -> bool {
        self.voices.is_none()
    }

    pub fn sample_rate(&self) -> u32 {
        self.rate
    }

    /// Starts `voice`; returns whether it was handed to a playing stream.
    pub fn play(&self, voice: Voice) -> bool {
        self.voices.as_ref().is_some_and(|v| v.send(voice).is_ok())
    }
}

fn stream_on(device: &cpal::Device) -> Option<Output> {
    let supported = device.default_output_config().ok()?;
    let format = supported.sample_format();
    let config: cpal::StreamConfig = supported.into();
    let rate = config.sample_rate;
    let channels = usize::from(config.channels);
    let (voices, incoming) = mpsc::channel();
    let mixer = Mixer::new(incoming);
    let stream = match format {
        cpal::SampleFormat::F32 => build::<f32>(device, config, mixer, channels),
        cpal::SampleFormat::I16 => build::<i16>(device, config, mixer, channels),
        cpal::SampleFormat::I32 => build::<i32>(device, config, mixer, channels),
        cpal::SampleFormat::U16 => build::<u16>(device, config, mixer, channels),
        _ => None,
    }?;
    stream.play().ok()?;
    Some(Output {
        voices: Some(voices),
        rate,
        _stream: Some(stream),
    })
}

fn build<T>(
    device: &cpal::Device,
    config: cpal::StreamConfig,
    mut mixer: Mixer,
    channels: usize,
) -> Option<cpal::Stream>
where
    T: SizedSample + FromSample<f32>,
{
    let mut mixed: Vec<f32> = Vec::new();
    // A stream that fails while playing says so once, not at every buffer.
    let told = Arc::new(AtomicBool::new(false));
    device
        .build_output_stream(
            config,
            move |out: &mut [T], _: &cpal::OutputCallbackInfo| {
                mixed.resize(out.len(), 0.0);
                mixer.fill(&mut mixed, channels);
                for (o, &m) in out.iter_mut().zip(&mixed) {
                    *o = T::from_sample(m);
                }
            },
            move |error| {
                if !told.swap(true, Ordering::Relaxed) {
                    eprintln!("mancala: sound output failed ({error}); the game goes on");
                }
            },
            None,
        )
        .ok()
}

/// alsa-lib writes its own errors on stderr ("ALSA lib confmisc.c:855:(parse_card) cannot
/// find card '0'", eight lines) when the default device is looked for on a machine
/// without a sound card. There the app plays silently and says nothing, so alsa-lib's
/// messages go to a handler that drops them (the app's own error, if a stream fails,
/// is printed once by the stream's error callback).
#[cfg(target_os = "linux")]
fn quiet_alsa() {
    use std::ffi::{c_char, c_int};
    static QUIET: std::sync::Once = std::sync::Once::new();
    /// Ignores every message. alsa-lib's handler type is C-variadic; a function taking
    /// only the fixed arguments and reading none of them is called correctly under the
    /// C calling conventions of Linux (x86-64, AArch64, ARM, RISC-V).
    unsafe extern "C" fn ignore(
        _: *const c_char,
        _: c_int,
        _: *const c_char,
        _: c_int,
        _: *const c_char,
    ) {
    }
    QUIET.call_once(|| {
        type Fixed =
            unsafe extern "C" fn(*const c_char, c_int, *const c_char, c_int, *const c_char);
        // SAFETY: see `ignore`: the handler never reads the variadic arguments.
        let handler = unsafe {
            std::mem::transmute::<
                Fixed,
                unsafe extern "C" fn(
                    *const c_char,
                    c_int,
                    *const c_char,
                    c_int,
                    *const c_char,
                    ...
                ),
            >(ignore)
        };
        // SAFETY: installs a process-wide handler that is valid for the process's life.
        unsafe { alsa_sys::snd_lib_error_set_handler(Some(handler)) };
    });
}

#[cfg(not(target_os = "linux"))]
fn quiet_alsa() {}
