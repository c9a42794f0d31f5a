//! Static files of the site fetched when a page needs them (the rules texts, the boards' keys):
//! words and pictures that would otherwise cost the first load.

use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

/// The text of the site's file at `path` (relative to the site's root), or `None` when it
/// cannot be had (offline without the offline copy, or a server error).
pub async fn fetch_text(path: &str) -> Option<String> {
    let window = web_sys::window()?;
    let response = JsFuture::from(window.fetch_with_str(path))
        .await
        .ok()?
        .dyn_into::<web_sys::Response>()
        .ok()?;
    if !response.ok() {
        return None;
    }
    JsFuture::from(response.text().ok()?)
        .await
        .ok()?
        .as_string()
}
