//! Move-making speed: perft plays every move, the last ply included.
//! `cargo bench --bench engine`; the README's figures come from `mancala-cli perft`.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use mancala_engine::{perft, Position, Rules, Variant};
use std::hint::black_box;

fn perft_bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for (variant, depth) in [
        (Variant::Kalah, 9),
        (Variant::Oware, 9),
        (Variant::Congkak, 8),
    ] {
        let start = Position::start(Rules::new(variant));
        let leaves = perft(&start, depth);
        group.throughput(Throughput::Elements(leaves));
        group.bench_function(format!("{variant} 4 seeds depth {depth}"), |b| {
            b.iter(|| perft(black_box(&start), depth))
        });
    }
    group.finish();
}

criterion_group!(benches, perft_bench);
criterion_main!(benches);
