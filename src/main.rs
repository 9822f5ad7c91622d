fn main() {
    let w = mancala::AppWindow::new().unwrap();
    w.run().unwrap();
}
