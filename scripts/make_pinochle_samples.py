#!/usr/bin/env python3
"""Writes the Pinochle samples in assets/pinochle/: hands dealt and played
legally (follow suit, trump when void, beat the best card so far when able,
the first of identical winning cards wins) by a fixed seed, in the
notation's EXPORT and IMPORT forms. The four-handed export is scored as
kibitzer scores it: the Standard double-deck meld chart, aces, tens and
kings one counter each, two for the last trick."""

import random

SUITS = "CDSH"  # the notation's order in hands
SEAT_SETS = {2: ["N", "S"], 3: ["N", "SE", "SW"], 4: ["N", "E", "S", "W"],
             6: ["N", "NE", "SE", "S", "SW", "NW"]}


def ranks(double):
    return "ATKQJ" if double else "ATKQJ9"  # strongest first


def deck(double):
    copies = 4 if double else 2
    return [s + r for s in SUITS for r in ranks(double) for _ in range(copies)]


def strength(card, double):
    return len(ranks(double)) - ranks(double).index(card[1])


def hand_text(cards, double):
    order = ranks(double)
    return ".".join("".join(sorted((c[1] for c in cards if c[0] == s), key=order.index)) for s in SUITS)


def winner(trick, trump, double):
    led = trick[0][1][0]
    best = 0
    for i, (_, c) in enumerate(trick[1:], 1):
        b = trick[best][1]
        if (c[0] == trump and b[0] != trump) or (c[0] == b[0] and strength(c, double) > strength(b, double)):
            best = i
    return trick[best][0]


def legal(hand, trick, trump, double):
    """The cards a player may play: of the suit led, else trumps, else any;
    of those, the ones that beat the trick so far when any does."""
    if not trick:
        return hand
    led = trick[0][1][0]
    cards = [c for c in hand if c[0] == led] or [c for c in hand if c[0] == trump] or hand
    beaters = [c for c in cards if winner(trick + [("?", c)], trump, double) == "?"]
    return beaters or cards


def play_hand(rng, hands, seats, leader, trump, double, stop=None):
    lines, counters = [], {}
    tricks = len(next(iter(hands.values())))
    for n in range(tricks):
        i = seats.index(leader)
        order = seats[i:] + seats[:i]
        trick = []
        for s in order:
            h = hands[s]
            card = rng.choice(legal(h, trick, trump, double))
            h.remove(card)
            trick.append((s, card))
            if stop is not None and n == stop[0] and len(trick) == stop[1]:
                lines.append(" ".join(c for _, c in trick) + " *")
                return lines, counters
        leader = winner(trick, trump, double)
        # Double deck counts a point a counter and two for the last trick;
        # single deck ten a counter and ten for the last.
        counted = sum(1 for _, c in trick if c[1] in "ATK")
        last = n == tricks - 1
        points = counted + 2 * last if double else 10 * (counted + last)
        counters[leader] = counters.get(leader, 0) + points
        lines.append(" ".join(c for _, c in trick) + f" ({leader}{points})")
    return lines, counters


RUN, AROUND = [15, 150, 225, 300], {"A": [10, 100, 150, 200], "K": [8, 80, 120, 160],
                                    "Q": [6, 60, 90, 120], "J": [4, 40, 60, 80]}
PINOCHLE = [4, 30, 60, 90]


def meld_points(cards, trump):
    """A meld's points by the Standard double-deck chart."""
    n = lambda s, r: cards.count(s + r)
    total = 0
    for s in SUITS:
        marriages = min(n(s, "K"), n(s, "Q"))
        if s == trump:
            run = min(marriages, n(s, "A"), n(s, "T"), n(s, "J"))
            total += (RUN[run - 1] if run else 0) + 4 * (marriages - run)
        else:
            total += 2 * marriages
    for r, table in AROUND.items():
        k = min(n(s, r) for s in SUITS)
        total += table[k - 1] if k else 0
    k = min(n("S", "Q"), n("D", "J"))
    return total + (PINOCHLE[k - 1] if k else 0)


def meld_cards(cards, trump):
    """The cards of a hand that take part in its meld."""
    n = lambda s, r: cards.count(s + r)
    keep = {}
    for s in SUITS:
        marriages = min(n(s, "K"), n(s, "Q"))
        for r in "KQ":
            keep[s + r] = max(keep.get(s + r, 0), marriages)
        if s == trump:
            run = min(marriages, n(s, "A"), n(s, "T"), n(s, "J"))
            for r in "ATJ":
                keep[s + r] = max(keep.get(s + r, 0), run)
    for r in AROUND:
        k = min(n(s, r) for s in SUITS)
        for s in SUITS:
            keep[s + r] = max(keep.get(s + r, 0), k)
    k = min(n("S", "Q"), n("D", "J"))
    for c in ("SQ", "DJ"):
        keep[c] = max(keep.get(c, 0), k)
    return [c for c, k in keep.items() for _ in range(k)]


def settle(seats, team, melds, counters, declarer, contract):
    """Each team's meld kept (none without a trick), counters, and the
    hand's score: declarer's team set by its contract when short of it."""
    teams = max(team(s) for s in seats) + 1
    meld, play, took = [0] * teams, [0] * teams, [False] * teams
    for s in seats:
        meld[team(s)] += melds[s]
    for s, c in counters.items():
        play[team(s)] += c
        took[team(s)] = True
    kept = [m if t else 0 for m, t in zip(meld, took)]
    totals = [k + p for k, p in zip(kept, play)]
    saved = totals[team(declarer)] >= contract
    hand = [t if saved or i != team(declarer) else -contract for i, t in enumerate(totals)]
    return kept, play, saved, hand


def melds_tag(seats, dealer, melds, points, double):
    first = seats[(seats.index(dealer) + 1) % len(seats)]
    order = seats[seats.index(first):] + seats[:seats.index(first)]
    return f"{first}:" + " ".join(f"{hand_text(melds[s], double)}({points[s]})" for s in order)


def colon(values):
    return ":".join(str(v) for v in values)


def deal(rng, seats, double):
    cards = deck(double)
    rng.shuffle(cards)
    per = len(cards) // len(seats)
    return {s: cards[i * per:(i + 1) * per] for i, s in enumerate(seats)}


def deal_tag(hands, seats, dealer, double):
    first = seats[(seats.index(dealer) + 1) % len(seats)]
    i = seats.index(first)
    order = seats[i:] + seats[:i]
    return f"{first}:" + " ".join(hand_text(hands[s], double) for s in order)


def write(path, text):
    with open(path, "w") as f:
        f.write(text)


def export_four(rng):
    seats, double = SEAT_SETS[4], True
    hands = deal(rng, seats, double)
    dealt = {s: list(h) for s, h in hands.items()}
    names = {"N": "rakbeater", "E": "hitormiss", "S": "pauly", "W": "tony e"}
    trump, declarer, contract = "H", "W", 60
    melds = {s: meld_cards(dealt[s], trump) for s in seats}
    meld = {s: meld_points(dealt[s], trump) for s in seats}
    play, counters = play_hand(rng, hands, seats, declarer, trump, double)
    team = lambda s: 0 if s in "NS" else 1
    kept, play_scores, saved, hand_scores = settle(seats, team, meld, counters, declarer, contract)
    meld_tag = melds_tag(seats, "N", melds, meld, double)
    tags = [("Site", "Valley City, North Dakota, USA"), ("Date", "2026.11.19"), *[(n, names[s]) for s, n in
            zip(seats, ["North", "East", "South", "West"])], ("Hand", "1"), ("GameScores", "0:0"),
            ("Dealer", "N"), ("Deal", deal_tag(dealt, seats, "N", double)), ("Declarer", declarer),
            ("Contract", str(contract)), ("Trump", trump), ("Melds", meld_tag),
            ("MeldScores", f"{kept[0]}:{kept[1]}"), ("PlayScores", f"{play_scores[0]}:{play_scores[1]}"),
            ("Result", "Saved" if saved else "Set"), ("HandScores", f"{hand_scores[0]}:{hand_scores[1]}")]
    out = ["% PPN 1.0", "% EXPORT", "%"]
    out += [f'[{k} "{v}"]' for k, v in tags]
    out += ['@A.1.2-M=[Note "East opens at 52 to show meld; what should South bid now?"]',
            '[Auction "E"]', "52 Pass 60 Pass", "Pass"]
    out += ['[Play "W"]'] + play
    out += ['@P.2.1-P.5=[Note "West draws trump early to protect the run."]',
            '@P.20.1-R=[Chat "N:good game everyone"]', '@P.20.3-R=[Chat "W:ty gg"]']
    return "\n".join(out) + "\n"


def import_minimal(rng):
    seats, double = SEAT_SETS[4], True
    hands = deal(rng, seats, double)
    play, _ = play_hand(rng, hands, seats, "S", "S", double)
    out = ["% PPN 1.0", "% IMPORT", "%", '[Dealer "E"]', '[Auction "S"]', "55 Pass Pass Pass",
           '[Trump "S"]', '[Play "S"]'] + play
    return "\n".join(out) + "\n"


def three_with_kitty(rng):
    seats, double = SEAT_SETS[3], False
    cards = deck(double)
    rng.shuffle(cards)
    kitty, cards = cards[:3], cards[3:]
    hands = {s: cards[i * 15:(i + 1) * 15] for i, s in enumerate(seats)}
    dealt = {s: list(h) for s, h in hands.items()}
    declarer = "SE"
    hands[declarer] += kitty
    hands[declarer].sort(key=lambda c: (c[0] == "S", strength(c, double)))
    discard, hands[declarer] = hands[declarer][:3], hands[declarer][3:]
    # Each seat melds from its hand after the exchange; single deck scores
    # ten times the double-deck chart's points.
    melds = {s: meld_cards(hands[s], "S") for s in seats}
    meld = {s: 10 * meld_points(hands[s], "S") for s in seats}
    play, counters = play_hand(rng, hands, seats, declarer, "S", double)
    kept, scores, saved, hand = settle(seats, seats.index, meld, counters, declarer, 250)
    out = ["% PPN 1.0", "% EXPORT", "%", '[Competition "Single-deck Three-handed"]', '[Site "Kitchen table"]',
           '[Date "2026.11.20"]', '[North "Mo"]', '[Southeast "Lu"]', '[Southwest "Ed"]', '[Hand "4"]',
           '[GameScores "120:85:140"]', '[Dealer "N"]', f'[Deal "{deal_tag(dealt, seats, "N", double)}"]',
           f'[Kitty "{" ".join(kitty)}"]', f'[Discard "{hand_text(discard, double)} (0)"]',
           f'[Declarer "{declarer}"]', '[Contract "250"]', '[Trump "S"]',
           f'[Melds "{melds_tag(seats, "N", melds, meld, double)}"]', f'[MeldScores "{colon(kept)}"]',
           f'[PlayScores "{colon(scores)}"]', f'[Result "{"Saved" if saved else "Set"}"]',
           f'[HandScores "{colon(hand)}"]', '[Auction "SE"]', "250 Pass Pass", f'[Play "{declarer}"]'] + play
    return "\n".join(out) + "\n"


def passing(rng):
    seats, double = SEAT_SETS[4], True
    hands = deal(rng, seats, double)
    dealt = {s: list(h) for s, h in hands.items()}
    given = {"W": hands["W"][:4], "E": hands["E"][:4]}
    hands["W"] = hands["W"][4:] + given["E"]
    hands["E"] = hands["E"][4:] + given["W"]
    play, _ = play_hand(rng, hands, seats, "W", "D", double)
    passed = f'W:{hand_text(given["W"], double)} {hand_text(given["E"], double)}'
    out = ["% PPN 1.0", "% IMPORT", "%", '[Competition "Double-deck Passing"]', '[Event "##Club night"]',
           '[Hand "7"]', '[Dealer "S"]', f'[Deal "{deal_tag(dealt, seats, "S", double)}"]',
           '[Declarer "W"]', '[Contract "51"]', f'[Passed "{passed}"]', '[Trump "D"]', '[Auction "W"]',
           "51 Pass Pass Pass", '[Play "W"]'] + play
    out += ["", '[Event "#"]', '[Hand "8"]', '[Dealer "W"]', '[Termination "-:Abandoned"]']
    hands = deal(rng, seats, double)
    dealt = {s: list(h) for s, h in hands.items()}
    play, _ = play_hand(rng, hands, seats, "N", "C", double, stop=(2, 2))
    out += [f'[Deal "{deal_tag(dealt, seats, "W", double)}"]', '[Declarer "N"]', '[Contract "50"]',
            '[Trump "C"]', '[Result "*"]', '[Auction "N"]', "50 Pass Pass Pass", '[Play "N"]'] + play
    return "\n".join(out) + "\n"


def six_handed(rng):
    seats, double = SEAT_SETS[6], False
    hands = deal(rng, seats, double)
    dealt = {s: list(h) for s, h in hands.items()}
    # Two teams of three, every other seat; single deck scores ten times
    # the double-deck chart's points.
    melds = {s: meld_cards(dealt[s], "H") for s in seats}
    meld = {s: 10 * meld_points(dealt[s], "H") for s in seats}
    play, counters = play_hand(rng, hands, seats, "NE", "H", double)
    team = lambda s: seats.index(s) % 2
    kept, scores, saved, hand = settle(seats, team, meld, counters, "NE", 300)
    names = ["Ann", "Ben", "Cy", "Di", "Eve", "Flo"]
    out = ["% PPN 1.0", "% IMPORT", "%", '[Competition "Single-deck Six-handed"]',
           *[f'[{n} "{x}"]' for n, x in zip(["North", "Northeast", "Southeast", "South", "Southwest", "Northwest"], names)],
           '[Dealer "N"]', f'[Deal "{deal_tag(dealt, seats, "N", double)}"]', '[Declarer "NE"]', '[Contract "300"]',
           '[Trump "H"]', f'[Melds "{melds_tag(seats, "N", melds, meld, double)}"]',
           f'[MeldScores "{colon(kept)}"]', f'[PlayScores "{colon(scores)}"]',
           f'[Result "{"Saved" if saved else "Set"}"]', f'[HandScores "{colon(hand)}"]',
           '[Auction "NE"]', "300 Pass Pass Pass Pass Pass", '[Play "NE"]'] + play
    return "\n".join(out) + "\n"


def main():
    rng = random.Random(11)
    write("assets/pinochle/four-handed-export.ppn", export_four(rng))
    write("assets/pinochle/import-minimal.ppn", import_minimal(rng))
    write("assets/pinochle/three-handed-kitty.ppn", three_with_kitty(rng))
    write("assets/pinochle/passing-and-termination.ppn", passing(rng))
    write("assets/pinochle/six-handed.ppn", six_handed(rng))


main()
