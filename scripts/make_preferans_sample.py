#!/usr/bin/env python3
"""Writes assets/preferans.ppn and assets/preferans.json: Preferans deals
dealt and played legally by a fixed seed, covering a suit contract, a betl,
a sans, a passed-out deal, and a deal with kontra and refa."""

import json
import random

CODES = ["12345678", "9ABCDEFG", "HIJKLMNO", "PQRSTUVW"]  # S D H C, 7..A
TRUMP = {2: 0, 3: 1, 4: 2, 5: 3}  # contract -> suit index


def suit(c):
    return next(i for i, s in enumerate(CODES) if c in s)


def rank(c):
    return CODES[suit(c)].index(c)


def winner(trick, trump):
    """trick: [(player, card)], led first."""
    led = suit(trick[0][1])
    def key(pc):
        s = suit(pc[1])
        return (2 if s == trump else 1 if s == led else 0, rank(pc[1]))
    return max(trick, key=key)[0]


def legal(hand, led, trump):
    if led is None:
        return hand
    follow = [c for c in hand if suit(c) == led]
    if follow:
        return follow
    ruff = [c for c in hand if trump is not None and suit(c) == trump]
    return ruff or hand


def deal_line(rng, ident, order, contract, followers, kontra, refa, passed=False):
    deck = [c for s in CODES for c in s]
    rng.shuffle(deck)
    cards = "".join(deck)
    hands = {order[i]: list(cards[i * 10:(i + 1) * 10]) for i in range(3)}
    talon = cards[30:]
    if passed:
        return [str(ident), "".join(map(str, order)), cards, "P,P,P"], None
    main = order[1]
    followers = [p for p in order if p != main][:followers]
    game = contract >= 10
    code = contract % 10
    trump = TRUMP.get(code)
    if not game:
        hand = hands[main] + list(talon)
        hand.sort(key=lambda c: (suit(c) == trump, rank(c)))
        discarded, hands[main] = hand[:2], hand[2:]
    else:
        discarded = ["X", "X"]
    players = [p for p in (1, 2, 3) if p == main or p in followers]
    leader = order[0] if order[0] in players else players[0]
    first = leader
    throws, tricks = [], {p: 0 for p in (1, 2, 3)}
    for _ in range(10):
        i = players.index(leader)
        seq = players[i:] + players[:i]
        trick, led = [], None
        for p in seq:
            choice = sorted(legal(hands[p], led, trump), key=rank)
            card = choice[0] if code == 6 and p == main else rng.choice(choice)
            hands[p].remove(card)
            trick.append((p, card))
            led = suit(trick[0][1])
        leader = winner(trick, trump)
        tricks[leader] += 1
        throws.append("".join(c for _, c in trick) + str(leader))
    # Twice the contract's number, one more for a game; each kontra level
    # and a refa double it (the README's rules).
    factor = {"0": 1, "I": 1, "K": 2, "R": 4, "S": 8, "M": 16}[kontra[0]]
    value = 2 * (code + (1 if game else 0)) * factor * (2 if refa else 1)
    made = tricks[main] == 0 if code == 6 else tricks[main] >= 6
    # A lone follower plays the other's hand open and takes its tricks.
    idle = sum(tricks[p] for p in order if p != main and p not in followers)
    took = {p: tricks[p] + (idle if len(followers) == 1 else 0) for p in followers}
    between = sum(took.values())
    summary = []
    for p in order:
        if p == main:
            summary.append(f"M{tricks[p]}:{-value if made else value}")
        elif p in followers:
            short = took[p] < 2 and (len(followers) == 1 or between < 4)
            failed = made and code != 6 and short
            # A made betl's tricks are no soup.
            soup = 0 if made and code == 6 else took[p] * value
            summary.append(f"F{took[p]}:L{soup}" + (f":{value}" if failed else ""))
        else:
            summary.append("0")
    accepted = "8" if len(followers) == 2 else (str(followers[0]) if followers else "0")
    # The first bidder holds with "mine" until the main player's last raise.
    bids = ["P", f"G{code}", "P"] if game else [f"M{code - 1}", str(code), "P"]
    fields = [str(ident), "".join(map(str, order)), cards, ",".join(bids), str(main),
              "".join(discarded), ("G" if game else "") + str(code), accepted, kontra, "1" if refa else "0",
              str(value), str(first),
              ",".join(throws), ",".join(summary)]
    return fields, {"hands": hands}


def summary_object(d):
    """The summary keyed by player, as the spec's JSON example keys it."""
    out = {}
    for p, line in zip(d[1], d[13].split(",")):
        if line == "0":
            out[f"p{p}"] = {"main": False, "tricks": 0}
            continue
        parts = line[1:].split(":")
        entry = {"main": line[0] == "M", "tricks": int(parts[0])}
        if line[0] == "M":
            entry["middle"] = int(parts[1])
        else:
            entry["left"] = int(parts[1][1:])
            if len(parts) > 2:
                entry["middle"] = int(parts[2])
        out[f"p{p}"] = entry
    return dict(sorted(out.items()))


def settle(deals, bula):
    """Each player's result and place by prefko's settlement (the README's):
    the soups he wrote, less those written on him, less ten times the bula
    he still holds."""
    held = {p: bula for p in (1, 2, 3)}
    wrote = {p: 0 for p in (1, 2, 3)}
    against = {p: 0 for p in (1, 2, 3)}
    for d in deals:
        if len(d) < 14:
            continue
        main = int(d[4])
        for p, line in zip(map(int, d[1]), d[13].split(",")):
            parts = line[1:].split(":")
            if line[0] == "M":
                held[p] += int(parts[1])
            elif line[0] == "F":
                soup = int(parts[1][1:])
                wrote[p] += soup
                against[main] += soup
                if len(parts) > 2:
                    held[p] += int(parts[2])
    results = {p: wrote[p] - against[p] - 10 * held[p] for p in (1, 2, 3)}
    places = {p: 1 + sum(1 for q in results if results[q] > results[p]) for p in (1, 2, 3)}
    return results, places


def main():
    rng = random.Random(7)
    deals = [
        deal_line(rng, 1, [2, 3, 1], 4, 2, "0", False)[0],
        # Nobody may leave a betl unanswered: both followers play it.
        deal_line(rng, 2, [3, 1, 2], 6, 2, "0", False)[0],
        deal_line(rng, 3, [1, 2, 3], 7, 2, "K3", False)[0],
        deal_line(rng, 4, [2, 3, 1], 0, 0, "0", False, passed=True)[0],
        deal_line(rng, 5, [3, 1, 2], 12, 2, "R2", True)[0],
    ]
    results, places = settle(deals, 60)
    info = [("Bula", "60"), ("Refe", "2"), ("Player1", "ana"), ("Player2", "boris"), ("Player3", "cveta")]
    info += [(f"Result{p}", str(results[p])) for p in (1, 2, 3)]
    info += [(f"Place{p}", str(places[p])) for p in (1, 2, 3)]
    info += [("Location", '"Club Kec, Beograd"'), ("Date", "2026.11.20")]
    with open("assets/preferans.ppn", "w") as f:
        for name, value in info:
            f.write(f"[{name} {value}]\n")
        f.write("\n")
        for d in deals:
            f.write("[" + " ".join(d) + "]\n")
    objects = []
    for d in deals:
        o = {"id": int(d[0]), "dealOrder": int(d[1]),
             "cards": {"p1": d[2][:10], "p2": d[2][10:20], "p3": d[2][20:30], "t": d[2][30:]},
             "bids": dict(zip(["p1", "p2", "p3"], d[3].split(",")))}
        if len(d) > 4:
            throws = d[12].split(",")
            o.update({"main": int(d[4]), "discarded": d[5], "contract": d[6] if d[6].startswith("G") else int(d[6]),
                      "accepted": int(d[7]), "kontra": d[8], "refa": d[9] == "1", "value": int(d[10]),
                      "starts": int(d[11]),
                      "throws": [{"id": i + 1, "cards": t[:-1], "winner": int(t[-1])} for i, t in enumerate(throws)],
                      "summary": summary_object(d)})
        objects.append(o)
    with open("assets/preferans.json", "w") as f:
        json.dump(objects, f, indent=1)
        f.write("\n")


main()
