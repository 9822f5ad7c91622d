//! The `ReviewState` global: the review screen (from `ReviewView`), the finished games
//! kept for review (for the statistics screen), and the player's steps through a review.

use crate::ai::Grade;
use crate::app::game::adapter::{pit, variant_number};
use crate::app::review::screen::{Progress, ReviewView};
use crate::app::settings::prefs_adapter::level_number;
use crate::engine::{IllegalMove, RecordError, RecordErrorKind, Side};
use crate::store::RecentGames;
use crate::{Grade as UiGrade, RecentGame, RecordProblem, ReviewLine, ReviewState};
use slint::{ModelRc, VecModel};
use std::rc::Rc;

/// What the player asked of the review.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReviewAction {
    /// Review a kept game (its place in the list, newest first), or with `None` the game
    /// just finished on the game screen.
    Open(Option<usize>),
    /// Move through the game by this many positions.
    Step(i32),
    /// Show the position before this move (0-based; the move count: the end).
    GoTo(usize),
    Stop,
    Restart,
    /// Review this record, typed or pasted in, with the rules chosen in Settings.
    Record(String),
    /// The record being typed changed: forget what was wrong with the last one.
    Typing,
}

fn grade(grade: Grade) -> UiGrade {
    match grade {
        Grade::Best => UiGrade::Best,
        Grade::Good => UiGrade::Good,
        Grade::Inaccuracy => UiGrade::Inaccuracy,
        Grade::Mistake => UiGrade::Mistake,
        Grade::Blunder => UiGrade::Blunder,
    }
}

fn side_number(side: Option<Side>) -> i32 {
    side.map_or(-1, |s| s.index() as i32)
}

fn model<T: Clone + 'static>(items: impl IntoIterator<Item = T>) -> ModelRc<T> {
    ModelRc::from(Rc::new(VecModel::from_iter(items)))
}

/// Shows `view` on the review screen.
pub fn render(ui: &ReviewState<'_>, view: &ReviewView) {
    ui.set_variant(variant_number(view.rules.variant()));
    ui.set_level(level_number(view.opponent));
    ui.set_houses(i32::from(view.rules.houses()));
    let (running, done, total) = match view.progress {
        Progress::Running { done, total } => (true, done, total),
        Progress::Done | Progress::Stopped => (false, 0, view.moves),
    };
    ui.set_running(running);
    ui.set_stopped(view.progress == Progress::Stopped);
    ui.set_done(done as i32);
    ui.set_total(total as i32);
    ui.set_lines(model(view.rows.iter().map(|r| ReviewLine {
        ply: r.ply as i32,
        side: r.side.index() as i32,
        played: i32::from(r.played.number()),
        best: i32::from(r.best.number()),
        value: r.value,
        loss: r.loss,
        grade: grade(r.grade),
        exact: r.exact,
    })));
    ui.set_graph(model(view.graph.iter().copied()));
    ui.set_graph_span(view.graph.iter().map(|v| v.abs()).max().unwrap_or(0).max(1));
    ui.set_cursor(view.cursor as i32);
    ui.set_moves(view.moves as i32);
    ui.set_mover(view.mover.index() as i32);
    ui.set_played(view.played.map_or(-1, |h| i32::from(h.number())));
    let [south, north] = &view.board.houses;
    ui.set_south(model(south.iter().map(pit)));
    ui.set_north(model(north.iter().map(pit)));
    ui.set_south_store(i32::from(view.board.stores[0]));
    ui.set_north_store(i32::from(view.board.stores[1]));
    let [final_south, final_north] = view.final_stores.map(i32::from);
    ui.set_final_south(final_south);
    ui.set_final_north(final_north);
    ui.set_winner(match final_south.cmp(&final_north) {
        _ if view.resigned.is_some() => side_number(view.resigned.map(Side::opponent)),
        std::cmp::Ordering::Greater => 0,
        std::cmp::Ordering::Less => 1,
        std::cmp::Ordering::Equal => -1,
    });
    ui.set_resigned_side(side_number(view.resigned));
    ui.set_over(view.over);
    ui.set_record(view.record.as_str().into());
}

/// Shows why a record typed in cannot be reviewed (`None`: nothing wrong, or it was
/// empty when `empty` says so).
pub fn render_record_problem(ui: &ReviewState<'_>, error: Option<&RecordError>, empty: bool) {
    let problem = match error.map(|e| &e.reason) {
        None if empty => RecordProblem::Empty,
        None => RecordProblem::None,
        Some(RecordErrorKind::NotANumber) => RecordProblem::NotANumber,
        Some(RecordErrorKind::Illegal(why)) => match why {
            IllegalMove::NotAHouse { .. } => RecordProblem::NotAHouse,
            IllegalMove::EmptyHouse { .. } => RecordProblem::EmptyHouse,
            IllegalMove::MustFeed { .. } => RecordProblem::MustFeed,
            IllegalMove::GrandSlam { .. } => RecordProblem::GrandSlam,
            IllegalMove::GameOver => RecordProblem::GameOver,
        },
    };
    ui.set_record_problem(problem);
    ui.set_problem_move(error.map_or(0, |e| e.index as i32));
    ui.set_problem_token(error.map_or("", |e| e.token.as_str()).into());
}

/// Lists the kept games for the statistics screen.
pub fn render_recent(ui: &ReviewState<'_>, recent: &RecentGames) {
    let games = recent.games.iter().filter_map(|record| {
        let game = record.to_game()?;
        let [south, north] = game.position().stores().map(i32::from);
        Some(RecentGame {
            variant: variant_number(record.rules.variant()),
            level: level_number(record.opponent),
            south_store: south,
            north_store: north,
            winner: match game.outcome()?.winner() {
                Some(side) => side.index() as i32,
                None => -1,
            },
            resigned_side: side_number(record.resigned),
            moves: record.moves.len() as i32,
            reviewed: record.review.is_some(),
        })
    });
    ui.set_recent(model(games));
}

/// Sends every action of the review screen to `act`; stale or hostile numbers (a
/// negative position, another negative index than -1) are ignored.
pub fn connect(ui: &ReviewState<'_>, act: impl Fn(ReviewAction) + Clone + 'static) {
    let on_open = act.clone();
    ui.on_open(move |index| match index {
        -1 => on_open(ReviewAction::Open(None)),
        i => {
            if let Ok(i) = usize::try_from(i) {
                on_open(ReviewAction::Open(Some(i)))
            }
        }
    });
    let on_step = act.clone();
    ui.on_step(move |delta| on_step(ReviewAction::Step(delta)));
    let on_go = act.clone();
    ui.on_go_to(move |cursor| {
        if let Ok(cursor) = usize::try_from(cursor) {
            on_go(ReviewAction::GoTo(cursor))
        }
    });
    let on_stop = act.clone();
    ui.on_stop(move || on_stop(ReviewAction::Stop));
    let on_record = act.clone();
    ui.on_open_record(move |text| on_record(ReviewAction::Record(text.to_string())));
    let on_typing = act.clone();
    ui.on_typing(move || on_typing(ReviewAction::Typing));
    ui.on_restart(move || act(ReviewAction::Restart));
}
