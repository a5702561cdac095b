//! Minifies the style sheet that the web layer injects into each instance, so
//! `www/parlour.css` stays readable while the module carries only what the
//! browser needs (comments and layout whitespace cost bytes in every download).

use std::path::PathBuf;

fn minify(css: &str) -> String {
    // Drop comments.
    let mut text = String::with_capacity(css.len());
    let mut rest = css;
    while let Some(start) = rest.find("/*") {
        text.push_str(&rest[..start]);
        rest = rest[start + 2..]
            .find("*/")
            .map_or("", |end| &rest[start + 2 + end + 2..]);
    }
    text.push_str(rest);
    // Collapse whitespace, and drop it around punctuation that does not need it.
    let mut out = String::with_capacity(text.len());
    let mut pending_space = false;
    for c in text.chars() {
        if c.is_whitespace() {
            pending_space = true;
            continue;
        }
        if pending_space
            && !out.is_empty()
            && !"{};:,>".contains(c)
            && !out.ends_with(['{', '}', ';', ':', ',', '>'])
        {
            out.push(' ');
        }
        pending_space = false;
        out.push(c);
    }
    out.replace(";}", "}")
}

fn main() {
    println!("cargo:rerun-if-changed=www/parlour.css");
    let css =
        std::fs::read_to_string("www/parlour.css").expect("www/parlour.css is part of the crate");
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"))
        .join("parlour.min.css");
    std::fs::write(out, minify(&css)).expect("OUT_DIR is writable");
}
