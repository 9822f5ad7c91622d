//! Which screen is shown, as a stack: a screen opens on top of the one it was opened
//! from, and Back returns to that one. Back on the home screen means "leave the app"
//! (the Android back button finishes the activity there).

use crate::Screen;

/// What Back leads to.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Back {
    /// Show this screen.
    Show(Screen),
    /// Back was pressed on the home screen: the platform should leave the app.
    Leave,
}

/// The screen stack. Never empty: home is always at the bottom.
#[derive(Clone, Debug, PartialEq)]
pub struct Navigator {
    stack: Vec<Screen>,
}

impl Default for Navigator {
    fn default() -> Self {
        Navigator::new()
    }
}

impl Navigator {
    pub fn new() -> Navigator {
        Navigator {
            stack: vec![Screen::Home],
        }
    }

    /// The screen on top.
    pub fn current(&self) -> Screen {
        *self.stack.last().expect("home is never popped")
    }

    /// The screen Back returns to (home under home).
    pub fn under(&self) -> Screen {
        let below = self.stack.len().saturating_sub(2);
        self.stack[below]
    }

    /// How many screens Back walks through before leaving the app.
    pub fn depth(&self) -> usize {
        self.stack.len()
    }

    /// Opens `screen`. A screen already on the stack is returned to rather than opened a
    /// second time, so going back and forth (game, new game, game...) never piles up
    /// screens that Back would have to walk through; home therefore clears the stack.
    pub fn go(&mut self, screen: Screen) -> Screen {
        match self.stack.iter().position(|&s| s == screen) {
            Some(at) => self.stack.truncate(at + 1),
            None => self.stack.push(screen),
        }
        self.current()
    }

    /// Opens the game screen for a game just started or continued: the new-game screen
    /// that started it is left behind, so Back from the game goes to where the player
    /// came from before choosing the game.
    pub fn show_game(&mut self) -> Screen {
        self.stack.retain(|&s| s != Screen::NewGame);
        self.go(Screen::Game)
    }

    /// Goes back one screen, or reports that the app should be left.
    pub fn back(&mut self) -> Back {
        if self.stack.len() == 1 {
            return Back::Leave;
        }
        self.stack.pop();
        Back::Show(self.current())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn starts_at_home_and_back_on_home_leaves() {
        let mut nav = Navigator::new();
        assert_eq!(nav.current(), Screen::Home);
        assert_eq!(nav.back(), Back::Leave);
        assert_eq!(nav.current(), Screen::Home, "leaving does not pop home");
    }

    #[test]
    fn back_returns_to_the_screen_a_screen_was_opened_from() {
        let mut nav = Navigator::new();
        nav.go(Screen::Settings);
        nav.go(Screen::Rules);
        assert_eq!(nav.back(), Back::Show(Screen::Settings));
        assert_eq!(nav.back(), Back::Show(Screen::Home));
        assert_eq!(nav.back(), Back::Leave);
    }

    #[test]
    fn a_started_game_leaves_the_new_game_screen_behind() {
        let mut nav = Navigator::new();
        nav.go(Screen::NewGame);
        assert_eq!(nav.show_game(), Screen::Game);
        assert_eq!(nav.back(), Back::Show(Screen::Home));
    }

    #[test]
    fn new_game_from_the_game_over_panel_does_not_stack_a_second_game() {
        let mut nav = Navigator::new();
        nav.show_game();
        nav.go(Screen::NewGame);
        assert_eq!(nav.depth(), 3);
        nav.show_game();
        assert_eq!(nav.depth(), 2);
        assert_eq!(nav.back(), Back::Show(Screen::Home));
    }

    #[test]
    fn under_is_where_back_leads() {
        let mut nav = Navigator::new();
        assert_eq!(nav.under(), Screen::Home);
        nav.show_game();
        nav.go(Screen::Rules);
        assert_eq!(nav.under(), Screen::Game);
        assert_eq!(nav.back(), Back::Show(Screen::Game));
        assert_eq!(nav.under(), Screen::Home);
    }

    #[test]
    fn going_home_clears_the_stack() {
        let mut nav = Navigator::new();
        nav.go(Screen::Stats);
        nav.go(Screen::Rules);
        assert_eq!(nav.go(Screen::Home), Screen::Home);
        assert_eq!(nav.depth(), 1);
        assert_eq!(nav.back(), Back::Leave);
    }

    #[test]
    fn opening_a_screen_already_open_returns_to_it() {
        let mut nav = Navigator::new();
        nav.go(Screen::Settings);
        nav.go(Screen::Rules);
        nav.go(Screen::Settings);
        assert_eq!(nav.current(), Screen::Settings);
        assert_eq!(nav.back(), Back::Show(Screen::Home));
    }
}
