#!/usr/bin/env python3
"""Trunk's post-build step: gives each built page a Content-Security-Policy,
and takes the comments out of the game pages and the picker (they are for the
source's readers, and every player would download them; embed.html, an
example for web developers, keeps its own).

The policy allows only the site's own origin: its scripts and module, the
solver worker, WebAssembly compilation ('wasm-unsafe-eval'), its styles,
images, the rules pages it fetches and its manifest. A static site cannot
make a nonce per request, so each inline <script> and <style> a page keeps
(Trunk's module loader, the page's first-paint styles, embed.html's example
code) is allowed by the SHA-256 of its exact text, computed here from the
built page. The app's own styles need no hash: it adopts them as a
constructed style sheet (src/web/app/chrome.rs).

Usage: scripts/csp.py DIR   (Trunk runs it on its staging folder: every
*.html there, each page's own build and the example embed.html)
"""
import base64
import hashlib
import re
import sys
from pathlib import Path

META = re.compile(r'\s*<meta http-equiv="Content-Security-Policy"[^>]*>')
SCRIPT = re.compile(r"(<script\b.*?</script>)", re.S)
STYLE = re.compile(r"(<style\b[^>]*>)(.*?)(</style>)", re.S)


def without_comments(html):
    """`html` without its HTML comments (outside scripts) and without the
    comments in its inline styles."""
    parts = SCRIPT.split(html)
    for i in range(0, len(parts), 2):
        text = re.sub(r"[ \t]*<!--.*?-->\n?", "", parts[i], flags=re.S)
        parts[i] = STYLE.sub(
            lambda m: m.group(1) + re.sub(r"/\*.*?\*/\n?", "", m.group(2), flags=re.S) + m.group(3),
            text,
        )
    return "".join(parts)


def hashes(html, tag):
    """The 'sha256-…' sources of every inline <tag> element of `html`."""
    found = []
    for m in re.finditer(rf"<{tag}\b([^>]*)>(.*?)</{tag}>", html, re.S):
        if tag == "script" and re.search(r"\bsrc\s*=", m.group(1)):
            continue
        digest = hashlib.sha256(m.group(2).encode("utf-8")).digest()
        found.append("'sha256-" + base64.b64encode(digest).decode("ascii") + "'")
    return sorted(set(found))


def policy(html):
    scripts = " ".join(["'self'", "'wasm-unsafe-eval'"] + hashes(html, "script"))
    styles = " ".join(["'self'"] + hashes(html, "style"))
    return "; ".join([
        "default-src 'self'",
        f"script-src {scripts}",
        f"style-src {styles}",
        "img-src 'self' data:",
        "connect-src 'self'",
        "worker-src 'self'",
        "manifest-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'none'",
    ])


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: scripts/csp.py DIR")
    folder = Path(sys.argv[1])
    pages = sorted(folder.glob("*.html"))
    if not pages:
        sys.exit(f"csp: no pages in {folder}")
    for page in pages:
        html = META.sub("", page.read_text(encoding="utf-8"))
        if page.name != "embed.html":
            html = without_comments(html)
        meta = f'<meta http-equiv="Content-Security-Policy" content="{policy(html)}">'
        # Right after the charset, before anything the policy governs.
        html, n = re.subn(r'(<meta charset="utf-8">)', r"\1\n    " + meta.replace("\\", "\\\\"), html, count=1)
        if n != 1:
            sys.exit(f"csp: {page} has no <meta charset=\"utf-8\">")
        page.write_text(html, encoding="utf-8")


if __name__ == "__main__":
    main()
