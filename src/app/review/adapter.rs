//! The `ReviewState` global: the review screen (from `ReviewView`), the finished games
//! kept for review (for the statistics screen), and the player's steps through a review.

use crate::app::conversions::optional_side;
use crate::app::game::adapter::pit;
use crate::app::review::screen::{Progress, ReviewView};
use crate::engine::{IllegalMove, RecordError, RecordErrorKind, Side};
use crate::store::{Board, RecentGames};
use crate::{RecentGame, RecordProblem, ReviewLine, ReviewState, StoreView, Stores};
use slint::{Model, ModelRc, VecModel};
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

/// A count or a position as the UI's `int` holds it.
fn int(n: usize) -> i32 {
    i32::try_from(n).unwrap_or(i32::MAX)
}

fn model<T: Clone + 'static>(items: impl IntoIterator<Item = T>) -> ModelRc<T> {
    ModelRc::from(Rc::new(VecModel::from_iter(items)))
}

/// Shows `view` on the review screen.
pub fn render(ui: &ReviewState<'_>, view: &ReviewView) {
    ui.set_variant(view.rules.variant().into());
    ui.set_level(view.opponent.into());
    ui.set_houses(view.rules.houses().into());
    let (running, done, total) = match view.progress {
        Progress::Running { done, total } => (true, done, total),
        Progress::Done | Progress::Stopped => (false, 0, view.moves),
    };
    ui.set_running(running);
    ui.set_stopped(view.progress == Progress::Stopped);
    ui.set_done(int(done));
    ui.set_total(int(total));
    ui.set_valued(int(view.rows.iter().flatten().count()));
    let lines = view.rows.iter().zip(&view.plays).enumerate();
    let lines: Vec<ReviewLine> = lines
        .map(|(i, (row, &(side, played)))| match row {
            Some(r) => ReviewLine {
                ply: int(r.ply),
                side: r.side.into(),
                played: r.played.number().into(),
                best: r.best.number().into(),
                value: r.value,
                loss: r.loss,
                grade: r.grade.into(),
                exact: r.exact,
                valued: true,
            },
            // Being valued: what was played, and no grade yet.
            None => ReviewLine {
                ply: int(i + 1),
                side: side.into(),
                played: played.map_or(0, |h| h.number().into()),
                valued: false,
                ..ReviewLine::default()
            },
        })
        .collect();
    // While the review runs its rows change in place: a new model would take the list
    // the player is scrolling back to its top at every poll.
    let shown = ui.get_lines();
    if shown.row_count() == lines.len() {
        for (i, line) in lines.into_iter().enumerate() {
            if shown.row_data(i).as_ref() != Some(&line) {
                shown.set_row_data(i, line);
            }
        }
    } else {
        ui.set_lines(model(lines));
    }
    ui.set_graph(model(view.graph.iter().copied()));
    ui.set_graph_span(view.graph.iter().map(|v| v.abs()).max().unwrap_or(0).max(1));
    ui.set_cursor(int(view.cursor));
    ui.set_moves(int(view.moves));
    ui.set_mover(view.mover.into());
    // At the end no house is played: the screen says the result there instead.
    ui.set_played(view.played.map_or(0, |h| h.number().into()));
    let [south, north] = &view.board.houses;
    ui.set_south(model(south.iter().map(pit)));
    ui.set_north(model(north.iter().map(pit)));
    let store = |seeds: u8| StoreView {
        seeds: seeds.into(),
        ..StoreView::default()
    };
    let [south_store, north_store] = view.board.stores;
    ui.set_stores(Stores {
        south: store(south_store),
        north: store(north_store),
    });
    let [final_south, final_north] = view.final_stores.map(i32::from);
    ui.set_final_south(final_south);
    ui.set_final_north(final_north);
    let winner = match final_south.cmp(&final_north) {
        _ if view.resigned.is_some() => view.resigned.map(Side::opponent),
        std::cmp::Ordering::Greater => Some(Side::South),
        std::cmp::Ordering::Less => Some(Side::North),
        std::cmp::Ordering::Equal => None,
    };
    let (has_winner, winner) = optional_side(winner);
    ui.set_has_winner(has_winner);
    ui.set_winner(winner);
    let (resigned, resigned_side) = optional_side(view.resigned);
    ui.set_resigned(resigned);
    ui.set_resigned_side(resigned_side);
    ui.set_over(view.over);
    ui.set_record(view.record.as_str().into());
}

/// Shows why a record typed in cannot be reviewed (`None`: nothing wrong, or it was
/// empty when `empty` says so).
pub fn render_record_problem(ui: &ReviewState<'_>, error: Option<&RecordError>, empty: bool) {
    let problem = match error.map(|e| &e.reason) {
        None if empty => RecordProblem::Empty,
        None => RecordProblem::None,
        Some(RecordErrorKind::NotANumber | RecordErrorKind::NotAnOpening) => {
            RecordProblem::NotANumber
        }
        // A first move that cannot be played names a house that cannot be chosen.
        Some(RecordErrorKind::IllegalOpening(_)) => RecordProblem::NotAHouse,
        Some(RecordErrorKind::Illegal(why)) => match why {
            IllegalMove::NotAHouse { .. }
            | IllegalMove::OpeningPending
            | IllegalMove::NotYourTurn => RecordProblem::NotAHouse,
            IllegalMove::EmptyHouse { .. } | IllegalMove::BurntHouse { .. } => {
                RecordProblem::EmptyHouse
            }
            IllegalMove::MustFeed { .. } => RecordProblem::MustFeed,
            IllegalMove::GrandSlam { .. } => RecordProblem::GrandSlam,
            IllegalMove::GameOver => RecordProblem::GameOver,
        },
    };
    ui.set_record_problem(problem);
    ui.set_problem_move(error.map_or(0, |e| int(e.index)));
    ui.set_problem_token(error.map_or("", |e| e.token.as_str()).into());
}

/// Lists the kept games for the statistics screen.
pub fn render_recent(ui: &ReviewState<'_>, recent: &RecentGames) {
    let games = recent.games.iter().filter_map(|record| {
        let game = record.to_game()?;
        let [south, north] = game.position().stores().map(i32::from);
        let (has_winner, winner) = optional_side(game.outcome()?.winner());
        let (resigned, resigned_side) = optional_side(record.resigned);
        let board = Board::of(record.rules);
        Some(RecentGame {
            variant: record.rules.variant().into(),
            preset: board.preset.into(),
            houses: board.houses.map_or(0, i32::from),
            // ISO 8601 (YYYY-MM-DD): readable in every language the app speaks.
            date: record
                .finished
                .map(|day| day.to_string())
                .unwrap_or_default()
                .into(),
            level: record.opponent.into(),
            south_store: south,
            north_store: north,
            has_winner,
            winner,
            resigned,
            resigned_side,
            moves: int(record.moves.len()),
            reviewed: record.review.is_some(),
        })
    });
    ui.set_recent(model(games));
}

/// Sends every action of the review screen to `act`; stale or hostile numbers (a
/// negative index or position) are ignored.
pub fn connect(ui: &ReviewState<'_>, act: impl Fn(ReviewAction) + Clone + 'static) {
    let on_open = act.clone();
    ui.on_open(move |index| {
        if let Ok(i) = usize::try_from(index) {
            on_open(ReviewAction::Open(Some(i)))
        }
    });
    let on_finished = act.clone();
    ui.on_open_finished(move || on_finished(ReviewAction::Open(None)));
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
