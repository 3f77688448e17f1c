#!/usr/bin/env python3
"""Reads what `kibitzer convert` writes in endplay: every corpus bridge file
(PBN, RBN, LIN) converted to PBN and to LIN, each written file read by
endplay's parser for that notation, and its boards (hands, dealer,
vulnerability, auction, play) compared with kibitzer's own reading of the
same written file.

    python3 -m pip install endplay      # 0.5.12
    cargo build
    python3 scripts/convert-vs-endplay.py ../shared/corpus \\
        --fixture tests/fixtures/convert/endplay.json > scripts/convert-vs-endplay.expected

Prints one line a written file (boards compared, boards agreeing) and one
line a disagreement; where endplay fails to read a written file, its error.

With --fixture, also writes what endplay read from each written file, named
`FILE as PBN` or `FILE as LIN` (FILE relative to the corpus), as JSON, so
that tests/suite/convert_endplay.rs repeats the comparison offline: how many
boards endplay read, and at most KEPT of them (evenly spread, the first and
the last among them) by their number, so that the fixture stays small
(example3.pbn alone has 7,632 boards); the printed comparison covers them all.
"""

import importlib.util
import json
import os
import subprocess
import sys
import tempfile

from endplay.config import suppress_unicode
from endplay.parsers import pbn

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("lin_vs_endplay", os.path.join(HERE, "lin-vs-endplay.py"))
lin_vs = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(lin_vs)

KIBITZER = lin_vs.KIBITZER
FOLDERS = ("pbn", "rbn", "lin")
EXTENSIONS = (".pbn", ".rbn", ".lin")
KEPT = 12


def written(path, target, into):
    """The file as `kibitzer convert` writes it in `target`, or None when
    kibitzer writes no record of it."""
    out = os.path.join(into, "written." + target)
    done = subprocess.run(
        [KIBITZER, "convert", path, "--to", target, "--quiet", "--out", out], capture_output=True, text=True
    )
    if done.returncode != 0 and not os.path.exists(out):
        return None
    return out


def endplay_pbn(path):
    """endplay's boards from a PBN file, in the shape lin-vs-endplay.py gives."""
    with open(path, encoding="utf-8", errors="replace") as f, suppress_unicode():
        boards = pbn.load(f)
    return [lin_vs.board_shape(b) for b in boards]


def endplay_read(path, target):
    try:
        if target == "pbn":
            return {"boards": endplay_pbn(path)}
        return {"boards": lin_vs.theirs(path)}
    except Exception as e:  # endplay's own failures are part of the comparison
        return {"error": f"{type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}"}


def kept(read):
    """What the fixture keeps of endplay's reading of one written file."""
    if "error" in read:
        return read
    boards = read["boards"]
    n = len(boards)
    numbers = sorted({1 + i * (n - 1) // (KEPT - 1) for i in range(KEPT)} if n > KEPT else range(1, n + 1))
    return {"count": n, "boards": {str(k): boards[k - 1] for k in numbers}}


def write_fixture(target, reads):
    """One written file a line, or one board a line, so that a change reads
    as a small diff."""
    entries = []
    for name, read in reads.items():
        read = kept(read)
        if "error" in read:
            entries.append(f"  {json.dumps(name)}: {json.dumps(read, ensure_ascii=False)}")
            continue
        boards = ",\n".join(
            f"    {json.dumps(k)}: {json.dumps(b, ensure_ascii=False)}" for k, b in read["boards"].items()
        )
        entries.append(f'  {json.dumps(name)}: {{"count": {read["count"]}, "boards": {{\n{boards}\n  }}}}')
    os.makedirs(os.path.dirname(target), exist_ok=True)
    with open(target, "w", encoding="utf-8") as f:
        f.write("{\n" + ",\n".join(entries) + "\n}\n")


def main(root, fixture=None):
    files = sorted(
        os.path.join(d, f)
        for folder in FOLDERS
        for d, _, fs in os.walk(os.path.join(root, folder))
        for f in fs
        if f.lower().endswith(EXTENSIONS)
    )
    reads = {}
    with tempfile.TemporaryDirectory() as into:
        for path in files:
            for target in ("pbn", "lin"):
                out = written(path, target, into)
                if out is None:
                    continue
                name = f"{os.path.relpath(path, root)} as {target.upper()}"
                read = endplay_read(out, target)
                reads[name] = read
                for line in lin_vs.compare(out, read):
                    print(line.replace(out, name))
                os.remove(out)
    if fixture:
        write_fixture(fixture, reads)


if __name__ == "__main__":
    main(*lin_vs.arguments(sys.argv))
