#!/usr/bin/env python3
"""How a share of turns between a deal's own search and its relaxation would do.

    scripts/klondike-relax-share.py OWN RELAX [--shares 4,8,16,32,64,128]

OWN is the output of `parlour klondike solve --draw 3 ...` from a build with
the relaxation switched off (`RELAX_AFTER` set to `u64::MAX` in
`crates/klondike/src/solver/engine.rs`), RELAX the output of the same deals
dealt singly (`--draw 1`), which is the relaxation searched alone: one
`seed N: VERDICT nodes P T ms` line a deal in each, as the command prints.

For each share it models the released schedule: the deal's own search alone
for 100,000 positions, then turns of 4,096 of its positions and SHARE x 4,096
of the relaxation's. The deal is decided when its own search is over, or when
the relaxation is lost; a won relaxation stops and the own search goes on
alone. Each search's positions cost what they cost it alone (its time over its
positions). Prints, per share, how many deals come out over 1 s, the 100th
largest time (p99 of 10,000 deals when the files hold the slowest 100 or
more), and the summed time.

The model is a guide for choosing the share; a change is measured side by
side with `scripts/klondike-ab.py`, and the target's figure by the solve
command itself.
"""

import argparse
import re

LINE = re.compile(r"seed (\d+): (\w+) nodes (\d+) ([\d.]+) ms")
OWN_TURN = 4096
RELAX_AFTER = 100_000


def load(path):
    runs = {}
    with open(path) as f:
        for line in f:
            m = LINE.search(line)
            if m:
                runs[int(m[1])] = (m[2], int(m[3]), float(m[4]))
    return runs


def modelled_ms(own, relax, share):
    """The time the schedule takes on one deal; None if neither search decides it."""
    own_verdict, own_total, own_ms = own
    relax_verdict, relax_total, relax_ms = relax
    own_cost = own_ms / max(own_total, 1)
    relax_cost = relax_ms / max(relax_total, 1)
    # A search left unknown never ends within the model.
    own_end = own_total if own_verdict != "unknown" else None
    relax_end = relax_total if relax_verdict != "unknown" else None
    own_done = min(own_total, RELAX_AFTER)
    relax_done = 0
    relaxing = True
    while True:
        if own_end is not None and own_done >= own_end:
            return own_done * own_cost + relax_done * relax_cost
        if relaxing:
            relax_done += share * OWN_TURN
            if relax_end is not None and relax_done >= relax_end:
                relax_done = relax_end
                if relax_verdict == "unwinnable":
                    return own_done * own_cost + relax_done * relax_cost
                relaxing = False
            elif own_end is None and relax_end is None:
                return None
        if not relaxing:
            if own_end is None:
                return None
            own_done = own_end
            continue
        own_done += OWN_TURN


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("own")
    ap.add_argument("relax")
    ap.add_argument("--shares", default="4,8,16,32,64,128")
    args = ap.parse_args()
    own, relax = load(args.own), load(args.relax)
    seeds = sorted(set(own) & set(relax))
    print(f"{len(seeds)} deals in both files")
    for share in (int(s) for s in args.shares.split(",")):
        times = [modelled_ms(own[s], relax[s], share) for s in seeds]
        undecided = sum(t is None for t in times)
        decided = sorted(t for t in times if t is not None)
        over = sum(t > 1000 for t in decided) + undecided
        hundredth = decided[-100 + undecided] if len(decided) >= 100 - undecided else float("nan")
        print(
            f"share {share:4d}: over 1 s {over:4d}  100th largest {hundredth:7.0f} ms"
            f"  summed {sum(decided) / 1000:8.1f} s  undecided {undecided}"
        )


if __name__ == "__main__":
    main()
