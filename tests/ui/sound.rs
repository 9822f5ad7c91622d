//! Sound and touch through the real UI: the player's setting, the moves that make the
//! feedback thread act, and a silent output that never gets in the way.

use super::*;
use mancala::app::feedback::device::Device;
use mancala::app::feedback::output::Output;
use mancala::app::feedback::plan::Ringer;
use mancala::app::feedback::FeedbackPlayer;
use mancala::store::SoundLevel;

/// Feedback on a silent output (as on a machine without a sound card), with a device
/// that reports each vibration on the channel returned.
fn listen(ui: &Ui) -> mpsc::Receiver<Duration> {
    let (told, felt) = mpsc::channel();
    ui.app
        .start_feedback(FeedbackPlayer::start_with(Output::silent, move || {
            Device::for_test(Ringer::Normal, told)
        }));
    felt
}

#[test]
fn the_sound_setting_is_chosen_on_screen_kept_and_obeyed_by_the_game() {
    init_no_event_loop();
    let dir = tempfile::tempdir().unwrap();
    let ui = Ui::launch(dir.path());
    let felt = listen(&ui);
    assert_eq!(ui.app.settings().sound, SoundLevel::Normal, "on by default");
    ui.tap("Settings");
    ui.tap_in("Sound", "Off");
    assert_eq!(ui.app.settings().sound, SoundLevel::Off);
    ui.tap("Back");
    ui.start_game(&[("Opponent", "Another person")]);
    // Kalah's house 3 ends in the store: an extra turn, felt only with sound on.
    ui.tap(&Ui::house_label(Side::South, 3));
    ui.settle();
    assert!(ui.position().side_to_move() == Side::South, "an extra turn");
    assert!(
        felt.recv_timeout(Duration::from_millis(300)).is_err(),
        "sound off: no vibration"
    );
    ui.tap("Back");
    ui.tap("Settings");
    ui.tap_in("Sound", "Loud");
    ui.tap("Back");
    ui.tap("Continue");
    ui.tap(&Ui::house_label(Side::South, 1));
    ui.settle();
    // North's row is untouched: its house 3 ends in its store too.
    ui.tap(&Ui::house_label(Side::North, 3));
    ui.settle();
    assert_eq!(ui.position().side_to_move(), Side::North);
    let buzz = felt.recv_timeout(Duration::from_secs(10));
    assert_eq!(buzz, Ok(Duration::from_millis(25)), "the extra turn's");
    drop(ui);
    let ui = Ui::launch(dir.path());
    assert_eq!(ui.app.settings().sound, SoundLevel::Loud, "kept");
    let prefs = ui.window.global::<mancala::Prefs>();
    assert_eq!(prefs.get_sound(), mancala::SoundLevel::Loud);
    assert!(!prefs.get_can_vibrate(), "no vibration switch on a desktop");
}
