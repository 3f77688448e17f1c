#!/usr/bin/env python3
"""Writes the Pinochle samples in assets/pinochle/: hands dealt and played
legally (follow suit, trump when void, the first of identical winning cards
wins) by a fixed seed, in the notation's EXPORT and IMPORT forms."""

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


def play_hand(rng, hands, seats, leader, trump, double, stop=None):
    lines, counters = [], {}
    tricks = len(next(iter(hands.values())))
    for n in range(tricks):
        i = seats.index(leader)
        order = seats[i:] + seats[:i]
        trick = []
        for s in order:
            h = hands[s]
            led = trick[0][1][0] if trick else None
            follow = [c for c in h if c[0] == led] if led else h
            if led and not follow:
                follow = [c for c in h if c[0] == trump] or h
            card = rng.choice(follow)
            h.remove(card)
            trick.append((s, card))
            if stop is not None and n == stop[0] and len(trick) == stop[1]:
                lines.append(" ".join(c for _, c in trick) + " *")
                return lines, counters
        leader = winner(trick, trump, double)
        points = sum(1 for _, c in trick if c[1] in "ATK") + (1 if n == tricks - 1 else 0)
        counters[leader] = counters.get(leader, 0) + points
        lines.append(" ".join(c for _, c in trick) + f" ({leader}{points})")
    return lines, counters


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
    trump, declarer = "H", "W"
    play, counters = play_hand(rng, hands, seats, declarer, trump, double)
    team = lambda s: 0 if s in "NS" else 1
    play_scores = [0, 0]
    for s, c in counters.items():
        play_scores[team(s)] += c
    melds = "N:QQ.KQ..QQ(24) .A.AKQJ.KQ(19) J.J.J.J(4) KQ..ATKQJ.KQ(19)"
    tags = [("Site", "Valley City, North Dakota, USA"), ("Date", "2026.11.19"), *[(n, names[s]) for s, n in
            zip(seats, ["North", "East", "South", "West"])], ("Hand", "1"), ("GameScores", "0:0"),
            ("Dealer", "N"), ("Deal", deal_tag(dealt, seats, "N", double)), ("Declarer", declarer),
            ("Contract", "60"), ("Trump", trump), ("Melds", melds), ("MeldScores", "28:38"),
            ("PlayScores", f"{play_scores[0]}:{play_scores[1]}"), ("Result", "Saved"),
            ("HandScores", f"{28 + play_scores[0]}:{38 + play_scores[1]}")]
    out = ["% PPN 1.0", "% EXPORT", "%"]
    out += [f'[{k} "{v}"]' for k, v in tags]
    out += ['@A.1.2-M=[Note "East jumps to show a run; what should South bid now?"]',
            '[Auction "E"]', "Pass 52 59 60", "- Pass Pass"]
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
    play, counters = play_hand(rng, hands, seats, declarer, "S", double)
    scores = ":".join(str(counters.get(s, 0)) for s in seats)
    out = ["% PPN 1.0", "% EXPORT", "%", '[Competition "Single-deck Three-handed"]', '[Site "Kitchen table"]',
           '[Date "2026.11.20"]', '[North "Mo"]', '[Southeast "Lu"]', '[Southwest "Ed"]', '[Hand "4"]',
           '[GameScores "120:85:140"]', '[Dealer "N"]', f'[Deal "{deal_tag(dealt, seats, "N", double)}"]',
           f'[Kitty "{" ".join(kitty)}"]', f'[Discard "{hand_text(discard, double)} (0)"]',
           f'[Declarer "{declarer}"]', '[Contract "250"]', '[Trump "S"]', f'[PlayScores "{scores}"]',
           '[Result "Saved"]', '[Auction "SE"]', "250 Pass Pass", f'[Play "{declarer}"]'] + play
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
    play, _ = play_hand(rng, hands, seats, "NE", "H", double)
    names = ["Ann", "Ben", "Cy", "Di", "Eve", "Flo"]
    out = ["% PPN 1.0", "% IMPORT", "%", '[Competition "Single-deck Six-handed"]',
           *[f'[{n} "{x}"]' for n, x in zip(["North", "Northeast", "Southeast", "South", "Southwest", "Northwest"], names)],
           '[Dealer "N"]', f'[Deal "{deal_tag(dealt, seats, "N", double)}"]', '[Declarer "NE"]', '[Contract "30"]',
           '[Trump "H"]', '[Auction "NE"]', "30 Pass Pass Pass Pass Pass", '[Play "NE"]'] + play
    return "\n".join(out) + "\n"


def main():
    rng = random.Random(11)
    write("assets/pinochle/four-handed-export.ppn", export_four(rng))
    write("assets/pinochle/import-minimal.ppn", import_minimal(rng))
    write("assets/pinochle/three-handed-kitty.ppn", three_with_kitty(rng))
    write("assets/pinochle/passing-and-termination.ppn", passing(rng))
    write("assets/pinochle/six-handed.ppn", six_handed(rng))


main()
