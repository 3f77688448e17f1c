#!/usr/bin/env python3
"""Compares kibitzer's LIN reader with endplay's over the corpus LIN files:
hands, dealer, vulnerability, auction and play, board by board.

    python3 -m venv /tmp/ep && /tmp/ep/bin/pip install endplay
    cargo build
    /tmp/ep/bin/python scripts/lin-vs-endplay.py ../shared/corpus/lin \
        --fixture tests/fixtures/lin/endplay.json > scripts/lin-vs-endplay.expected

Prints one line a file (boards compared, boards agreeing) and one line a
disagreement; endplay's failures to read a file are printed as such.

With --fixture, also writes what endplay read from each file (its boards,
or its error) as JSON, so that tests/suite/lin_endplay.rs can repeat the
comparison offline, where endplay cannot be installed.
"""

import json
import os
import subprocess
import sys

from endplay.config import suppress_unicode
from endplay.parsers import lin
from endplay.types import ContractBid

KIBITZER = os.environ.get("KIBITZER", "target/debug/kibitzer")
SEATS = "NESW"
VUL = {"none": "none", "ns": "ns", "ew": "ew", "both": "both"}


def ours(path):
    out = subprocess.run([KIBITZER, "dump", path], capture_output=True, text=True, check=True)
    boards = []
    for line in out.stdout.splitlines():
        r = json.loads(line)
        boards.append({
            "hands": {s: r["hands"].get(s, "") for s in SEATS},
            "dealer": r["dealer"],
            "vulnerability": r["vulnerable"],
            "auction": r["auction"],
            "play": r["play"],
        })
    return boards


STRAIN = "SHDCN"


def call(bid):
    if isinstance(bid, ContractBid):
        return f"{bid.level}{STRAIN[bid.denom.value]}"
    return {"passed": "P", "pass": "P", "doubled": "X", "double": "X", "redoubled": "XX", "redouble": "XX"}[bid.penalty.name]


def board_shape(b):
    """One endplay board as the fixture keeps it."""
    hands = {}
    for s, name in zip(SEATS, ["north", "east", "south", "west"]):
        hand = getattr(b.deal, name) if b.deal else None
        hands[s] = hand.to_pbn() if hand is not None else ""
    return {
        "hands": hands,
        "dealer": b.dealer.name[0].upper() if b.dealer is not None else None,
        "vulnerability": VUL.get(b.vul.name) if b.vul is not None else None,
        "auction": [call(x) for x in b.auction],
        "play": [f"{STRAIN[c.suit.value]}{c.rank.name[1]}" for c in b.play],
    }


def theirs(path):
    with open(path, encoding="utf-8", errors="replace") as f, suppress_unicode():
        boards = lin.load(f)
    return [board_shape(b) for b in boards]


def endplay_read(path):
    """endplay's boards, or the error it raised, as the fixture keeps them."""
    try:
        return {"boards": theirs(path)}
    except Exception as e:  # endplay's own failures are part of the comparison
        return {"error": f"{type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}"}


def compare(path, read):
    try:
        mine = ours(path)
    except subprocess.CalledProcessError as e:
        return [f"{path}: kibitzer failed: {e.stderr.strip()}"]
    if "error" in read:
        return [f"{path}: endplay failed: {read['error']}"]
    other = read["boards"]
    lines = []
    if len(mine) != len(other):
        lines.append(f"{path}: boards: kibitzer {len(mine)}, endplay {len(other)}")
    agree = 0
    for i, (a, b) in enumerate(zip(mine, other), 1):
        fields = [k for k in a if normal(k, a[k]) != normal(k, b[k])]
        for k in fields:
            lines.append(f"{path}: board {i}: {k}: kibitzer {short(a[k])}, endplay {short(b[k])}")
        agree += not fields
    lines.insert(0, f"{path}: {min(len(mine), len(other))} boards compared, {agree} agree")
    return lines


def normal(key, value):
    if key == "hands":
        return {s: h.replace("10", "T") for s, h in value.items()}
    return value


def short(value):
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) < 120 else text[:117] + "..."


def write_fixture(target, reads):
    """One file a line, or one board a line, so that a change reads as a
    small diff."""
    entries = []
    for name, read in reads.items():
        if "error" in read:
            entries.append(f"  {json.dumps(name)}: {json.dumps(read, ensure_ascii=False)}")
            continue
        boards = ",\n".join("    " + json.dumps(b, ensure_ascii=False) for b in read["boards"])
        entries.append(f'  {json.dumps(name)}: {{"boards": [\n{boards}\n  ]}}')
    with open(target, "w", encoding="utf-8") as f:
        f.write("{\n" + ",\n".join(entries) + "\n}\n")


def main(root, fixture=None):
    files = sorted(
        os.path.join(d, f) for d, _, fs in os.walk(root) for f in fs if f.lower().endswith(".lin")
    )
    reads = {}
    for path in files:
        read = endplay_read(path)
        reads[os.path.relpath(path, root)] = read
        for line in compare(path, read):
            print(line.replace(root + "/", ""))
    if fixture:
        write_fixture(fixture, reads)


def arguments(argv):
    """The folder to read and the fixture to write, if any: `ROOT [--fixture FILE]`."""
    args = argv[1:]
    fixture = None
    if "--fixture" in args:
        i = args.index("--fixture")
        fixture = args[i + 1]
        del args[i : i + 2]
    return args[0].rstrip("/"), fixture


if __name__ == "__main__":
    main(*arguments(sys.argv))
