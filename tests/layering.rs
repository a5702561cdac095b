//! The crate's imports run one way, and no module imports itself round a
//! circle: `util` ← `shell` ← each game ← `games` ← `host` ← `site`, `web`.
//! No game imports another. (Read from the sources' `use crate::…` and
//! `use super::…` lines, outside their test modules and files.)
#![cfg(not(target_arch = "wasm32"))]

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Each top-level module's layer: a module may import only its own layer
/// and those below.
fn layer(top: &str) -> Option<u8> {
    Some(match top {
        "util" => 0,
        "shell" => 1,
        "klondike" | "phutball" | "dominoes" => 2,
        "games" | "page" => 3,
        "host" => 4,
        "site" | "web" => 5,
        _ => return None,
    })
}

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("src/ reads") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            if !path.ends_with("bin") {
                sources(&path, out);
            }
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// `src/a/b.rs` and `src/a/b/mod.rs` are `a::b`; `src/lib.rs` is the root.
fn module_of(src: &Path, file: &Path) -> Vec<String> {
    let rel = file
        .strip_prefix(src)
        .expect("under src/")
        .with_extension("");
    let mut parts: Vec<String> = rel
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    if parts.last().is_some_and(|p| p == "mod" || p == "lib") {
        parts.pop();
    }
    parts
}

/// The module graph: each module and the modules it imports.
fn graph() -> BTreeMap<Vec<String>, BTreeSet<Vec<String>>> {
    let src = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    let modules: BTreeMap<Vec<String>, PathBuf> = files
        .iter()
        .map(|f| (module_of(&src, f), f.clone()))
        .collect();
    let mut edges = BTreeMap::new();
    for (module, file) in &modules {
        // Test-only modules (tests.rs, game_tests.rs, fixtures) may reach anywhere.
        if module
            .last()
            .is_some_and(|m| m == "tests" || m.ends_with("_tests") || m == "fixtures")
        {
            continue;
        }
        let text = std::fs::read_to_string(file).expect("a source reads");
        let code = text.split("#[cfg(test)]").next().unwrap_or_default();
        let mut imports = BTreeSet::new();
        for line in code.lines().map(str::trim) {
            let Some(path) = line
                .strip_prefix("pub use ")
                .or_else(|| line.strip_prefix("use "))
            else {
                continue;
            };
            let path: Vec<&str> = path
                .split([';', '{', ' '])
                .next()
                .unwrap_or_default()
                .split("::")
                .filter(|p| !p.is_empty())
                .collect();
            let full: Vec<String> = match path.split_first() {
                Some((&"crate", rest)) => rest.iter().map(|s| s.to_string()).collect(),
                Some((&"super", rest)) => {
                    let mut parent = module.clone();
                    parent.pop();
                    parent.extend(rest.iter().map(|s| s.to_string()));
                    parent
                }
                _ => continue,
            };
            // The longest prefix that is a module of the crate.
            if let Some(target) = (1..=full.len())
                .rev()
                .map(|k| full[..k].to_vec())
                .find(|m| modules.contains_key(m))
            {
                if &target != module {
                    imports.insert(target);
                }
            }
        }
        edges.insert(module.clone(), imports);
    }
    edges
}

#[test]
fn imports_run_one_way_and_no_game_imports_another() {
    let mut wrong = Vec::new();
    for (from, imports) in graph() {
        let Some(top) = from.first() else { continue };
        let Some(mine) = layer(top) else { continue };
        for to in imports {
            let theirs = layer(&to[0]).unwrap_or(u8::MAX);
            let other_game = mine == 2 && theirs == 2 && to[0] != *top;
            if theirs > mine || other_game {
                wrong.push(format!("{} imports {}", from.join("::"), to.join("::")));
            }
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

#[test]
fn no_module_imports_itself_round_a_circle() {
    let edges = graph();
    // Depth-first search for a back edge, reporting the circle it closes.
    fn visit(
        m: &Vec<String>,
        edges: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>,
        path: &mut Vec<Vec<String>>,
        done: &mut BTreeSet<Vec<String>>,
        circles: &mut Vec<String>,
    ) {
        if let Some(at) = path.iter().position(|p| p == m) {
            let names: Vec<String> = path[at..].iter().map(|p| p.join("::")).collect();
            circles.push(format!("{} -> {}", names.join(" -> "), m.join("::")));
            return;
        }
        if !done.insert(m.clone()) {
            return;
        }
        path.push(m.clone());
        for next in edges.get(m).into_iter().flatten() {
            visit(next, edges, path, done, circles);
        }
        path.pop();
    }
    let mut circles = Vec::new();
    let mut done = BTreeSet::new();
    for m in edges.keys() {
        visit(m, &edges, &mut Vec::new(), &mut done, &mut circles);
    }
    assert!(circles.is_empty(), "{circles:#?}");
}

/// The engines are crates of their own (`crates/`): none depends on the
/// shell, the web layer, web-sys or another game. Cargo refuses a circle,
/// so the main crate's depending on them keeps them below it; this checks
/// what each may depend on: the kit, and crates from outside.
#[test]
fn each_engine_crate_depends_on_the_kit_and_nothing_above_it() {
    let crates = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("crates");
    let mut seen = 0;
    for entry in std::fs::read_dir(&crates).expect("crates/ reads") {
        let folder = entry.expect("an entry").path();
        // The command line sits above the library, not below it.
        if folder.ends_with("cli") {
            continue;
        }
        let manifest = folder.join("Cargo.toml");
        let Ok(text) = std::fs::read_to_string(&manifest) else {
            continue;
        };
        seen += 1;
        let name = text
            .lines()
            .find_map(|l| l.strip_prefix("name = "))
            .unwrap_or_default()
            .trim_matches('"')
            .to_owned();
        let deps = text
            .split("[dependencies]")
            .nth(1)
            .unwrap_or_default()
            .split("\n[")
            .next()
            .unwrap_or_default();
        for dep in deps
            .lines()
            .filter_map(|l| l.split('=').next())
            .map(str::trim)
        {
            let allowed = dep.is_empty()
                || dep.starts_with('#')
                || dep == "parlour-kit"
                || !(dep.starts_with("parlour") || dep.contains("web-sys") || dep.contains("wasm"));
            assert!(allowed, "{name} depends on {dep}");
        }
        if name != "parlour-kit" {
            assert!(deps.contains("parlour-kit"), "{name} is built on the kit");
        }
    }
    assert!(seen >= 2, "the kit and at least one engine");
}
