//! The study screen: an exercise played on the board, judged, and explained. An
//! [`exercise::Exercise`] is a game to play from, the learner's side, a task and a
//! [`exercise::Judge`]; the puzzles are one kind ([`puzzle`]), the lessons another
//! ([`lesson`]: a judge over `lessons::judge`, and the tap of Congkak's simultaneous
//! start). [`screen`] is the Slint-free core: the
//! learner's tap, the judge on a worker thread, the sowing played back and the answer's
//! moves after it, Try again; [`adapter`] renders it into the `StudyState` global, with
//! the learner's houses always at the bottom.

pub mod adapter;
pub mod exercise;
pub mod lesson;
pub mod puzzle;
pub mod screen;
