//! The layering the README promises, read from the sources: the engines (`core`, `ai`, each
//! game's files but its `view*.rs`) never reach up into the UI or a web crate. (Building them
//! without the `ui` feature proves they compile alone; this says where a file may not look.)
#![cfg(not(target_arch = "wasm32"))]

use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`.
fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for entry in std::fs::read_dir(&d).expect("a source folder") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                todo.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// The lines of `path` that use the UI or a web crate (comments left out).
fn reaching_up(path: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(path).expect("a source file");
    text.lines()
        .map(|l| l.split("//").next().unwrap_or_default())
        .filter(|code| {
            [
                "crate::ui",
                "yew::",
                "web_sys",
                "gloo",
                "js_sys",
                "wasm_bindgen",
            ]
            .iter()
            .any(|w| code.contains(w))
        })
        .map(str::to_string)
        .collect()
}

#[test]
fn engines_never_reach_up_into_the_ui() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut engines = sources(&src.join("core"));
    engines.extend(sources(&src.join("ai")));
    let games = sources(&src.join("games"));
    assert!(games.len() > 20, "the games' sources are found");
    engines.extend(games.into_iter().filter(|p| {
        let name = p.file_name().and_then(|n| n.to_str()).unwrap_or_default();
        !name.starts_with("view")
    }));
    let bad: Vec<String> = engines
        .iter()
        .flat_map(|p| {
            reaching_up(p)
                .into_iter()
                .map(move |l| format!("{}: {l}", p.display()))
        })
        .collect();
    assert!(
        bad.is_empty(),
        "engine files using the UI:\n{}",
        bad.join("\n")
    );
}
