#!/usr/bin/env python3
"""Where the WebAssembly module's code goes: the size of each function's body
in the code section, named from the module's name section, largest first, and
totals by Rust module path.

Usage:
    cargo build --release --target wasm32-unknown-unknown --lib --no-default-features
    scripts/wasm-sizes.py target/wasm32-unknown-unknown/release/parlour.wasm [TOP] [FILTER]

The module measured is the one rustc writes, before wasm-bindgen and wasm-opt
(which drop the names): read the figures as shares, not as bytes shipped.
FILTER keeps only functions whose mangled name contains it (e.g. Shell).
"""
import collections
import re
import sys


def leb(b, i):
    """An unsigned LEB128 number at b[i]: (value, next index)."""
    value = shift = 0
    while True:
        byte = b[i]
        i += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, i


def functions(data):
    """(size, name) of every function defined in the module."""
    i, imported, code, names = 8, 0, b"", {}
    while i < len(data):
        section, i = data[i], i + 1
        size, i = leb(data, i)
        body = data[i : i + size]
        i += size
        if section == 2:  # imports: functions among them shift the indices
            n, j = leb(body, 0)
            for _ in range(n):
                for _ in range(2):
                    length, j = leb(body, j)
                    j += length
                kind, j = body[j], j + 1
                if kind == 0:
                    _, j = leb(body, j)
                    imported += 1
                elif kind == 1:
                    j += 1
                    flags, j = leb(body, j)
                    _, j = leb(body, j)
                    if flags & 1:
                        _, j = leb(body, j)
                elif kind == 2:
                    flags, j = leb(body, j)
                    _, j = leb(body, j)
                    if flags & 1:
                        _, j = leb(body, j)
                elif kind == 3:
                    j += 2
        elif section == 10:
            code = body
        elif section == 0:
            length, j = leb(body, 0)
            if body[j : j + length] == b"name":
                j += length
                while j < len(body):
                    sub, j = body[j], j + 1
                    sub_size, j = leb(body, j)
                    part, j = body[j : j + sub_size], j + sub_size
                    if sub == 1:
                        n, k = leb(part, 0)
                        for _ in range(n):
                            index, k = leb(part, k)
                            length, k = leb(part, k)
                            names[index] = part[k : k + length].decode("utf-8", "replace")
                            k += length
    out = []
    n, j = leb(code, 0)
    for f in range(n):
        size, start = leb(code, j)
        out.append((size, names.get(imported + f, "?")))
        j = start + size
    return out


def path(name):
    """A legacy-mangled name's module path, readably; other names as they are."""
    if not name.startswith("_ZN"):
        return name[:60]
    rest, parts = name[3:], []
    while rest and rest[0].isdigit():
        digits = re.match(r"\d+", rest).group(0)
        length = int(digits)
        rest = rest[len(digits) :]
        parts.append(rest[:length])
        rest = rest[length:]
    text = "::".join(parts[:-1])
    for code, char in [("$LT$", "<"), ("$GT$", ">"), ("$u20$", " "), ("$C$", ","), ("..", "::")]:
        text = text.replace(code, char)
    return text


def main():
    wasm = open(sys.argv[1], "rb").read()
    top = int(sys.argv[2]) if len(sys.argv) > 2 else 30
    keep = sys.argv[3] if len(sys.argv) > 3 else ""
    funcs = [(s, n) for s, n in functions(wasm) if keep in n]
    print(f"{sum(s for s, _ in funcs)} bytes of code in {len(funcs)} functions")
    for size, name in sorted(funcs, reverse=True)[:top]:
        print(f"{size:8} {path(name)}")
    totals = collections.Counter()
    for size, name in funcs:
        totals[path(name)] += size
    print("\nby module path:")
    for name, size in totals.most_common(top):
        print(f"{size:8} {name}")


if __name__ == "__main__":
    main()
