use super::mixer::{soft_clip, Mixer, Voice, CEILING, KNEE, MAX_VOICES};
use super::output::Output;
use super::plan::{plan, volume, Ringer, Sound};
use super::synth::Bank;
use super::*;
use std::sync::Arc;
use std::time::{Duration, Instant};

fn settings(sound: SoundLevel, vibration: bool) -> FeedbackSettings {
    FeedbackSettings { sound, vibration }
}

#[test]
fn without_a_device_the_output_is_silent_and_playing_does_nothing() {
    let output = Output::open(None);
    assert!(output.is_silent());
    let bank = Bank::new(output.sample_rate());
    let started = Instant::now();
    for _ in 0..1000 {
        assert!(!output.play(Voice::new(bank.variant(Sound::Drop, 0), 1.0, None)));
    }
    assert!(started.elapsed() < Duration::from_secs(1));
}

#[test]
fn a_player_without_an_output_still_vibrates_and_never_blocks() {
    // The feedback thread with a silent output: events are taken and planned (the
    // vibration is asked for), and sending never waits for the thread.
    let (told, vibrations) = std::sync::mpsc::channel();
    let player = FeedbackPlayer::start_with(Output::silent, move || {
        Device::for_test(Ringer::Normal, told)
    });
    player.set_settings(FeedbackSettings::default());
    let started = Instant::now();
    for _ in 0..10_000 {
        player.feedback(Feedback::Drop {
            store: false,
            pace: Duration::from_millis(60),
        });
    }
    player.feedback(Feedback::Capture { seeds: 4 });
    assert!(
        started.elapsed() < Duration::from_millis(500),
        "sending queues"
    );
    let felt = vibrations.recv_timeout(Duration::from_secs(10)).unwrap();
    assert_eq!(felt, Duration::from_millis(45), "the capture's, once");
    player.set_settings(settings(SoundLevel::Off, true));
    player.feedback(Feedback::ExtraTurn);
    player.set_settings(settings(SoundLevel::Normal, true));
    player.feedback(Feedback::ExtraTurn);
    let felt = vibrations.recv_timeout(Duration::from_secs(10)).unwrap();
    assert_eq!(
        felt,
        Duration::from_millis(25),
        "sound off, no vibration; on again, one"
    );
    drop(player); // the thread ends with the player's channel
}

#[test]
fn the_default_output_opens_or_stays_silent_without_a_panic() {
    // A machine with a sound card plays; one without (CI) gets a silent output.
    let output = Output::open_default();
    let bank = Bank::new(output.sample_rate());
    let played = output.play(Voice::new(bank.variant(Sound::Tap, 0), 0.1, None));
    assert_eq!(played, !output.is_silent());
}

#[test]
fn sound_follows_the_setting_and_the_silent_mode() {
    let tap = Feedback::Tap;
    let on = settings(SoundLevel::Normal, true);
    assert!(plan(tap, on, Ringer::Normal).sound.is_some());
    assert!(plan(tap, on, Ringer::Vibrate).sound.is_none());
    assert!(plan(tap, on, Ringer::Silent).sound.is_none());
    assert!(plan(tap, settings(SoundLevel::Off, true), Ringer::Normal)
        .sound
        .is_none());
    let loud = plan(tap, settings(SoundLevel::Loud, true), Ringer::Normal);
    let quiet = plan(tap, settings(SoundLevel::Quiet, true), Ringer::Normal);
    assert!(loud.sound.unwrap().gain > quiet.sound.unwrap().gain);
    assert_eq!(volume(SoundLevel::Off), 0.0);
}

#[test]
fn a_capture_and_an_extra_turn_vibrate_unless_sound_or_vibration_is_off() {
    let on = settings(SoundLevel::Quiet, true);
    for event in [Feedback::Capture { seeds: 3 }, Feedback::ExtraTurn] {
        assert!(
            plan(event, on, Ringer::Normal).vibrate.is_some(),
            "{event:?}"
        );
        let vibrate_only = plan(event, on, Ringer::Vibrate);
        assert!(vibrate_only.vibrate.is_some() && vibrate_only.sound.is_none());
        assert_eq!(plan(event, on, Ringer::Silent), Plan::default());
        let no_buzz = settings(SoundLevel::Normal, false);
        assert!(plan(event, no_buzz, Ringer::Normal).vibrate.is_none());
        let off = settings(SoundLevel::Off, true);
        assert_eq!(plan(event, off, Ringer::Normal), Plan::default());
    }
    let drop = Feedback::Drop {
        store: false,
        pace: Duration::from_millis(140),
    };
    assert!(
        plan(drop, on, Ringer::Normal).vibrate.is_none(),
        "drops never buzz"
    );
    assert!(plan(Feedback::Tap, on, Ringer::Normal).vibrate.is_none());
}

#[test]
fn drops_are_quieter_and_shorter_at_a_fast_pace() {
    let on = FeedbackSettings::default();
    let drop = |pace| {
        plan(
            Feedback::Drop {
                store: false,
                pace: Duration::from_millis(pace),
            },
            on,
            Ringer::Normal,
        )
        .sound
        .unwrap()
    };
    let (slow, normal, fast, relay) = (drop(260), drop(140), drop(60), drop(15));
    assert_eq!(
        slow.gain, normal.gain,
        "Normal speed and slower sound in full"
    );
    assert_eq!(normal.length, None);
    assert!(fast.gain < normal.gain && relay.gain < fast.gain);
    assert!(fast.length.unwrap() <= Duration::from_millis(60));
    assert!(relay.length.unwrap() < fast.length.unwrap());
    let store = plan(
        Feedback::Drop {
            store: true,
            pace: Duration::from_millis(140),
        },
        on,
        Ringer::Normal,
    );
    assert_eq!(store.sound.unwrap().sound, Sound::StoreDrop);
}

#[test]
fn each_ending_has_its_own_sound() {
    let on = FeedbackSettings::default();
    let sounds: Vec<Sound> = [GameEnd::Won, GameEnd::Lost, GameEnd::Drawn, GameEnd::Ended]
        .map(|end| {
            plan(Feedback::GameOver(end), on, Ringer::Normal)
                .sound
                .unwrap()
                .sound
        })
        .to_vec();
    assert_eq!(
        sounds,
        [Sound::Won, Sound::Lost, Sound::Drawn, Sound::Ended]
    );
}

#[test]
fn sound_mixer_never_clips_with_100_drops_at_once_or_a_stream_of_them() {
    let bank = Bank::new(48_000);
    let mut mixer = Mixer::unfed();
    let mut out = vec![0.0f32; 2 * 256];
    let mut loudest = 0.0f32;
    // A hundred drops at full gain in the same instant (the voice cap keeps the newest).
    for round in 0..100 {
        mixer.add(Voice::new(bank.variant(Sound::Drop, round), 4.0, None));
    }
    assert!(mixer.playing() <= MAX_VOICES);
    mixer.fill(&mut out, 2);
    loudest = out.iter().fold(loudest, |m, s| m.max(s.abs()));
    assert!(loudest <= CEILING, "{loudest}");
    // A drop at full gain every 64 frames, far more than can sound at once.
    for round in 0..200 {
        mixer.add(Voice::new(bank.variant(Sound::Drop, round), 4.0, None));
        mixer.add(Voice::new(bank.variant(Sound::Capture, 0), 4.0, None));
        assert!(mixer.playing() <= MAX_VOICES);
        for chunk in out.chunks_mut(2 * 64) {
            mixer.fill(chunk, 2);
        }
        for pair in out.chunks(2) {
            assert_eq!(pair[0], pair[1], "the same on both channels");
        }
        loudest = out.iter().fold(loudest, |m, s| m.max(s.abs()));
    }
    assert!(loudest <= CEILING, "{loudest}");
    assert!(loudest > KNEE, "the test did push the limiter: {loudest}");
}

#[test]
fn the_limiter_is_exact_below_its_knee_and_smooth_above() {
    for x in [0.0, 0.1, -0.3, KNEE, -KNEE] {
        assert_eq!(soft_clip(x), x);
    }
    let mut last = soft_clip(KNEE);
    for i in 1..1000 {
        let y = soft_clip(KNEE + i as f32 * 0.01);
        assert!(
            y >= last && y <= CEILING,
            "monotonic, under the ceiling: {y}"
        );
        last = y;
    }
    assert_eq!(soft_clip(-2.0), -soft_clip(2.0));
    // The slope at the knee is 1: no corner in the curve.
    let slope = (soft_clip(KNEE + 1e-3) - soft_clip(KNEE)) / 1e-3;
    assert!((slope - 1.0).abs() < 0.01, "{slope}");
}

#[test]
fn a_voice_cut_short_ends_with_a_fade_and_a_full_one_plays_whole() {
    let samples: Arc<[i16]> = vec![16384i16; 1000].into();
    let mut mixer = Mixer::unfed();
    mixer.add(Voice::new(Arc::clone(&samples), 1.0, Some(400)));
    let mut out = vec![0.0f32; 1000];
    mixer.fill(&mut out, 1);
    assert_eq!(out[0], 0.5);
    assert!(out[399] < 0.01, "faded out: {}", out[399]);
    assert!(out[400..].iter().all(|&s| s == 0.0));
    assert_eq!(mixer.playing(), 0);
    mixer.add(Voice::new(samples, 1.0, None));
    mixer.fill(&mut out, 1);
    assert!(out.iter().all(|&s| s == 0.5));
}

#[test]
fn the_sounds_are_distinct_short_and_under_a_megabyte() {
    let bank = Bank::new(48_000);
    let all = bank.all();
    let samples: usize = all.iter().map(|s| s.len()).sum();
    let bytes = samples * 2;
    println!("the sounds at 48 kHz: {samples} samples, {bytes} bytes");
    assert!(bytes < 700_000, "{bytes} bytes");
    for sound in &all {
        let peak = sound.iter().map(|s| s.unsigned_abs()).max().unwrap();
        assert!((9_000..=19_700).contains(&peak), "{peak}");
        // Each ends near silence, so cutting it off at its end makes no click.
        assert!(
            sound.last().unwrap().unsigned_abs() < 330,
            "{}",
            sound.last().unwrap()
        );
    }
    let drops: Vec<_> = (0..6).map(|i| bank.variant(Sound::Drop, i)).collect();
    for (i, a) in drops.iter().enumerate() {
        assert!(a.len() <= 48_000 / 10, "a drop is short");
        for b in &drops[i + 1..] {
            assert_ne!(a, b, "each drop variant sounds different");
        }
    }
    assert!(bank.variant(Sound::Won, 0) != bank.variant(Sound::Lost, 0));
}
