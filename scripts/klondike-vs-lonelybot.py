#!/usr/bin/env python3
"""Parlour's Klondike solver and lonelybot's, side by side on the same deals.

    scripts/klondike-vs-lonelybot.py LONECLI [--draw 1|3] [--seeds A..B]
                                     [--budget-s S] [--parlour PATH] [--out FILE]

LONECLI is a lonelybot command-line build (github.com/vuonghy2442/lonelybot,
`cargo build --release -p lonecli` in a scratch folder outside this project;
its code is never part of Parlour). Each deal is Parlour's seeded deal
(`parlour klondike deal --seed N`), handed to lonelybot as the same cards in
its "exact" deal numbering, unlimited passes, drawing D.

One process per deal and solver. CPU time (user + system) and peak memory come
from the operating system (wait4's rusage). Both get the same CPU-time budget:
Parlour through `--budget-cpu-ms`, lonelybot through RLIMIT_CPU (a deal it has
not decided by then counts as unknown).

Prints a line per deal and a summary: the verdicts and whether any differ, the
median and p99 CPU time of each, and on the deals where either took 10 ms or
more, the median ratio of Parlour's CPU time to lonelybot's and every deal
over 10x. Exits 1 if any verdict differs (a bug in one of the solvers).
"""

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys

RANKS = "A23456789TJQK"
# lonelybot's suit numbers: hearts, diamonds, clubs, spades.
SUITS = {"H": 0, "D": 1, "C": 2, "S": 3}
RED = set("HD")


def run(argv, cpu_limit_s=None):
    """Runs argv; returns (exit status, stdout, CPU seconds, peak RSS in KB)."""

    def limit():
        if cpu_limit_s is not None:
            # The soft limit sends SIGXCPU, which ends the process.
            s = max(1, int(cpu_limit_s + 0.999))
            resource.setrlimit(resource.RLIMIT_CPU, (s, s + 1))

    proc = subprocess.Popen(
        argv, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, preexec_fn=limit
    )
    out = proc.stdout.read().decode()
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = status
    return status, out, usage.ru_utime + usage.ru_stime, usage.ru_maxrss


def parlour_deal(parlour, seed):
    """Parlour's deal of `seed`: (piles bottom first, stock first dealt first)."""
    _, out, _, _ = run([parlour, "klondike", "deal", "--seed", str(seed)])
    piles, stock = [], None
    for line in out.splitlines():
        if line.startswith("T"):
            cards = line.split(":", 1)[1].split()
            if "/" in cards:
                sys.exit(f"seed {seed}: a dealt pile with a '/' is not a fresh deal")
            piles.append(cards)
        elif line.startswith("stock:"):
            stock = line.split(":", 1)[1].split()
    if len(piles) != 7 or stock is None or len(stock) != 24:
        sys.exit(f"seed {seed}: not a Klondike deal:\n{out}")
    return piles, stock


def lonely_index(card):
    """lonelybot's number for a card: rank * 4 + suit."""
    return RANKS.index(card[0]) * 4 + SUITS[card[1]]


def exact_number(piles, stock):
    """The deal as lonelybot's exact deal number: its deck order is pile i's
    cards (i from 0, bottom first, the face-up card last) at i(i+1)/2, then
    the stock, first dealt first; the number ranks that permutation."""
    order = [c for pile in piles for c in pile] + stock
    cards = [lonely_index(c) for c in order]
    number = 0
    for i in range(51, 0, -1):
        pos = cards[: i + 1].index(i)
        number = number * (i + 1) + pos
        cards[pos], cards[i] = cards[i], cards[pos]
    return number


def check_conversion(lonecli, seed, piles, stock, number):
    """lonelybot prints the deal it reads back: it must be Parlour's."""
    _, out, _, _ = run([lonecli, "print", "exact", str(number)])
    shown = json.loads(out)
    theirs = [[c.upper().replace("10", "T") for c in p] for p in shown["tableau piles"]]
    their_stock = [c.upper().replace("10", "T") for c in reversed(shown["stock"])]
    if theirs != piles or their_stock != stock:
        sys.exit(
            f"seed {seed}: lonelybot reads another deal\nours   {piles} {stock}\n"
            f"theirs {theirs} {their_stock}"
        )


def solve_parlour(parlour, seed, draw, budget_s):
    argv = [parlour, "klondike", "solve", "--draw", str(draw), "--passes", "unlimited",
            "--budget-cpu-ms", str(int(budget_s * 1000)), "--seeds", f"{seed}..{seed}"]
    status, out, cpu, rss = run(argv)
    verdict = "error"
    for line in out.splitlines():
        if line.startswith(f"seed {seed}:"):
            verdict = line.split()[2]
    return verdict if status == 0 else "error", cpu, rss


def solve_lonely(lonecli, number, draw, budget_s):
    status, out, cpu, rss = run([lonecli, "solve", "exact", str(number), str(draw)], budget_s)
    if "Solvable in" in out:
        verdict = "winnable"
    elif "Impossible" in out:
        verdict = "unwinnable"
    else:
        verdict = "unknown"  # out of CPU time, or ended otherwise
    return verdict, cpu, rss


def pct(sorted_values, p):
    if not sorted_values:
        return 0.0
    return sorted_values[min(len(sorted_values) - 1, round((len(sorted_values) - 1) * p))]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("lonecli", help="path of a lonelybot lonecli build")
    ap.add_argument("--draw", type=int, choices=(1, 3), default=3)
    ap.add_argument("--seeds", default="1..200", help="a range A..B of Parlour seeds")
    ap.add_argument("--budget-s", type=float, default=10.0, help="CPU seconds per deal each")
    ap.add_argument("--parlour", default="target/release/parlour")
    ap.add_argument("--out", help="also write the per-deal lines to this file")
    a = ap.parse_args()
    try:
        lo, hi = (int(x) for x in a.seeds.split(".."))
    except ValueError:
        sys.exit(f"--seeds: '{a.seeds}' is not a range like 1..200")
    for path in (a.lonecli, a.parlour):
        if not os.access(path, os.X_OK):
            sys.exit(f"{path}: not an executable (build Parlour with `cargo build --release "
                     f"-p parlour-cli`; lonelybot as the docstring says)")

    rows = []
    log = open(a.out, "w") if a.out else None
    header = "seed parlour_verdict parlour_cpu_ms parlour_rss_kb lonely_verdict lonely_cpu_ms lonely_rss_kb"
    print(header, flush=True)
    if log:
        print(header, file=log, flush=True)
    for seed in range(lo, hi + 1):
        piles, stock = parlour_deal(a.parlour, seed)
        number = exact_number(piles, stock)
        check_conversion(a.lonecli, seed, piles, stock, number)
        pv, pc, pr = solve_parlour(a.parlour, seed, a.draw, a.budget_s)
        lv, lc, lr = solve_lonely(a.lonecli, number, a.draw, a.budget_s)
        rows.append((seed, pv, pc * 1000, pr, lv, lc * 1000, lr))
        line = f"{seed} {pv} {pc * 1000:.1f} {pr} {lv} {lc * 1000:.1f} {lr}"
        print(line, flush=True)
        if log:
            print(line, file=log, flush=True)

    def decided(v):
        return v in ("winnable", "unwinnable")

    differ = [r for r in rows if decided(r[1]) and decided(r[4]) and r[1] != r[4]]
    n = len(rows)
    print(f"\nsummary: seeds {lo}..{hi}, draw {a.draw}, unlimited passes, "
          f"{a.budget_s:g} s of CPU each")
    for name, vi, ci, ri in (("parlour", 1, 2, 3), ("lonelybot", 4, 5, 6)):
        won = sum(r[vi] == "winnable" for r in rows)
        lost = sum(r[vi] == "unwinnable" for r in rows)
        unknown = [r[0] for r in rows if not decided(r[vi])]
        cpu = sorted(r[ci] for r in rows)
        print(f"{name:9} won {won} lost {lost} unknown {len(unknown)} {unknown[:20]}  "
              f"cpu ms median {pct(cpu, 0.5):.1f} p99 {pct(cpu, 0.99):.1f} max {cpu[-1]:.1f}  "
              f"peak RSS {max(r[ri] for r in rows) / 1024:.0f} MB")
    slow = [r for r in rows if max(r[2], r[5]) >= 10.0]
    if slow:
        ratios = sorted((r[2] / max(r[5], 0.1), r[0]) for r in slow)
        over = [(s, round(x, 1)) for x, s in ratios if x > 10.0]
        print(f"deals where either took >= 10 ms: {len(slow)} of {n}; parlour/lonelybot CPU "
              f"median {statistics.median(x for x, _ in ratios):.2f}, "
              f"largest {ratios[-1][0]:.1f}x (seed {ratios[-1][1]}), over 10x: {over}")
    print(f"verdicts differing: {len(differ)} {[r[0] for r in differ]}")
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
