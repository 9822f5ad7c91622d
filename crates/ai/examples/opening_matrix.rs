use mancala_ai::*;
use mancala_engine::*;
fn main() {
    for rules in [
        Rules::traditional_congkak(),
        Rules::builder(Variant::Congkak)
            .start(Start::Simultaneous)
            .build()
            .unwrap(),
    ] {
        let start = Position::start(rules);
        let lockstep = Lockstep::new(&start).unwrap();
        let mut searcher = Searcher::new(16);
        for depth in [4, 8] {
            let t = std::time::Instant::now();
            let limits = Limits {
                depth: Some(depth),
                time: Some(std::time::Duration::from_millis(20)),
                ..Limits::default()
            };
            let m = opening_matrix(&mut searcher, &lockstep, &limits);
            let el = t.elapsed();
            for row in &m.values {
                println!(
                    "{}",
                    row.iter().map(|v| format!("{v:>5.0}")).collect::<String>()
                );
            }
            let (s, n, v) = m.equilibrium();
            println!(
                "depth {depth} {el:?} value {v:.2}\n S {s:.2?}\n N {n:.2?}\n strat S {:.2?}",
                m.strategy(Side::South, 1.0)
            );
        }
    }
}
