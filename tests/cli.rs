//! The `mancala-cli` contract of docs/cli.md, driven as other tools drive it.

use serde_json::Value;
use std::process::{Command, Output};

fn cli(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mancala-cli"))
        .args(args)
        .env(
            "MANCALA_DATA_DIR",
            std::env::temp_dir().join("mancala-cli-test"),
        )
        .output()
        .expect("mancala-cli runs")
}

fn json(args: &[&str]) -> Value {
    let out = cli(args);
    assert!(
        out.status.success(),
        "{args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        text.trim().lines().count(),
        1,
        "exactly one JSON object: {text}"
    );
    serde_json::from_str(&text).expect("valid JSON")
}

#[test]
fn show_prints_the_start_position_in_the_contract_shape() {
    let v = json(&["show", "--variant", "kalah", "--json"]);
    assert_eq!(
        v,
        serde_json::json!({
            "variant": "kalah", "seeds": 4,
            "houses": [[4,4,4,4,4,4],[4,4,4,4,4,4]], "stores": [0,0],
            "to_move": 0, "over": false, "winner": null, "legal": [1,2,3,4,5,6]
        })
    );
}

#[test]
fn show_follows_moves_options_and_extra_turns() {
    let v = json(&["show", "--moves", "3", "--json"]);
    assert_eq!(v["to_move"], 0, "extra turn after 3");
    assert_eq!(v["stores"], serde_json::json!([1, 0]));
    let v = json(&[
        "show",
        "--variant",
        "congkak",
        "--houses",
        "7",
        "--seeds",
        "5",
        "--json",
    ]);
    assert_eq!(v["houses"][0].as_array().unwrap().len(), 7);
    assert_eq!(v["seeds"], 5);
    let v = json(&[
        "show",
        "--variant",
        "oware",
        "--rule",
        "grand-slam=forbidden",
        "--moves",
        "1 2",
        "--json",
    ]);
    assert_eq!(v["variant"], "oware");
    assert_eq!(v["to_move"], 0);
}

#[test]
fn show_reports_a_finished_game() {
    use mancala::engine::{Game, Rules, Variant};
    // Play the highest legal house every turn until the game ends.
    let mut game = Game::new(Rules::new(Variant::Kalah));
    while let Some(house) = game.legal_moves().last() {
        game.play(house).unwrap();
    }
    let record = game.record();
    let v = json(&["show", "--moves", &record, "--json"]);
    assert_eq!(v["over"], true);
    assert_eq!(v["to_move"], Value::Null);
    assert_eq!(v["legal"], serde_json::json!([]));
    let stores = v["stores"].as_array().unwrap();
    let (s, n) = (stores[0].as_u64().unwrap(), stores[1].as_u64().unwrap());
    assert_eq!(s + n, 48, "the sweep put every seed in a store");
    let expected = match s.cmp(&n) {
        std::cmp::Ordering::Greater => Value::from(0),
        std::cmp::Ordering::Less => Value::from(1),
        std::cmp::Ordering::Equal => Value::Null,
    };
    assert_eq!(v["winner"], expected);
    // A move after the end is refused.
    let out = cli(&["show", "--moves", &format!("{record} 1")]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("over"));
}

#[test]
fn an_illegal_move_exits_non_zero_naming_the_move_and_the_reason() {
    for (moves, index, reason) in [
        ("3 0", "move 2", "not a house"),
        ("x", "move 1", "not a house number"),
        ("1 7", "move 2", "not a house"),
        ("3 3", "move 2", "empty"),
    ] {
        let out = cli(&["show", "--moves", moves, "--json"]);
        assert!(!out.status.success(), "{moves} should fail");
        assert!(out.stdout.is_empty(), "nothing on stdout for {moves}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains(index) && err.contains(reason),
            "{moves}: {err}"
        );
    }
    let out = cli(&["show", "--variant", "oware", "--seeds", "9"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("3..7"));
}

#[test]
fn perft_prints_depth_leaves_and_seconds() {
    let v = json(&["perft", "--variant", "oware", "--depth", "5", "--json"]);
    assert_eq!(v["depth"], 5);
    assert_eq!(v["leaves"], 5219);
    assert!(v["seconds"].as_f64().unwrap() >= 0.0);
    let v = json(&["perft", "--depth", "6", "--moves", "3", "--json"]);
    assert!(v["leaves"].as_u64().unwrap() > 0);
}

#[test]
fn match_takes_the_levels_by_their_names() {
    let v = json(&[
        "match",
        "--levels",
        "beginner,casual",
        "--games",
        "2",
        "--json",
    ]);
    assert_eq!(
        (v["a"].as_str(), v["b"].as_str()),
        (Some("beginner"), Some("casual"))
    );
    assert_eq!(v["games"], 2);
    // The old names are gone; the message lists the new ones.
    let out = cli(&["match", "--levels", "easy,hard"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("unknown level 'easy'")
            && err.contains("beginner, casual, intermediate, strong or expert"),
        "{err}"
    );
}
