//! The offline layer's decisions, made once for the service worker
//! (`src/bin/offline.rs`): what it keeps, under which name, and which
//! requests it answers.
//!
//! A release is cached whole under a name of its own, `parlour-<version>`,
//! the version being a digest of every file the release holds
//! (`scripts/offline-release.py` writes it into `sw.js`). A new release's
//! worker fills its own cache before it takes over, and takes over only when
//! no page of the old release is open; then the old caches go. So a page
//! never runs a mix of two releases' files.

/// What every Parlour cache's name starts with.
pub const CACHE_PREFIX: &str = "parlour-";

/// The cache of the release `version`.
pub fn cache_name(version: &str) -> String {
    format!("{CACHE_PREFIX}{version}")
}

/// Whether `name` is the cache of another release of Parlour's: one to
/// delete once `current`'s worker takes over. Other caches on the origin
/// are not Parlour's to touch.
pub fn is_stale(name: &str, current: &str) -> bool {
    name.starts_with(CACHE_PREFIX) && name != current
}

/// Whether the worker answers a request: a `GET` under its own `scope` (the
/// folder the site is served from). Anything else goes to the network as if
/// there were no worker.
pub fn answers(method: &str, url: &str, scope: &str) -> bool {
    method == "GET" && url.starts_with(scope)
}

/// The folder of the release's files that are fetched only when wanted
/// (the sound effects, once a player turns them on): not cached at install,
/// but kept once fetched, so that they too play offline after.
pub const LATER: &str = "sounds/";

/// Whether a fetched response for `url` goes into the release's cache: a
/// file of [`LATER`]'s under the worker's `scope`.
pub fn keeps_when_fetched(url: &str, scope: &str) -> bool {
    url.strip_prefix(scope)
        .is_some_and(|path| path.starts_with(LATER) && !path.contains(['?', '#']))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_other_releases_caches_are_stale() {
        let mine = cache_name("abc");
        assert_eq!(mine, "parlour-abc");
        assert!(!is_stale(&mine, &mine));
        assert!(is_stale("parlour-old", &mine));
        assert!(!is_stale("someone-elses", &mine));
    }

    #[test]
    fn answers_only_reads_of_its_own_site() {
        let scope = "https://example.org/games/parlour/";
        assert!(answers(
            "GET",
            "https://example.org/games/parlour/klondike.html?seed=3",
            scope
        ));
        assert!(answers("GET", scope, scope));
        assert!(!answers(
            "POST",
            "https://example.org/games/parlour/x",
            scope
        ));
        assert!(!answers("GET", "https://example.org/other/", scope));
        assert!(!answers("GET", "https://cdn.example.com/x.js", scope));
    }

    #[test]
    fn only_the_later_files_are_kept_when_fetched() {
        let scope = "https://example.org/games/parlour/";
        assert!(keeps_when_fetched(
            "https://example.org/games/parlour/sounds/move.wav",
            scope
        ));
        assert!(!keeps_when_fetched(
            "https://example.org/games/parlour/klondike.html",
            scope
        ));
        assert!(!keeps_when_fetched(
            "https://example.org/other/sounds/move.wav",
            scope
        ));
        assert!(!keeps_when_fetched(
            "https://example.org/games/parlour/sounds/move.wav?x=1",
            scope
        ));
    }
}
