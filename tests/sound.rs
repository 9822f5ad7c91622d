//! The app with sound on, on whatever audio output this machine has: none in CI or a
//! container, where it must play silently, without a panic and without a word on
//! stderr (alsa-lib writes its own errors there). A test binary of its own, because it
//! points the process's stderr at a file while it runs.

use i_slint_backend_testing::init_no_event_loop;
use mancala::engine::Side;
use mancala::testing::Driver as Ui;
use std::io::{Read, Seek};
use std::os::fd::AsRawFd;

#[test]
fn a_game_with_sound_on_prints_nothing_whatever_the_audio_device() {
    init_no_event_loop();
    let dir = tempfile::tempdir().unwrap();
    let mut caught = tempfile::tempfile().unwrap();
    // SAFETY: plain descriptor calls; fd 2 is restored before the test ends.
    let saved = unsafe { libc::dup(2) };
    assert!(saved >= 0);
    assert!(unsafe { libc::dup2(caught.as_raw_fd(), 2) } >= 0);
    {
        let ui = Ui::launch(dir.path());
        ui.app.start_sound();
        ui.tap("Settings");
        ui.tap_in("Sound", "Loud");
        ui.tap("Back");
        ui.start_game(&[("Opponent", "Another person")]);
        // Moves with drops, a store, an extra turn, and taps in between.
        for (side, house) in [
            (Side::South, 3),
            (Side::South, 1),
            (Side::North, 3),
            (Side::North, 6),
            (Side::South, 6),
        ] {
            ui.tap(&Ui::house_label(side, house));
            ui.settle();
        }
        assert!(ui.app.record().is_some_and(|r| r.split(' ').count() == 5));
        // Let the feedback thread open the output and play what it was sent.
        std::thread::sleep(std::time::Duration::from_millis(500));
    }
    assert!(unsafe { libc::dup2(saved, 2) } >= 0);
    unsafe { libc::close(saved) };
    let mut printed = String::new();
    caught.rewind().unwrap();
    caught.read_to_string(&mut printed).unwrap();
    assert_eq!(printed, "", "nothing on stderr");
}
