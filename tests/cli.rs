//! The `mancala-cli` contract of docs/cli.md, driven as other tools drive it.

use serde_json::{json, Value};
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
            "to_move": 0, "over": false, "winner": null, "legal": [1,2,3,4,5,6],
            "round": 1, "burnt": [[], []], "opening": false
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
    assert!(String::from_utf8_lossy(&out.stderr).contains("seeds must be 3 to 7"));
}

/// Runs a command that must fail and returns its stderr, having checked that it failed
/// cleanly: exit code 2, nothing on stdout, no panic.
fn refused(args: &[&str]) -> String {
    let out = cli(args);
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(2), "{args:?} exit: {err}");
    assert!(out.stdout.is_empty(), "{args:?} printed on stdout");
    assert!(!err.contains("panicked"), "{args:?} panicked: {err}");
    err
}

#[test]
fn unknown_and_misspelt_flags_are_refused_not_ignored() {
    for (args, named, suggested) in [
        (&["show", "--seed", "3"][..], "'--seed'", "--seeds"),
        (
            &["analyze", "--movetme", "100"],
            "'--movetme'",
            "--movetime",
        ),
        (&["show", "--json=no"], "'no'", "--json"),
        (&["solve", "--frobnicate"], "'--frobnicate'", "Usage"),
        (&["show", "3"], "'3'", "Usage"),
        (&["shwo"], "'shwo'", "show"),
    ] {
        let err = refused(args);
        assert!(
            err.contains(named) && err.contains(suggested),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn out_of_range_values_are_refused_naming_the_flag_and_the_range() {
    for (args, flag, range) in [
        (
            &["show", "--seeds", "256"][..],
            "--seeds",
            "seeds must be 3 to 7",
        ),
        (
            &["show", "--variant", "congkak", "--houses", "8"],
            "--houses",
            "6 to 7",
        ),
        (&["show", "--houses", "7"], "--houses", "6 houses"),
        (
            &["show", "--moves", "+3"],
            "move 1 ('+3')",
            "not a house number",
        ),
        (&["analyze", "--depth", "0"], "--depth", "1 to 120"),
        (
            &["analyze", "--movetime", "0"],
            "--movetime",
            "1 to 3600000 ms",
        ),
        (
            &["analyze", "--depth", "2", "--hash", "99999999999"],
            "--hash",
            "1 to 16384 MB",
        ),
        (
            &["analyze", "--depth", "2", "--tables", "40"],
            "--tables",
            "0 to 20",
        ),
        (&["solve", "--tables", "300"], "--tables", "0 to 20"),
        (
            &["solve", "--variant", "oware", "--tables", "13"],
            "--tables",
            "up to 12 seeds",
        ),
        (
            &["match", "--levels", "casual,casual", "--tables", "on,maybe"],
            "--tables",
            "on or off",
        ),
        (&["solve", "--nodes", "0"], "--nodes", "1 to"),
        (&["perft", "--depth", "65"], "--depth", "0 to 64"),
        (
            &["match", "--levels", "beginner,casual", "--time-scale", "-1"],
            "--time-scale",
            "0.001 to 100",
        ),
        (
            &[
                "match",
                "--levels",
                "beginner,casual",
                "--time-scale",
                "nan",
            ],
            "--time-scale",
            "0.001 to 100",
        ),
        (
            &[
                "match",
                "--levels",
                "beginner,casual",
                "--time-scale",
                "inf",
            ],
            "--time-scale",
            "0.001 to 100",
        ),
        (
            &["match", "--levels", "beginner", "--games", "2"],
            "--levels",
            "A,B",
        ),
        (
            &[
                "match",
                "--levels",
                "beginner,casual",
                "--evals",
                "tuned,1:2:3",
            ],
            "--evals",
            "8 integers",
        ),
        (&["tune", "--depth", "0"], "--depth", "1 to 20"),
        (&["tune", "--random-rate", "2"], "--random-rate", "0 to 1"),
        (
            &["screenshot", "--out", "x.png", "--level", "6"],
            "--level",
            "0 to 5",
        ),
        (
            &["screenshot", "--out", "x.png", "--size", "10x10"],
            "--size",
            "200 to 8000",
        ),
        (
            &["screenshot", "--out", "x.png", "--scale", "5"],
            "--scale",
            "1 to 4",
        ),
    ] {
        let err = refused(args);
        assert!(err.contains(flag) && err.contains(range), "{args:?}: {err}");
    }
}

#[test]
fn flags_that_do_not_apply_to_the_game_are_refused() {
    let err = refused(&["show", "--variant", "oware", "--rule", "empty-capture=on"]);
    assert!(
        err.contains("--rule") && err.contains("grand-slam"),
        "{err}"
    );
    let err = refused(&[
        "analyze",
        "--variant",
        "congkak",
        "--depth",
        "2",
        "--tables",
        "5",
    ]);
    assert!(
        err.contains("--tables") && err.contains("Kalah and Oware"),
        "{err}"
    );
    let err = refused(&["analyze"]);
    assert!(
        err.contains("--movetime") && err.contains("--depth"),
        "{err}"
    );
}

#[test]
fn every_command_answers_help_with_its_flags_ranges_and_defaults() {
    let top = cli(&["--help"]);
    assert!(top.status.success());
    let top = String::from_utf8_lossy(&top.stdout);
    for (command, flags) in [
        ("show", &["--json"][..]),
        ("perft", &["--depth <D>", "0 to 64"]),
        (
            "analyze",
            &[
                "--movetime <MS>",
                "--depth <D>",
                "--hash <MB>",
                "[default: 128]",
            ],
        ),
        ("solve", &["--tables <N>", "16 for Kalah", "[default: 128]"]),
        (
            "engine",
            &["--hash <MB>", "--tables <N>", "--objective <O>"],
        ),
        (
            "match",
            &[
                "--levels <A,B>",
                "--time-scale <F>",
                "[default: 20]",
                "--evals <A,B>",
            ],
        ),
        (
            "tune",
            &["--games <N>", "--depth <D>", "1 to 20", "--eval <E>"],
        ),
        (
            "puzzles",
            &["--count <N>", "1 to 10000", "--seed <S>", "--spread"],
        ),
        (
            "screenshot",
            &[
                "--screen <SCREEN>",
                "--out <FILE.png>",
                "200 to 8000",
                "--scale <F>",
            ],
        ),
    ] {
        assert!(
            top.contains(command),
            "top-level help lists {command}: {top}"
        );
        // `solve --help` used to run a full solve; it must print and exit at once.
        let out = cli(&[command, "--help"]);
        assert!(out.status.success(), "{command} --help");
        let help = String::from_utf8_lossy(&out.stdout);
        for expected in flags.iter().chain(&[
            "--variant",
            "--seeds <N>",
            "3 to 7",
            "[default: 4]",
            "--moves",
        ]) {
            assert!(
                help.contains(expected),
                "{command} --help lacks {expected}: {help}"
            );
        }
    }
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
fn match_plays_each_side_with_its_own_evaluation() {
    let v = json(&[
        "match",
        "--variant",
        "oware",
        "--levels",
        "casual,casual",
        "--evals",
        "-512:0:0:0:-32:-64:0:0,hand",
        "--games",
        "2",
        "--json",
    ]);
    assert_eq!(v["a_eval"], "-512:0:0:0:-32:-64:0:0");
    assert_eq!(v["b_eval"], "hand");
    assert_eq!(v["games"], 2);
    let v = json(&[
        "match",
        "--variant",
        "oware",
        "--levels",
        "casual,casual",
        "--tables",
        "off,on",
        "--games",
        "2",
        "--json",
    ]);
    assert_eq!(v["a_tables"], false);
    assert_eq!(v["b_tables"], true);
}

#[test]
fn tune_fits_weights_to_reproducible_self_play_games() {
    let args = [
        "tune",
        "--variant",
        "oware",
        "--games",
        "10",
        "--depth",
        "2",
        "--seed",
        "4",
        "--json",
    ];
    let v = json(&args);
    assert_eq!(v["games"], 10);
    assert!(v["samples"].as_u64().unwrap() > 100, "{v}");
    let weights = v["weights"].as_str().unwrap();
    assert_eq!(weights.split(':').count(), 8, "{weights}");
    let errors = v["errors"].as_array().unwrap();
    assert_eq!(errors.len(), 4);
    // The fit is least squares on the positions it learnt from: no set of weights
    // predicts them better.
    let learnt = |i: usize| errors[i]["learn_rmse"].as_f64().unwrap();
    assert!(
        learnt(3) <= learnt(0) + 1e-9 && learnt(3) <= learnt(1) + 1e-9,
        "{v}"
    );
    // The same seed, the same games, the same weights.
    assert_eq!(json(&args)["weights"], v["weights"]);
    // The weights it prints are ones analyze accepts.
    let analyzed = json(&[
        "analyze",
        "--variant",
        "oware",
        "--depth",
        "3",
        "--eval",
        weights,
        "--json",
    ]);
    assert!(analyzed["best"].as_u64().is_some(), "{analyzed}");
}

/// `tune --records`: games played elsewhere, one record a line; an illegal record is
/// refused naming its line; `--database` is Oware's alone.
#[test]
fn tune_learns_from_recorded_games_and_names_a_bad_line() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("games.txt");
    let record = finished_kalah_record().join(" ");
    std::fs::write(
        &file,
        format!("{record}\n\n{record}\n{record}\n{record}\n{record}\n"),
    )
    .unwrap();
    let path = file.to_str().unwrap();
    let v = json(&["tune", "--records", path, "--random-plies", "2", "--json"]);
    assert_eq!(v["games"], 5, "{v}");
    assert!(v["samples"].as_u64().unwrap() > 20, "{v}");
    std::fs::write(&file, format!("{record}\n3 9\n")).unwrap();
    let err = refused(&["tune", "--records", path]);
    assert!(err.contains("--records: line 2"), "{err}");
    let err = refused(&["tune", "--records", path, "--games", "5"]);
    assert!(err.contains("--games"), "{err}");
    let err = refused(&["analyze", "--depth", "2", "--database", "8"]);
    assert!(err.contains("--database") && err.contains("Oware"), "{err}");
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

#[test]
fn review_grades_every_move_of_the_record_in_the_contract_shape() {
    let v = json(&[
        "review",
        "--seeds",
        "3",
        "--moves",
        "4 1 6",
        "--movetime",
        "20",
        "--json",
    ]);
    let moves = v["moves"].as_array().expect("a list of moves");
    assert_eq!(moves.len(), 3, "one entry per move: {v}");
    for (i, (m, played)) in moves.iter().zip([4, 1, 6]).enumerate() {
        let keys: Vec<&str> = m.as_object().unwrap().keys().map(String::as_str).collect();
        assert_eq!(
            keys,
            ["best", "exact", "grade", "loss", "move", "ply", "side", "value"],
            "{m}"
        );
        assert_eq!(m["ply"], i + 1);
        assert_eq!(m["move"], played);
        assert!(m["loss"].as_i64().unwrap() >= 0);
        let grade = m["grade"].as_str().unwrap();
        assert!(["best", "good", "inaccuracy", "mistake", "blunder"].contains(&grade));
    }
    // 4 ends in the store in Kalah(6,3): South moves twice.
    assert_eq!(
        moves
            .iter()
            .map(|m| m["side"].as_u64().unwrap())
            .collect::<Vec<_>>(),
        [0, 0, 1]
    );
}

/// `--table-cache DIR` writes the table the first time, reads it back the next (the
/// same answer), and a damaged file there is rebuilt, not trusted.
#[test]
fn analyze_keeps_its_endgame_table_in_the_cache_folder() {
    let dir = tempfile::tempdir().unwrap();
    let cache = dir.path().join("tables");
    let cache = cache.to_str().unwrap();
    let args = [
        "analyze",
        "--variant",
        "oware",
        "--depth",
        "8",
        "--tables",
        "6",
        "--table-cache",
        cache,
        "--json",
    ];
    let first = json(&args);
    let files: Vec<_> = std::fs::read_dir(cache).unwrap().flatten().collect();
    assert_eq!(files.len(), 1, "one table file");
    let file = files[0].path();
    let written = std::fs::read(&file).unwrap();
    assert!(written.len() > 100_000, "{} bytes", written.len());
    let again = json(&args);
    assert_eq!(
        (&again["best"], &again["score"]),
        (&first["best"], &first["score"])
    );
    std::fs::write(&file, b"damaged").unwrap();
    let rebuilt = json(&args);
    assert_eq!(rebuilt["best"], first["best"]);
    assert_eq!(
        std::fs::read(&file).unwrap(),
        written,
        "rebuilt and written again"
    );
}

/// `engine` answers every command with one JSON line, keeps its table from one search to
/// the next (the same search again visits far fewer positions) until `new`, and refuses
/// a bad command or an illegal record with a reason, changing nothing.
#[test]
fn engine_keeps_one_searcher_through_a_game_and_refuses_bad_commands() {
    use std::io::{BufRead, BufReader, Write};
    let mut child = Command::new(env!("CARGO_BIN_EXE_mancala-cli"))
        .args(["engine", "--variant", "oware", "--hash", "16"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("mancala-cli engine starts");
    let mut input = child.stdin.take().unwrap();
    let mut output = BufReader::new(child.stdout.take().unwrap());
    let mut ask = |line: &str| -> Value {
        writeln!(input, "{line}").unwrap();
        let mut answer = String::new();
        output.read_line(&mut answer).unwrap();
        serde_json::from_str(&answer).unwrap_or_else(|e| panic!("{line}: {answer:?}: {e}"))
    };
    let pos = ask("moves 3 6");
    assert_eq!(pos["to_move"], 0);
    assert_eq!(pos["legal"], serde_json::json!([1, 2, 3, 4, 5, 6]));
    let first = ask("go depth 9");
    let again = ask("go depth 9");
    assert_eq!(again["best"], first["best"]);
    let (first_nodes, again_nodes) = (
        first["nodes"].as_u64().unwrap(),
        again["nodes"].as_u64().unwrap(),
    );
    assert!(
        again_nodes * 4 < first_nodes,
        "the table was kept: {again_nodes} vs {first_nodes} nodes"
    );
    assert_eq!(ask("new"), serde_json::json!({"ok": true}));
    assert_eq!(ask("moves 3 6")["to_move"], 0);
    assert_eq!(
        ask("go depth 9")["nodes"],
        first["nodes"],
        "new forgets the table"
    );

    let refused = ask("moves 3 9");
    assert!(
        refused["error"].as_str().unwrap().contains("move 2"),
        "{refused}"
    );
    for (line, says) in [
        ("go", "needs a budget"),
        ("go movetime 0", "movetime must be"),
        ("jump", "unknown command"),
    ] {
        let answer = ask(line);
        assert!(
            answer["error"].as_str().unwrap().contains(says),
            "{line}: {answer}"
        );
    }
    // The refused record left the game as it was.
    let still = ask("go depth 1");
    assert!(
        pos["legal"].as_array().unwrap().contains(&still["best"]),
        "{still}"
    );
    assert_eq!(
        ask("go movetime 50")["best"]
            .as_u64()
            .map(|m| (1..=6).contains(&m)),
        Some(true)
    );

    writeln!(input, "quit").unwrap();
    assert!(child.wait().unwrap().success());
}

// ---- Nothing hangs, nothing leaks, nothing panics (issue 42) -------------------------

use std::io::Write;
use std::process::{Child, ChildStdin, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

const CLI: &str = env!("CARGO_BIN_EXE_mancala-cli");

/// The peak resident memory of a running process so far, in kB (Linux; `None` elsewhere
/// and once it has ended).
fn peak_kb(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find_map(|l| l.strip_prefix("VmHWM:"))?;
    line.trim().trim_end_matches("kB").trim().parse().ok()
}

/// Waits for `child` for at most `limit`, watching its peak memory, and kills it once it
/// runs over the time or over `max_kb`. Returns its output if it ended by itself, and
/// the peak seen.
fn finish_within(mut child: Child, limit: Duration, max_kb: u64) -> (Option<Output>, u64) {
    let started = Instant::now();
    let mut peak = 0;
    loop {
        if let Some(kb) = peak_kb(child.id()) {
            peak = peak.max(kb);
        }
        if child.try_wait().unwrap().is_some() {
            return (Some(child.wait_with_output().unwrap()), peak);
        }
        if started.elapsed() > limit || peak > max_kb {
            child.kill().unwrap();
            child.wait().unwrap();
            return (None, peak);
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// A Kalah record played to the end (the highest legal house every turn).
fn finished_kalah_record() -> Vec<String> {
    use mancala::engine::{Game, Rules, Variant};
    let mut game = Game::new(Rules::new(Variant::Kalah));
    while let Some(house) = game.legal_moves().last() {
        game.play(house).unwrap();
    }
    game.record()
        .split_whitespace()
        .map(str::to_string)
        .collect()
}

/// A FIFO or a link to /dev/zero where the endgame table's file should be: the table is
/// built instead, within seconds and without reading the device (the old cache waited
/// for a writer on the FIFO for ever, and read /dev/zero until memory ran out).
#[cfg(target_os = "linux")]
#[test]
fn a_fifo_or_a_link_to_dev_zero_in_the_table_cache_neither_hangs_nor_fills_memory() {
    use mancala::ai::EndgameTable;
    use mancala::engine::{Rules, Variant};
    let name = EndgameTable::file_name(Rules::new(Variant::Kalah), 6).unwrap();
    for kind in ["a FIFO", "a link to /dev/zero"] {
        let dir = tempfile::tempdir().unwrap();
        let table = dir.path().join(&name);
        if kind == "a FIFO" {
            let made = Command::new("mkfifo").arg(&table).status().unwrap();
            assert!(made.success());
        } else {
            std::os::unix::fs::symlink("/dev/zero", &table).unwrap();
        }
        let child = Command::new(CLI)
            .args(["analyze", "--depth", "2", "--hash", "4", "--tables", "6"])
            .arg("--table-cache")
            .arg(dir.path())
            .arg("--json")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let (out, peak) = finish_within(child, Duration::from_secs(5), 300_000);
        let out =
            out.unwrap_or_else(|| panic!("{kind}: killed after 5 s or 300 MB (peak {peak} kB)"));
        assert!(
            out.status.success(),
            "{kind}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(peak < 300_000, "{kind}: peak {peak} kB");
        let v: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert!(v["best"].as_u64().is_some(), "{v}");
        // The bad entry gave way to the table built.
        let kept = std::fs::symlink_metadata(&table).unwrap();
        assert!(kept.is_file() && kept.len() > 1000, "{kind}: {kept:?}");
    }
}

/// What a shell reports for a tool ended by a broken pipe (128 + SIGPIPE).
const BROKEN_PIPE_EXIT: i32 = 141;

/// A reader that goes away (`mancala-cli show --json | true`) ends every command
/// quietly: no panic, no message, the broken-pipe status.
#[test]
fn a_closed_stdout_ends_every_command_quietly() {
    let record = finished_kalah_record();
    let near_end = record[..record.len() - 4].join(" ");
    let commands: [&[&str]; 11] = [
        &["show", "--json"],
        &["show"],
        &["perft", "--depth", "3", "--json"],
        &["perft", "--depth", "3"],
        &["analyze", "--depth", "2", "--hash", "1", "--json"],
        &["analyze", "--depth", "2", "--hash", "1"],
        &[
            "solve", "--tables", "0", "--hash", "1", "--moves", &near_end,
        ],
        &[
            "review",
            "--variant",
            "congkak",
            "--moves",
            "1",
            "--movetime",
            "1",
        ],
        &[
            "match",
            "--levels",
            "beginner,beginner",
            "--games",
            "2",
            "--time-scale",
            "0.01",
        ],
        &["tune", "--games", "5", "--depth", "1", "--json"],
        &["tune", "--games", "5", "--depth", "1"],
    ];
    for args in commands {
        // The reader is gone before the command starts: its first write finds no one.
        let (reader, writer) = std::io::pipe().unwrap();
        drop(reader);
        let out = Command::new(CLI)
            .args(args)
            .stdin(Stdio::null())
            .stdout(writer)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert_eq!(out.status.code(), Some(BROKEN_PIPE_EXIT), "{args:?}: {err}");
        assert!(err.is_empty(), "{args:?} is not quiet: {err}");
    }
}

/// Output to a full disk (`>/dev/full`) is an error message and exit code 2, not a panic.
#[cfg(target_os = "linux")]
#[test]
fn a_full_stdout_is_an_error_not_a_panic() {
    for args in [
        &["show", "--json"][..],
        &["perft", "--depth", "2"],
        &["analyze", "--depth", "2", "--hash", "1", "--json"],
    ] {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let out = Command::new(CLI)
            .args(args)
            .stdin(Stdio::null())
            .stdout(full)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(
            err.contains("cannot write the output") && err.contains("No space left"),
            "{args:?}: {err}"
        );
    }
}

/// `mancala-cli engine` driven line by line, its answers read on a thread of their own so
/// that a missing answer fails the test instead of hanging it.
struct Engine {
    child: Child,
    input: Option<ChildStdin>,
    answers: mpsc::Receiver<String>,
}

impl Engine {
    fn start(args: &[&str]) -> Engine {
        let mut child = Command::new(CLI)
            .arg("engine")
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("mancala-cli engine starts");
        let output = child.stdout.take().unwrap();
        let (send, answers) = mpsc::channel();
        std::thread::spawn(move || {
            use std::io::BufRead;
            for line in std::io::BufReader::new(output).lines() {
                let Ok(line) = line else { break };
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        Engine {
            input: child.stdin.take(),
            child,
            answers,
        }
    }

    fn send(&mut self, bytes: &[u8]) {
        let input = self.input.as_mut().unwrap();
        input.write_all(bytes).unwrap();
        input.flush().unwrap();
    }

    /// The next answer, which must come within `limit`.
    fn answer_within(&self, limit: Duration) -> Value {
        let line = self
            .answers
            .recv_timeout(limit)
            .unwrap_or_else(|e| panic!("no answer within {limit:?}: {e}"));
        serde_json::from_str(&line).unwrap_or_else(|e| panic!("{line:?}: {e}"))
    }

    fn ask(&mut self, line: &str) -> Value {
        self.send(format!("{line}\n").as_bytes());
        self.answer_within(Duration::from_secs(10))
    }

    /// Waits at most `limit` for the process to end by itself.
    fn ended_within(&mut self, limit: Duration) -> Option<std::process::ExitStatus> {
        let started = Instant::now();
        while started.elapsed() < limit {
            if let Some(status) = self.child.try_wait().unwrap() {
                return Some(status);
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        None
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A line that is not UTF-8, a very long token and a line longer than any command are
/// each answered by an error line (a short one), and the session goes on.
#[test]
fn engine_answers_every_bad_line_with_an_error_and_goes_on() {
    let mut engine = Engine::start(&["--hash", "1"]);
    engine.send(b"moves 3 \xff 6\n");
    let answer = engine.answer_within(Duration::from_secs(10));
    let why = answer["error"]
        .as_str()
        .unwrap_or_else(|| panic!("{answer}"));
    assert!(why.contains("UTF-8"), "{why}");
    assert_eq!(engine.ask("moves 3")["to_move"], 0, "the session goes on");

    let token = "x".repeat(10_000);
    let answer = engine.ask(&token);
    let why = answer["error"]
        .as_str()
        .unwrap_or_else(|| panic!("{answer}"));
    assert!(
        why.contains("unknown command") && why.contains('…'),
        "{why}"
    );
    assert!(why.len() < 200, "the token is cut: {} bytes", why.len());

    let mut huge = vec![b'y'; 1 << 20];
    huge.push(b'\n');
    engine.send(&huge);
    let answer = engine.answer_within(Duration::from_secs(10));
    let why = answer["error"]
        .as_str()
        .unwrap_or_else(|| panic!("{answer}"));
    assert!(why.contains("too long"), "{why}");
    assert!(why.len() < 200, "{} bytes", why.len());
    assert_eq!(engine.ask("new"), serde_json::json!({"ok": true}));
    engine.send(b"quit\n");
    assert!(engine
        .ended_within(Duration::from_secs(5))
        .is_some_and(|s| s.success()));
}

/// `stop` ends a search at once and answers it with the best move found so far; a
/// `stop` with no search under way is ignored (no answer of its own).
#[test]
fn engine_stop_answers_the_best_move_so_far_at_once() {
    let mut engine = Engine::start(&["--hash", "16"]);
    engine.send(b"go depth 120\n");
    std::thread::sleep(Duration::from_millis(300));
    engine.send(b"stop\n");
    let asked = Instant::now();
    let answer = engine.answer_within(Duration::from_secs(5));
    let waited = asked.elapsed();
    eprintln!("stop answered in {waited:?}");
    assert!(waited < Duration::from_millis(100), "stop took {waited:?}");
    assert!(
        (1..=6).contains(&answer["best"].as_u64().unwrap()),
        "{answer}"
    );
    assert!(answer["depth"].as_u64().unwrap() >= 1, "{answer}");
    // Nothing to stop now: ignored, so the next answer is the next command's.
    engine.send(b"stop\n");
    assert_eq!(engine.ask("new"), serde_json::json!({"ok": true}));
    assert_eq!(engine.ask("go depth 2")["depth"], 2);
}

/// The end of input ends the process, even in the middle of a deep search; so does
/// `quit`.
#[test]
fn engine_ends_when_its_input_closes_even_mid_search() {
    let mut engine = Engine::start(&["--hash", "16"]);
    engine.send(b"go depth 120\n");
    std::thread::sleep(Duration::from_millis(200));
    drop(engine.input.take());
    let status = engine.ended_within(Duration::from_secs(2));
    assert!(
        status.is_some_and(|s| s.success()),
        "still searching 2 s after stdin closed: {status:?}"
    );

    let mut engine = Engine::start(&["--hash", "16"]);
    engine.send(b"go depth 120\n");
    std::thread::sleep(Duration::from_millis(200));
    engine.send(b"quit\n");
    let status = engine.ended_within(Duration::from_secs(2));
    assert!(status.is_some_and(|s| s.success()), "{status:?}");
}

/// Values the checks used to let through.
#[test]
fn values_past_the_old_checks_are_refused() {
    // `v.abs()` overflowed for i32::MIN: it passed the range check (or panicked).
    let err = refused(&[
        "analyze",
        "--depth",
        "1",
        "--eval=-2147483648:0:0:0:0:0:0:0",
    ]);
    assert!(
        err.contains("--eval") && err.contains("-100000 to 100000"),
        "{err}"
    );
    // A repeated rule: which one won was silent.
    let err = refused(&[
        "show",
        "--rule",
        "empty-capture=on",
        "--rule",
        "empty-capture=off",
    ]);
    assert!(
        err.contains("--rule") && err.contains("empty-capture") && err.contains("twice"),
        "{err}"
    );
    // A table cache with no tables to keep in it.
    let dir = tempfile::tempdir().unwrap();
    let cache = dir.path().join("tables");
    let cache = cache.to_str().unwrap();
    for args in [
        &["analyze", "--depth", "1", "--table-cache", cache][..],
        &[
            "analyze",
            "--depth",
            "1",
            "--tables",
            "0",
            "--table-cache",
            cache,
        ],
        &["solve", "--tables", "0", "--table-cache", cache],
        &["solve", "--variant", "congkak", "--table-cache", cache],
        &["engine", "--table-cache", cache],
    ] {
        let err = refused(args);
        assert!(
            err.contains("--table-cache") && err.contains("--tables"),
            "{args:?}: {err}"
        );
    }
    // The message names the flag and its own range, not a search depth.
    let err = refused(&["tune", "--random-plies", "0"]);
    assert!(
        err.contains("--random-plies") && err.contains("random plies must be 1 to"),
        "{err}"
    );
    assert!(!err.contains("depth"), "{err}");
}

/// `solve` on a finished game refuses before building any endgame table.
#[test]
fn solve_refuses_a_finished_game_before_building_tables() {
    let dir = tempfile::tempdir().unwrap();
    let cache = dir.path().join("tables");
    let record = finished_kalah_record().join(" ");
    let err = refused(&[
        "solve",
        "--moves",
        &record,
        "--tables",
        "8",
        "--table-cache",
        cache.to_str().unwrap(),
    ]);
    assert!(err.contains("over"), "{err}");
    assert!(!cache.exists(), "a table was built and kept first");
}

/// A transposition table the process cannot have (`ulimit -v` of 1 GB, `--hash 4096`)
/// is an error saying how much was asked, not an abort; one that fits still works.
#[cfg(target_os = "linux")]
#[test]
fn a_hash_that_cannot_be_allocated_is_an_error_saying_how_much() {
    let limited = |hash: &str| {
        Command::new("sh")
            .args(["-c", "ulimit -v 1000000 && exec \"$0\" \"$@\"", CLI])
            .args(["analyze", "--depth", "1", "--hash", hash, "--json"])
            .stdin(Stdio::null())
            .output()
            .unwrap()
    };
    let out = limited("4096");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("--hash") && err.contains("4096 MB") && !err.contains("panicked"),
        "{err}"
    );
    let out = limited("16");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// A 100 kB token is quoted in an error message by its first characters and an
/// ellipsis, whichever check refuses it (ours, the rules', clap's).
#[test]
fn error_messages_cut_a_huge_token() {
    let token = "7".repeat(100_000);
    let eval = format!("1:2:3:4:5:6:7:{token}");
    let rule = format!("{token}=on");
    let commands: [&[&str]; 7] = [
        &["show", "--moves", &token],
        &["show", "--rule", &rule],
        &["show", "--rule", &token],
        &["show", "--seeds", &token],
        &["show", &token],
        &["analyze", "--depth", "1", "--eval", &eval],
        &["match", "--levels", &token],
    ];
    for args in commands {
        let err = refused(args);
        assert!(err.len() < 2_000, "{:?}: {} bytes", &args[..2], err.len());
        assert!(err.contains('…'), "{:?}: {err}", &args[..2]);
    }
}

const TRADITIONAL: [&str; 10] = [
    "--variant",
    "congkak",
    "--houses",
    "7",
    "--seeds",
    "7",
    "--rule",
    "start=simultaneous",
    "--rule",
    "rounds=on",
];

#[test]
fn show_tells_the_simultaneous_first_move_rounds_and_burnt_houses() {
    let args = |extra: &[&'static str]| -> Vec<&'static str> {
        let mut all = vec!["show", "--json"];
        all.extend(TRADITIONAL);
        all.extend(extra);
        all
    };
    let start = json(&args(&[]));
    assert_eq!(start["opening"], true);
    assert_eq!(start["to_move"], Value::Null);
    assert_eq!(start["legal"], json!([]));
    assert_eq!(
        start["legal_opening"],
        json!([[1, 2, 3, 4, 5, 6, 7], [1, 2, 3, 4, 5, 6, 7]])
    );
    assert_eq!(
        (start["round"].clone(), start["over"].clone()),
        (json!(1), json!(false))
    );
    assert_eq!(start["burnt"], json!([[], []]));
    // After the first move (a token of both sides' houses) one player moves.
    let after = json(&args(&["--moves", "2+4"]));
    assert_eq!(after["opening"], false);
    assert!(after.get("legal_opening").is_none());
    assert_eq!(after["to_move"], 0, "South stopped second and moves");
    // A round played out by a record: North ends round 1 with 14 seeds, fills four
    // houses and burns houses 5 and 6; South, the round's winner, starts round 2.
    let round = json(&[
        "show",
        "--json",
        "--variant",
        "congkak",
        "--seeds",
        "3",
        "--rule",
        "rounds=on",
        "--moves",
        "1 6 6 1 6 5 2 6 6 1 6 5 1 6 4 3 6 5 2 2 5 1 6 4 3 5 5 6",
    ]);
    assert_eq!(round["round"], 2);
    assert_eq!(round["burnt"], json!([[], [5, 6]]));
    assert_eq!(
        round["houses"],
        json!([[3, 3, 3, 3, 3, 3], [3, 3, 3, 3, 0, 0]])
    );
    assert_eq!(round["stores"], json!([4, 2]));
    assert_eq!(
        (round["to_move"].clone(), round["over"].clone()),
        (json!(0), json!(false))
    );
    // The first move written as one house, or a token where none is expected, is refused.
    for (moves, reason) in [
        ("3", "both players make the first move at the same time"),
        ("3+9", "is written S+N"),
        ("3+3,1", "chooses again, but no house follows"),
        ("2+4,1", "North lists more houses than its hand chose"),
        ("2+4 1+1", "not a house number"),
    ] {
        let mut all = vec!["show"];
        all.extend(TRADITIONAL);
        all.extend(["--moves", moves]);
        let err = refused(&all);
        assert!(err.contains(reason), "{moves}: {err}");
    }
}

#[test]
fn analyze_and_solve_refuse_what_has_no_single_value() {
    let mut analyze = vec!["analyze", "--depth", "2"];
    analyze.extend(TRADITIONAL);
    assert!(refused(&analyze).contains("choose the first move at once"));
    let mut solve = vec!["solve"];
    solve.extend(TRADITIONAL);
    solve.extend(["--moves", "2+4"]);
    assert!(refused(&solve).contains("rounds=off"));
}

#[test]
fn match_plays_traditional_congkak_and_counts_the_first_turn() {
    let mut args = vec![
        "match",
        "--levels",
        "casual,casual",
        "--games",
        "4",
        "--json",
    ];
    args.extend(TRADITIONAL);
    let out = json(&args);
    assert_eq!(out["games"], 4);
    let first =
        out["first_mover_wins"].as_u64().unwrap() + out["first_mover_losses"].as_u64().unwrap();
    let draws = out["draws"].as_u64().unwrap();
    assert_eq!(first + draws, 4);
}

/// `puzzles --json`: one line a puzzle in the contract shape, each answer checked against
/// `solve` and `show` run on every legal move, as a tool that trusts neither would.
#[test]
fn puzzles_print_answers_that_solve_confirms_for_every_move() {
    let out = cli(&[
        "puzzles", "--seeds", "3", "--count", "2", "--seed", "5", "--tables", "0", "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let puzzles: Vec<Value> = text
        .lines()
        .map(|line| serde_json::from_str(line).expect("a JSON object a line"))
        .collect();
    assert_eq!(puzzles.len(), 2, "{text}");
    for puzzle in &puzzles {
        let keys: Vec<&str> = puzzle
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        assert_eq!(
            keys,
            [
                "best",
                "difficulty",
                "houses",
                "kind",
                "moves",
                "rules",
                "seeds",
                "to_move",
                "value",
                "variant"
            ]
        );
        assert_eq!(puzzle["rules"], serde_json::json!(["empty-capture=off"]));
        let record = puzzle["moves"].as_str().unwrap();
        let best: Vec<u64> = puzzle["best"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_u64().unwrap())
            .collect();
        let value = puzzle["value"].as_i64().unwrap();
        let before = json(&["show", "--seeds", "3", "--moves", record, "--json"]);
        assert_eq!(before["to_move"], puzzle["to_move"]);
        let mover = before["to_move"].as_u64().unwrap() as usize;
        for house in before["legal"].as_array().unwrap() {
            let moves = format!("{record} {house}");
            let after = json(&["show", "--seeds", "3", "--moves", &moves, "--json"]);
            let ends = if after["over"] == true {
                let stores = after["stores"].as_array().unwrap();
                stores[mover].as_i64().unwrap() - stores[1 - mover].as_i64().unwrap()
            } else {
                let solved = json(&[
                    "solve", "--seeds", "3", "--tables", "0", "--moves", &moves, "--json",
                ])["value"]
                    .as_i64()
                    .unwrap();
                if after["to_move"].as_u64() == Some(mover as u64) {
                    solved
                } else {
                    -solved
                }
            };
            if best.contains(&house.as_u64().unwrap()) {
                assert_eq!(ends, value, "the answer {house} after {record}");
            } else {
                assert!(
                    ends <= value - 2,
                    "{house} after {record} ends {ends}, the answer {value}"
                );
            }
        }
    }
    // The same flags make the same puzzles.
    let again = cli(&[
        "puzzles", "--seeds", "3", "--count", "2", "--seed", "5", "--tables", "0", "--json",
    ]);
    assert_eq!(String::from_utf8(again.stdout).unwrap(), text);
}

#[test]
fn puzzles_refuse_a_match_of_rounds_and_a_record() {
    let err = refused(&["puzzles", "--variant", "congkak", "--rule", "rounds=on"]);
    assert!(err.contains("rounds=off"), "{err}");
    let err = refused(&["puzzles", "--moves", "3"]);
    assert!(err.contains("--moves"), "{err}");
}
