//! What the store needs of the browser besides its database: the clock, fresh ids and
//! fresh seeds.

/// Milliseconds since 1970, from the browser's clock.
pub fn now_ms() -> f64 {
    js_sys::Date::now()
}

/// A fresh id for a saved game: time and randomness, safe in URLs and keys.
pub fn new_id() -> String {
    let t = now_ms() as u64;
    let r = (js_sys::Math::random() * 1e12) as u64;
    format!("{t:x}{r:x}")
}

/// A fresh seed for a new game. It stays below 2^53 so that any JavaScript tool that reads
/// and rewrites a record keeps it exact.
pub fn new_seed() -> u64 {
    (js_sys::Math::random() * 9_007_199_254_740_992.0) as u64
}
