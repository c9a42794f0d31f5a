fn main() {
    stackplay::start();
}
