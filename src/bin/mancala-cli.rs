//! Engine tools for scripts and benchmarks; see `mancala-cli help`.

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let Err(error) = mancala::cli::run(&args) {
        eprintln!("mancala-cli: {error}");
        std::process::exit(2);
    }
}
