//! The app driven as a person drives it, headless: Slint's testing backend, elements
//! found by their accessible labels (what a screen reader reads), taps, scrolling to
//! what is not in view, and mocked time that fires the app's timers.

use crate::app::{App, Brain, Computer};
use crate::engine::{Position, Side};
use crate::{AppWindow, Nav, Screen};
use i_slint_backend_testing::{AccessibleRole, ElementHandle, ElementRoot};
use slint::platform::{PointerEventButton, WindowEvent};
use slint::{ComponentHandle, LogicalPosition, LogicalSize};
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// U+2060 WORD JOINER, which the bundled Burmese and Thai catalogues put between
/// syllables (build.rs); a label compared as written is compared without them.
const JOINER: char = '\u{2060}';

/// Lets `millis` of mocked time pass: timers fire, animations move, bindings update.
pub fn advance(millis: u64) {
    i_slint_backend_testing::mock_elapsed_time(Duration::from_millis(millis));
}

/// Lets bindings, conditional elements and short animations settle: a second of mocked
/// time in frames of 50 ms.
pub fn frames() {
    for _ in 0..20 {
        advance(50);
    }
}

/// Lets `millis` of mocked time pass in small steps, as frames would, and as much real
/// time: a hint or the computer's move is searched on a thread in real time.
pub fn wait(millis: u64) {
    for _ in 0..millis / 10 {
        advance(10);
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// A window of the app and the app behind it.
pub struct Driver {
    /// The window, for the globals and element queries a test makes itself.
    pub window: AppWindow,
    /// The app, for what a test asks of it directly (the position, the record).
    pub app: App,
    /// Fail when dropped if a search failed (tests; the screenshot tool reports instead).
    strict: bool,
}

/// A test fails if the computer's search failed: the app hides it from the player (it
/// plays the first legal move instead), so only this counter shows the bug.
impl Drop for Driver {
    fn drop(&mut self) {
        if self.strict && !std::thread::panicking() {
            assert_eq!(self.app.search_failures(), 0, "a search panicked");
        }
    }
}

impl Driver {
    /// The app on the data in `dir`, with the real computer, on a phone-sized window
    /// (360 × 800 logical pixels), shown.
    pub fn launch(dir: &Path) -> Driver {
        Driver::launch_with(dir, Arc::new(Computer::default()))
    }

    /// [`Driver::launch`] with another computer player.
    pub fn launch_with(dir: &Path, brain: Arc<dyn Brain>) -> Driver {
        Driver::launch_sized(dir, brain, (360.0, 800.0))
    }

    /// [`Driver::launch_with`] on a window of `size` logical pixels.
    pub fn launch_sized(dir: &Path, brain: Arc<dyn Brain>, size: (f32, f32)) -> Driver {
        let window = AppWindow::new().expect("the app's window");
        let app = App::new(&window, dir, brain);
        window.window().set_size(LogicalSize::new(size.0, size.1));
        window.show().expect("the window shows");
        advance(20);
        Driver {
            window,
            app,
            strict: true,
        }
    }

    /// Drives a window and app made elsewhere (the screenshot tool sizes and scales its
    /// own); a failed search is left to the caller.
    pub fn attach(window: AppWindow, app: App) -> Driver {
        Driver {
            window,
            app,
            strict: false,
        }
    }

    /// The window's size in logical pixels.
    pub fn size(&self) -> (f32, f32) {
        let window = self.window.window();
        let size = window.size().to_logical(window.scale_factor());
        (size.width, size.height)
    }

    /// Resizes the window (logical pixels), as turning a phone or a smaller one does.
    pub fn resize(&self, width: f32, height: f32) {
        self.window
            .window()
            .set_size(LogicalSize::new(width, height));
        advance(20);
    }

    /// Wholly inside the window (half a pixel of rounding allowed).
    pub fn on_screen(&self, e: &ElementHandle) -> bool {
        let (at, size) = (e.absolute_position(), e.size());
        let (width, height) = self.size();
        at.x >= -0.5
            && at.y >= -0.5
            && at.x + size.width <= width + 0.5
            && at.y + size.height <= height + 0.5
    }

    /// The screen shown.
    pub fn screen(&self) -> Screen {
        self.window.global::<Nav>().get_screen()
    }

    /// The controls labelled `label` (buttons, radio buttons, switches) that lie wholly
    /// on screen: only what is on screen can be tapped, and the queries see nothing else
    /// of a scrolled page either.
    pub fn find(&self, label: &str) -> Vec<ElementHandle> {
        ElementHandle::find_by_accessible_label(&self.window, label)
            .filter(|e| is_control(e) && self.on_screen(e))
            .collect()
    }

    /// Whether a control labelled `label` is on screen.
    pub fn exists(&self, label: &str) -> bool {
        !self.find(label).is_empty()
    }

    /// Scrolls the page until `look` finds something, first down, then back up.
    pub fn reveal(&self, look: impl Fn() -> Vec<ElementHandle>) -> Vec<ElementHandle> {
        for delta in std::iter::repeat_n(-120.0, 25).chain(std::iter::repeat_n(120.0, 50)) {
            let found = look();
            if !found.is_empty() {
                return found;
            }
            self.scroll(delta);
        }
        look()
    }

    /// Scrolls the page under the window's middle by `delta_y` logical pixels.
    pub fn scroll(&self, delta_y: f32) {
        let (width, height) = self.size();
        let middle = LogicalPosition::new(width / 2.0, height / 2.0);
        let window = self.window.window();
        window.dispatch_event(WindowEvent::PointerMoved { position: middle });
        window.dispatch_event(WindowEvent::PointerScrolled {
            position: middle,
            delta_x: 0.0,
            delta_y,
        });
        advance(20);
    }

    /// Taps the one control labelled `label`, scrolling the page to it.
    pub fn tap(&self, label: &str) {
        let found = self.reveal(|| self.find(label));
        assert_eq!(
            found.len(),
            1,
            "expected one tappable '{label}', found {}; shown: {}",
            found.len(),
            self.text()
        );
        found[0].mock_single_click(PointerEventButton::Left);
        advance(20);
    }

    /// Taps the button, choice or switch labelled `label` (compared without word
    /// joiners) drawn last, that is on top when a dialog's button shares its label with
    /// one under it, scrolling the page to it; if there is none, says which buttons
    /// there are.
    pub fn tap_topmost(&self, label: &str) -> Result<(), String> {
        let wanted = label.replace(JOINER, "");
        let found = self.reveal(|| {
            let wanted = wanted.clone();
            self.window
                .root_element()
                .query_descendants()
                .match_predicate(move |e| {
                    is_control(e)
                        && e.accessible_label()
                            .is_some_and(|l| l.replace(JOINER, "") == wanted)
                })
                .find_all()
        });
        match found.last() {
            Some(button) => {
                button.mock_single_click(PointerEventButton::Left);
                Ok(())
            }
            None => Err(format!(
                "no button labelled '{label}' on this screen (buttons shown: {})",
                self.button_labels().join(", ")
            )),
        }
    }

    /// Taps option `option` of the choice group labelled `group` (several groups can
    /// offer the same number, say "7").
    pub fn tap_in(&self, group: &str, option: &str) {
        let found = self.reveal(|| {
            let groups: Vec<_> = ElementHandle::find_by_accessible_label(&self.window, group)
                .filter(|e| e.accessible_role() == Some(AccessibleRole::RadioGroup))
                .collect();
            let Some(group) = groups.first() else {
                return Vec::new();
            };
            let option = option.to_string();
            group
                .query_descendants()
                .match_predicate(move |e| {
                    e.accessible_role() == Some(AccessibleRole::RadioButton)
                        && e.accessible_label().is_some_and(|l| l == option.as_str())
                })
                .find_all()
                .into_iter()
                .filter(|e| self.on_screen(e))
                .collect()
        });
        assert_eq!(found.len(), 1, "one option '{option}' in '{group}'");
        found[0].mock_single_click(PointerEventButton::Left);
        advance(20);
    }

    /// The text field labelled `label`, scrolled into view.
    pub fn field(&self, label: &str) -> ElementHandle {
        let found = self.reveal(|| {
            ElementHandle::find_by_accessible_label(&self.window, label)
                .filter(|e| {
                    e.accessible_role() == Some(AccessibleRole::TextInput) && self.on_screen(e)
                })
                .collect()
        });
        assert_eq!(found.len(), 1, "one text field '{label}'");
        found[0].clone()
    }

    /// Types `text` into the field labelled `label` (as a keyboard's input arrives: the
    /// whole text at once, like a screen reader's "set value").
    pub fn type_into(&self, label: &str, text: &str) {
        self.field(label).set_accessible_value(text);
        advance(20);
    }

    /// Advances time until the computer has answered and every animation has ended;
    /// fails after a minute.
    pub fn settle(&self) {
        let deadline = Instant::now() + Duration::from_secs(60);
        while self.app.is_busy() {
            assert!(
                Instant::now() < deadline,
                "the app stayed busy for a minute on {:?}: {}; record {:?}",
                self.screen(),
                self.text(),
                self.app.record()
            );
            advance(50);
            std::thread::sleep(Duration::from_millis(1));
        }
        advance(20);
    }

    /// Lets mocked time pass (timers, animations) and real time (the searches' threads)
    /// until `done`, for at most `seconds`; returns how long it took.
    pub fn until(&self, seconds: u64, what: &str, done: impl Fn(&Driver) -> bool) -> Duration {
        let started = Instant::now();
        while !done(self) {
            assert!(
                started.elapsed() < Duration::from_secs(seconds),
                "{what} did not happen within {seconds} s: {}",
                self.text()
            );
            advance(16);
            std::thread::sleep(Duration::from_millis(4));
        }
        started.elapsed()
    }

    /// Every accessible label in the window, as written (for failure messages and
    /// checks of the words shown).
    pub fn labels(&self) -> Vec<String> {
        self.window
            .root_element()
            .query_descendants()
            .match_predicate(|e| e.accessible_label().is_some_and(|l| !l.is_empty()))
            .find_all()
            .iter()
            .filter_map(|e| e.accessible_label().map(|l| l.to_string()))
            .collect()
    }

    /// Every accessible label shown, without word joiners, joined by " | ".
    pub fn text(&self) -> String {
        self.labels()
            .iter()
            .map(|l| l.replace(JOINER, ""))
            .collect::<Vec<_>>()
            .join(" | ")
    }

    /// The labels of the buttons in the window.
    pub fn button_labels(&self) -> Vec<String> {
        self.window
            .root_element()
            .query_descendants()
            .match_predicate(|e| e.accessible_role() == Some(AccessibleRole::Button))
            .find_all()
            .iter()
            .filter_map(|e| e.accessible_label().map(|l| l.replace(JOINER, "")))
            .collect()
    }

    /// The elements of the component `type_name` (a dialog, the board).
    pub fn parts(&self, type_name: &str) -> Vec<ElementHandle> {
        self.window
            .root_element()
            .query_descendants()
            .match_inherits(type_name)
            .find_all()
    }

    // ---- the board ----------------------------------------------------------------------

    /// The accessible label of a house: "Bottom house 3", "Top house 1".
    pub fn house_label(side: Side, house: u8) -> String {
        match side {
            Side::South => format!("Bottom house {house}"),
            Side::North => format!("Top house {house}"),
        }
    }

    /// The accessible id of a house, the same in every language: "south-house-3".
    pub fn house_id(side: Side, house: u8) -> String {
        match side {
            Side::South => format!("south-house-{house}"),
            Side::North => format!("north-house-{house}"),
        }
    }

    /// A pit by its accessible id ("south-house-3", "north-store").
    pub fn pit(&self, id: &str) -> ElementHandle {
        let wanted = id.to_string();
        let found = self
            .window
            .root_element()
            .query_descendants()
            .match_predicate(move |e| e.accessible_id().is_some_and(|i| i == wanted.as_str()))
            .find_all();
        assert_eq!(
            found.len(),
            1,
            "one '{id}' on the board of {:?}; labels: {:?}",
            self.screen(),
            self.labels()
        );
        found[0].clone()
    }

    /// Seeds a pit shows, read from its accessible value as a screen reader would.
    pub fn shown_seeds(&self, id: &str) -> u32 {
        let value = self.pit(id).accessible_value().expect("a pit's value");
        value.parse().expect("a pit's value is its seeds")
    }

    /// Every seed the board shows: houses of both rows and both stores.
    pub fn seeds_on_board(&self, houses: u8) -> u32 {
        let mut total = self.shown_seeds("south-store") + self.shown_seeds("north-store");
        for side in Side::BOTH {
            for house in 1..=houses {
                total += self.shown_seeds(&Driver::house_id(side, house));
            }
        }
        total
    }

    /// The houses lit for the player to move.
    pub fn lit_houses(&self, side: Side, houses: u8) -> Vec<u8> {
        (1..=houses)
            .filter(|&h| {
                self.find(&Driver::house_label(side, h))
                    .first()
                    .and_then(ElementHandle::accessible_enabled)
                    .unwrap_or(false)
            })
            .collect()
    }

    /// The playable mark drawn on a house (its ring), if the house carries one.
    pub fn playable_mark(&self, side: Side, house: u8) -> Option<ElementHandle> {
        let marks = self
            .pit(&Driver::house_id(side, house))
            .query_descendants()
            .match_type_name("PlayableRing")
            .find_all();
        marks.into_iter().next()
    }

    /// The status banner's two lines as a screen reader reads them: whose turn it is,
    /// and what just happened (without word joiners).
    pub fn status(&self) -> (String, String) {
        let banners = self.parts("StatusBanner");
        let Some(banner) = banners.first() else {
            return (String::new(), String::new());
        };
        let read = |text: Option<slint::SharedString>| {
            text.map(|t| t.replace(JOINER, "")).unwrap_or_default()
        };
        (
            read(banner.accessible_label()),
            read(banner.accessible_description()),
        )
    }

    /// The position on the board.
    pub fn position(&self) -> Position {
        self.app.position().expect("a game on the board")
    }

    /// Moves played in the game on the board.
    pub fn moves_played(&self) -> usize {
        let record = self.app.record().unwrap_or_default();
        record.split_whitespace().count()
    }

    // ---- flows --------------------------------------------------------------------------

    /// Home → Settings → the game → Back: where a game is chosen.
    pub fn choose_game(&self, name: &str) {
        self.tap("Settings");
        self.tap_in("Game", name);
        self.tap("Back");
    }

    /// Home → New game → options → Start, and the first moves settled.
    pub fn start_game(&self, options: &[(&str, &str)]) {
        self.tap("New game");
        assert_eq!(self.screen(), Screen::NewGame);
        for (group, option) in options {
            self.tap_in(group, option);
        }
        self.tap("Start");
        assert_eq!(self.screen(), Screen::Game);
        self.settle();
    }
}

fn is_control(e: &ElementHandle) -> bool {
    matches!(
        e.accessible_role(),
        Some(AccessibleRole::Button | AccessibleRole::RadioButton | AccessibleRole::Switch)
    )
}
