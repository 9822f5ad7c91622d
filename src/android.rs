//! The Android entry point. Android loads `libmancala.so` into a NativeActivity and
//! android-activity calls `android_main` on a thread of its own; when it returns, the
//! activity is finished. A later launch in the same process calls it again on a new
//! thread, which gets a fresh Slint platform (Slint keeps it per thread).
//!
//! Here the platform facts are gathered and handed to the same `App` the desktop runs:
//! the app's private data folder for the store, and the device's locale for the language
//! (re-read when the player changes it while the app runs). The rest is Slint's backend:
//! dark mode reaches the UI as `Palette.color-scheme`, the safe-area insets as the
//! window's `safe-area-insets`, and the back button as a `Key::Back` press, which the UI
//! accepts to go back a screen and leaves unhandled on the home screen so that Android
//! closes the app (tests/platform.rs).

use crate::app::{App, Computer};
use crate::platform::locale::android_locale;
use crate::store::TableCache;
use crate::AppWindow;
use slint::android::android_activity::{AndroidApp, MainEvent, PollEvent};
use slint::ComponentHandle;
use std::cell::RefCell;
use std::error::Error;
use std::rc::Rc;
use std::sync::Arc;

#[unsafe(no_mangle)]
fn android_main(android: AndroidApp) {
    logging::init();
    if let Err(error) = run(android) {
        log::error!("the app stopped: {error}");
    }
}

fn run(android: AndroidApp) -> Result<(), Box<dyn Error>> {
    // The app is created after the backend, but the backend's event listener must be
    // given now: it reaches the app through this cell.
    let app: Rc<RefCell<Option<App>>> = Rc::default();
    let locale = Rc::new(RefCell::new(device_locale(&android)));
    {
        let (android, app, locale) = (android.clone(), app.clone(), locale.clone());
        slint::android::init_with_event_listener(android.clone(), move |event: &PollEvent<'_>| {
            if let PollEvent::Main(MainEvent::ConfigChanged { .. }) = event {
                let now = device_locale(&android);
                if *locale.borrow() != now {
                    log::info!("device locale changed to {now:?}");
                    if let Some(app) = app.borrow().as_ref() {
                        app.set_system_locales(vec![now.clone()]);
                    }
                    *locale.borrow_mut() = now;
                }
            }
        })?;
    }

    let data_dir = android
        .internal_data_path()
        .ok_or("Android gave the app no internal data folder")?;
    let window = AppWindow::new()?;
    // Endgame tables built in one run are read back in the next (seconds saved).
    let computer = Arc::new(Computer::with_table_cache(TableCache::new(
        data_dir.join("tables"),
    )));
    let started = App::new(&window, data_dir, computer);
    // Sound (AAudio) and vibration, on a thread of their own.
    started.start_sound();
    started.set_system_locales(vec![locale.borrow().clone()]);
    // Back pressed on the home screen inside the UI: ending the event loop returns from
    // android_main, and android-activity then finishes the activity.
    started.on_leave(|| {
        let _ = slint::quit_event_loop();
    });
    *app.borrow_mut() = Some(started);

    window.run()?;
    // The activity is being destroyed: the game was saved after its last move already.
    app.borrow_mut().take();
    Ok(())
}

/// The device's current locale, e.g. "my_MM"; "" if Android does not say.
fn device_locale(android: &AndroidApp) -> String {
    let config = android.config();
    android_locale(config.language().as_deref(), config.country().as_deref())
}

/// Android discards stdout and stderr: messages (ours, Slint's through the `log` crate,
/// and panics) go to the system log instead, under the tag `mancala` (`adb logcat -s
/// mancala`).
mod logging {
    use std::sync::Once;

    pub fn init() {
        static ONCE: Once = Once::new();
        ONCE.call_once(|| {
            android_logger::init_once(
                android_logger::Config::default()
                    .with_tag("mancala")
                    .with_max_level(log::LevelFilter::Info),
            );
            let default_hook = std::panic::take_hook();
            std::panic::set_hook(Box::new(move |info| {
                let backtrace = std::backtrace::Backtrace::force_capture();
                log::error!("{info}\n{backtrace}");
                default_hook(info);
            }));
        });
    }
}
