#!/usr/bin/env python3
"""Two builds of the command line's Klondike solver, side by side on the same deals.

    scripts/klondike-ab.py OLD NEW SEEDS [--draw 3] [--runs 2] [--budget-cpu-ms 20000]

SEEDS is a range (A..B), a list (A,B,C) or a file of seeds. For each
deal the two builds solve it at the same time, one process each (on a
machine with two cores or more, each has a core), `--runs` times; the time
of each is the median of its runs, from the solver's own CPU clock. Running
them together means that whatever else the machine does (a neighbour on the
same host, the memory's load) slows both alike, so their ratio holds where
either time alone moves by a fifth from one minute to the next.

Prints, per deal, each build's verdict, positions and time and their ratio
(NEW / OLD), then the median ratio and the ratio of the summed times. Exits
with status 1 if any verdict differs.
"""

import argparse
import re
import statistics
import subprocess
import sys

LINE = re.compile(r"seed (\d+): (\w+) nodes (\d+) ([\d.]+) ms")


def seeds_of(text):
    if ".." in text:
        a, b = text.split("..")
        return list(range(int(a), int(b) + 1))
    if "," in text or text.isdigit():
        return [int(x) for x in text.split(",")]
    with open(text) as f:
        return [int(x) for x in f.read().split()]


def start(binary, seed, args):
    return subprocess.Popen(
        [binary, "klondike", "solve", "--draw", str(args.draw), "--passes", "unlimited",
         "--seeds", f"{seed}..{seed}", "--budget-cpu-ms", str(args.budget_cpu_ms)],
        stdout=subprocess.PIPE, text=True)


def result(process):
    out = process.communicate()[0]
    m = LINE.search(out)
    if not m:
        sys.exit(f"no result line in: {out!r}")
    return m.group(2), int(m.group(3)), float(m.group(4))


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("old")
    p.add_argument("new")
    p.add_argument("seeds")
    p.add_argument("--draw", type=int, default=3)
    p.add_argument("--runs", type=int, default=2)
    p.add_argument("--budget-cpu-ms", type=int, default=20000)
    args = p.parse_args()
    ratios, total_old, total_new, differ = [], 0.0, 0.0, []
    for seed in seeds_of(args.seeds):
        olds, news = [], []
        for _ in range(args.runs):
            a, b = start(args.old, seed, args), start(args.new, seed, args)
            olds.append(result(a))
            news.append(result(b))
        t_old = statistics.median(r[2] for r in olds)
        t_new = statistics.median(r[2] for r in news)
        (v_old, n_old, _), (v_new, n_new, _) = olds[0], news[0]
        if v_old != v_new:
            differ.append(seed)
        total_old += t_old
        total_new += t_new
        ratio = t_new / t_old if t_old > 0 else 1.0
        ratios.append(ratio)
        print(f"{seed}: {v_old} {n_old} {t_old:.1f} ms | {v_new} {n_new} {t_new:.1f} ms"
              f" | ratio {ratio:.3f}{'  VERDICT DIFFERS' if v_old != v_new else ''}",
              flush=True)
    print(f"median ratio {statistics.median(ratios):.3f}; summed times {total_old:.0f} ms"
          f" against {total_new:.0f} ms ({total_new / max(total_old, 1e-9):.3f}); verdicts differing: "
          f"{differ or 'none'}")
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
