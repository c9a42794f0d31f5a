// The page's allocator: talc instead of the standard library's dlmalloc (smaller in the first
// load; docs/bundle.md, "The allocator").
#[cfg(all(not(target_feature = "atomics"), target_family = "wasm"))]
#[global_allocator]
static TALC: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

fn main() {
    stackplay::start();
}
