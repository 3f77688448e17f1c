#!/usr/bin/env python3
"""Checks kibitzer's double-dummy answers against endplay's DDS (C++).

    cargo run --release --example dd-export -- --deals 200 --positions 3 > dd.jsonl
    python3 scripts/dd-vs-endplay.py dd.jsonl [--fixture tests/fixtures/dd/endplay.json]

For every deal: the table (all 20 cells) and the whole play's analysis;
for every position: the value of every legal card. Prints each difference
and a summary; exits 1 if anything differs. With --fixture, also writes
endplay's answers for the first few deals, for an offline Rust test.
"""
import argparse
import json
import sys
import time

from endplay.dds import analyse_play, calc_all_tables, solve_board
from endplay.types import Deal, Denom, Player

# endplay's table rows are S H D C NT; kibitzer's are C D H S NT.
ROWS = [3, 2, 1, 0, 4]
STRAINS = {"S": Denom.spades, "H": Denom.hearts, "D": Denom.diamonds, "C": Denom.clubs, "N": Denom.nt}
SEATS = "NESW"


def side(seat):
    return SEATS.index(seat) % 2


def deal_at(line, played):
    deal = Deal(line["deal"])
    deal.trump = STRAINS[line["strain"]]
    deal.first = Player((SEATS.index(line["declarer"]) + 1) % 4)
    for card in line["play"][:played]:
        deal.play(card)
    return deal


def card_values(line, pos):
    """endplay's value of each legal card, as declarer's side's total."""
    found = {}
    for card, score in solve_board(deal_at(line, pos["played"])):
        name = "SHDC"[card.suit.value] + card.rank.abbr
        own = side(pos["player"]) == side(line["declarer"])
        found[name] = pos["won"] + (score if own else pos["left"] - score)
    return found


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("jsonl")
    parser.add_argument("--fixture")
    args = parser.parse_args()
    lines = [json.loads(l) for l in open(args.jsonl)]
    start = time.perf_counter()
    tables = []
    # DDS takes at most 32 deals' tables in one call.
    for at in range(0, len(lines), 32):
        tables += calc_all_tables([Deal(l["deal"]) for l in lines[at:at + 32]])
    table_time = time.perf_counter() - start
    bad = 0
    positions = 0
    fixture = []
    for line, table in zip(lines, tables):
        theirs = table.to_list()
        theirs = [theirs[i] for i in ROWS]
        if theirs != line["table"]:
            bad += 1
            print(f"table differs: {line['deal']}\n  kibitzer {line['table']}\n  endplay  {theirs}")
        if "play" not in line:
            continue
        played = [c for c in line["play"]]
        trace = list(analyse_play(deal_at(line, 0), played))
        # DDS leaves out the last trick's entries; compare what it gives.
        if trace != line["play_tricks"][: len(trace)]:
            bad += 1
            print(f"play differs: {line['deal']}\n  kibitzer {line['play_tricks']}\n  endplay  {trace}")
        for pos in line["positions"]:
            positions += 1
            theirs_cards = card_values(line, pos)
            if theirs_cards != pos["values"]:
                bad += 1
                print(f"position differs: {line['deal']} after {pos['played']} cards\n"
                      f"  kibitzer {pos['values']}\n  endplay  {theirs_cards}")
            if args.fixture and len(fixture) < 12:
                fixture.append({"deal": line["deal"], "declarer": line["declarer"], "strain": line["strain"],
                                "play": played, "played": pos["played"], "table": theirs,
                                "play_tricks": trace, "values": theirs_cards})
    print(f"{len(lines)} deals: tables and plays checked; {positions} positions, "
          f"{sum(len(p['values']) for l in lines for p in l.get('positions', []))} cards; {bad} differences")
    print(f"endplay calc_all_tables: {table_time:.3f} s for {len(lines)} deals")
    if args.fixture:
        with open(args.fixture, "w") as f:
            json.dump(fixture, f, indent=1)
            f.write("\n")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
