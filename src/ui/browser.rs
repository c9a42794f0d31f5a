//! Small wrappers over browser calls the pages need (navigation, files, clipboard).

use wasm_bindgen::JsCast;

use super::routes::Route;

/// The current location hash.
pub fn current_hash() -> String {
    web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .unwrap_or_default()
}

/// Goes to `route` (a hash change, so the app's router follows).
pub fn navigate(route: &Route) {
    if let Some(w) = web_sys::window() {
        let _ = w.location().set_hash(&route.href());
    }
}

/// The page's address without its hash, for share links.
pub fn base_url() -> String {
    web_sys::window()
        .and_then(|w| {
            let l = w.location();
            Some(format!(
                "{}{}{}",
                l.origin().ok()?,
                l.pathname().ok()?,
                l.search().ok()?
            ))
        })
        .unwrap_or_default()
}

/// Offers `text` as a file download named `filename`.
pub fn download(filename: &str, text: &str) -> Result<(), String> {
    let fail = |_| "the browser refused the download".to_string();
    let parts = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(text));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("application/json");
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options).map_err(fail)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(fail)?;
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or("no document")?;
    let a: web_sys::HtmlAnchorElement = document
        .create_element("a")
        .map_err(fail)?
        .dyn_into()
        .map_err(|_| "no anchor".to_string())?;
    a.set_href(&url);
    a.set_download(filename);
    a.click();
    let _ = web_sys::Url::revoke_object_url(&url);
    Ok(())
}

/// Copies `text` to the clipboard; `true` when the browser did. The clipboard exists only
/// on secure pages (https or localhost), and the browser may refuse it.
pub async fn copy_to_clipboard(text: &str) -> bool {
    let Some(navigator) = web_sys::window().map(|w| w.navigator()) else {
        return false;
    };
    let has_clipboard = js_sys::Reflect::get(&navigator, &"clipboard".into())
        .map(|c| !c.is_undefined() && !c.is_null())
        .unwrap_or(false);
    if !has_clipboard {
        return false;
    }
    let promise = navigator.clipboard().write_text(text);
    wasm_bindgen_futures::JsFuture::from(promise).await.is_ok()
}

/// Asks the player to confirm something that cannot be undone.
pub fn confirm(question: &str) -> bool {
    web_sys::window()
        .and_then(|w| w.confirm_with_message(question).ok())
        .unwrap_or(false)
}

/// A setting of this device, not of any game (the replay's speed), from localStorage
/// (`stackplay.setting.<name>`); `None` where there is none or no storage.
pub fn setting(name: &str) -> Option<String> {
    // Natively there is no browser (the first paint drawn by tests/first_paint.rs).
    if cfg!(not(target_arch = "wasm32")) {
        return None;
    }
    let storage = web_sys::window()?.local_storage().ok()??;
    storage
        .get_item(&format!("stackplay.setting.{name}"))
        .ok()?
}

/// Keeps a setting of this device ([`setting`]); where the browser gives no storage it lasts
/// as long as the page.
pub fn set_setting(name: &str, value: &str) {
    if let Some(Ok(Some(storage))) = web_sys::window().map(|w| w.local_storage()) {
        let _ = storage.set_item(&format!("stackplay.setting.{name}"), value);
    }
}

/// A date and time in the player's locale.
pub fn local_time(ms: f64) -> String {
    let d = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(ms));
    String::from(d.to_locale_string("default", &wasm_bindgen::JsValue::UNDEFINED))
}

#[wasm_bindgen::prelude::wasm_bindgen(inline_js = r#"
const LIMIT = 4000000;
export async function deflateRaw(text) {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}
export async function inflateRaw(bytes) {
  const reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate-raw')).getReader();
  const parts = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > LIMIT) { await reader.cancel(); throw new Error('too large'); }
    parts.push(value);
  }
  return new TextDecoder('utf-8', { fatal: true }).decode(await new Blob(parts).arrayBuffer());
}
"#)]
extern "C" {
    #[wasm_bindgen(js_name = deflateRaw, catch)]
    fn deflate_raw(text: &str) -> Result<js_sys::Promise, wasm_bindgen::JsValue>;
    #[wasm_bindgen(js_name = inflateRaw, catch)]
    fn inflate_raw(bytes: &[u8]) -> Result<js_sys::Promise, wasm_bindgen::JsValue>;
}

/// `text` compressed with the browser's own deflate (no compressor in the bundle); `None`
/// where the browser has none.
pub async fn deflate(text: &str) -> Option<Vec<u8>> {
    let promise = deflate_raw(text).ok()?;
    let bytes = wasm_bindgen_futures::JsFuture::from(promise).await.ok()?;
    Some(js_sys::Uint8Array::new(&bytes).to_vec())
}

/// The text `bytes` inflate to; `None` when they are not deflate data, the text is not UTF-8
/// or it would be larger than 4 MB (a link is never that large).
pub async fn inflate(bytes: &[u8]) -> Option<String> {
    let promise = inflate_raw(bytes).ok()?;
    wasm_bindgen_futures::JsFuture::from(promise)
        .await
        .ok()?
        .as_string()
}

/// What the browser says this site uses of its storage, and allows it (bytes), when it says.
pub async fn storage_estimate() -> Option<(f64, f64)> {
    let storage = web_sys::window()?.navigator().storage();
    let estimate = wasm_bindgen_futures::JsFuture::from(storage.estimate().ok()?)
        .await
        .ok()?;
    let read = |name: &str| {
        js_sys::Reflect::get(&estimate, &name.into())
            .ok()
            .and_then(|v| v.as_f64())
    };
    Some((read("usage")?, read("quota")?))
}
