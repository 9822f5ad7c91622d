//! The desktop app: one window, the store in the user's data directory (or
//! `MANCALA_DATA_DIR`), the computer player of `mancala::ai`.
//!
//! `MANCALA_REPORT_FIRST_FRAME=1` prints the time from launch to the first rendered
//! frame on stderr; `MANCALA_REPORT_FIRST_FRAME=exit` also quits right after it (for
//! measuring start-up in a script).

use mancala::app::{App, Computer};
use mancala::store::TableCache;
use mancala::AppWindow;
use slint::ComponentHandle;
use std::sync::Arc;
use std::time::Instant;

fn main() -> Result<(), slint::PlatformError> {
    let launched = Instant::now();
    let Some(data_dir) = mancala::store::desktop_data_dir() else {
        eprintln!(
            "mancala: no data directory (no home directory?); set MANCALA_DATA_DIR to choose one"
        );
        std::process::exit(1);
    };
    let window = AppWindow::new()?;
    // Endgame tables built in one run are read back in the next (seconds saved).
    let computer = Arc::new(Computer::with_table_cache(TableCache::new(
        data_dir.join("tables"),
    )));
    let app = App::new(&window, data_dir, computer);
    // Sound on the default output, on a thread of its own (silent without a device).
    app.start_sound();
    app.on_leave(|| {
        let _ = slint::quit_event_loop();
    });
    if let Some(report) = std::env::var_os("MANCALA_REPORT_FIRST_FRAME") {
        let exit = report == "exit";
        let mut reported = false;
        window
            .window()
            .set_rendering_notifier(move |state, _| {
                if matches!(state, slint::RenderingState::AfterRendering) && !reported {
                    reported = true;
                    let ms = launched.elapsed().as_secs_f64() * 1000.0;
                    eprintln!("mancala: first frame {ms:.1} ms after launch");
                    if exit {
                        let _ = slint::quit_event_loop();
                    }
                }
            })
            .map_err(|e| slint::PlatformError::Other(e.to_string()))?;
    }
    window.run()
}
