//! Portable Pinochle Notation over the samples written here (no public
//! sample files exist): every form and variant the samples cover.

use std::path::{Path, PathBuf};

use kibitzer::archive::Archive;
use kibitzer::model::{Record, Rules, Seat, Segment, SegmentPoint, SourceFormat, Suit};
use kibitzer::replay::Replay;

fn sample(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("assets/pinochle")
        .join(name)
}

fn records(name: &str) -> Vec<Record> {
    Archive::open(&sample(name)).expect("opens").records().collect()
}

#[test]
fn every_sample_reads_clean() {
    for name in [
        "four-handed-export.ppn",
        "import-minimal.ppn",
        "three-handed-kitty.ppn",
        "passing-and-termination.ppn",
        "six-handed.ppn",
    ] {
        for r in records(name) {
            assert_eq!(r.format, SourceFormat::PpnPinochle);
            assert!(r.problems.is_empty(), "{name}: {:?}", r.problems);
        }
    }
}

#[test]
fn a_double_deck_export_hand_has_every_mandatory_tag() {
    let r = &records("four-handed-export.ppn")[0];
    assert_eq!(
        r.rules(),
        Rules::Pinochle {
            double_deck: true,
            players: 4
        }
    );
    let deal = r.deal.as_ref().unwrap();
    assert!(
        Rules::Pinochle {
            double_deck: true,
            players: 4
        }
        .seats()
        .iter()
        .all(|&s| deal.hands[s].len() == 20)
    );
    let p = r.pinochle().unwrap();
    assert_eq!(
        (p.contract, p.declarer, p.trump),
        (Some(60), Some(Seat::West), Some(Suit::Hearts))
    );
    assert_eq!(p.melds.len(), 4);
    assert_eq!(p.rounds.len(), 2);
    assert!(p.meld_scores.is_some() && p.play_scores.is_some() && p.hand_scores.is_some());
    assert!(p.result.is_some());
    let replay = Replay::new(r);
    assert_eq!(replay.len(), 80);
    assert_eq!(replay.trick_winners().len(), 20);
    let note = &p.notes[1];
    let at = |n, m| SegmentPoint {
        segment: Segment::Play,
        n: Some(n),
        m: Some(m),
    };
    assert!(
        note.shows_at(at(2, 1))
            && note.shows_at(at(4, 4))
            && !note.shows_at(at(5, 1))
            && !note.shows_at(at(1, 4))
    );
}

#[test]
fn an_import_hand_needs_only_dealer_auction_trump_and_play() {
    let r = &records("import-minimal.ppn")[0];
    assert!(r.deal.is_none());
    let p = r.pinochle().unwrap();
    assert_eq!((p.dealer, p.trump), (Some(Seat::East), Some(Suit::Spades)));
    assert_eq!(Replay::new(r).trick_winners().len(), 20);
}

#[test]
fn three_handed_single_deck_takes_the_kitty() {
    let r = &records("three-handed-kitty.ppn")[0];
    assert_eq!(
        r.rules(),
        Rules::Pinochle {
            double_deck: false,
            players: 3
        }
    );
    let p = r.pinochle().unwrap();
    assert_eq!(p.kitty.len(), 3);
    assert!(p.discard.is_some());
    let replay = Replay::new(r);
    assert_eq!(
        replay.position(0).hands[Seat::SouthEast].len(),
        15,
        "kitty taken, three laid aside"
    );
}

#[test]
fn partners_pass_and_a_hand_can_end_early() {
    let r = records("passing-and-termination.ppn");
    assert_eq!(r.len(), 2);
    let p = r[0].pinochle().unwrap();
    assert_eq!(
        p.passed.iter().map(|x| (x.from, x.to)).collect::<Vec<_>>(),
        [(Seat::West, Seat::East), (Seat::East, Seat::West)]
    );
    assert_eq!(r[1].event, r[0].event, "`#` and `##` carry the event");
    let ended = r[1].pinochle().unwrap();
    assert_eq!(ended.termination.as_deref(), Some("-:Abandoned"));
    let replay = Replay::new(&r[1]);
    assert_eq!(
        replay.len(),
        10,
        "two tricks and two throws of the third before `*`"
    );
}

#[test]
fn six_seats_play_round_the_table() {
    let r = &records("six-handed.ppn")[0];
    assert_eq!(r.rules().seats().len(), 6);
    let replay = Replay::new(r);
    assert_eq!(replay.len(), 48);
    assert_eq!(replay.position(6).trick.len(), 6);
}

/// A hand read from text and checked as `check` does.
fn read(text: &str) -> Vec<Record> {
    kibitzer::archive::read_checked(text.as_bytes(), SourceFormat::PpnPinochle).collect()
}

/// Every problem of the first hand, `LINE:COL: message`.
fn told(text: &str) -> Vec<String> {
    read(text)[0]
        .problems
        .iter()
        .map(|p| format!("{}: {}", p.pos, p.message))
        .collect()
}

/// The bundled four-handed sample with one line changed.
fn four_with(from: &str, to: &str) -> String {
    let text = std::fs::read_to_string(sample("four-handed-export.ppn")).unwrap();
    assert!(text.contains(from), "the sample has {from}");
    text.replacen(from, to, 1)
}

#[test]
fn the_deal_shows_the_hands_as_dealt_and_the_exchange_changes_them() {
    let r = &records("three-handed-kitty.ppn")[0];
    let replay = Replay::new(r);
    let dealt = &replay.as_dealt().hands[Seat::SouthEast];
    let game = r.rules();
    assert_eq!(dealt.len(), 15);
    assert_eq!(Some(dealt), r.deal.as_ref().map(|d| &d.hands[Seat::SouthEast]));
    assert_ne!(&replay.position(0).hands[Seat::SouthEast], dealt);
    let stops = kibitzer::replay::stops(r, &replay);
    let parts: Vec<_> = stops.iter().filter_map(|s| s.segment).collect();
    assert_eq!(
        parts[..5],
        [
            Segment::Deal,
            Segment::Auction,
            Segment::Auction,
            Segment::Auction,
            Segment::Exchange
        ],
        "{}",
        dealt.to_suit_string(game)
    );
    assert_eq!(stops[2].calls, 2, "the auction is shown bid by bid");
}

#[test]
fn the_auction_is_held_to_declarer_and_contract() {
    let text = four_with("52 Pass 60 Pass\nPass", "52 Pass 59 60\nPass - Pass");
    assert!(told(&text).contains(&"14:1: Declarer is West, but North won the auction".to_string()));
    let text = four_with("[Contract \"60\"]", "[Contract \"75\"]");
    assert!(told(&text).contains(&"15:1: the contract is 75, but the auction was won at 60".to_string()));
    let text = four_with("52 Pass 60 Pass", "52 Pass 50 Pass");
    assert!(
        told(&text)
            .iter()
            .any(|m| m.contains("West bids 50, not above the 52 bid before"))
    );
    let import = "% PPN 1.0\n% IMPORT\n%\n[Dealer \"N\"]\n[Auction \"E\"]\n51 55 Pass Pass\nPass\n";
    let r = &read(import)[0];
    let p = r.pinochle().unwrap();
    assert_eq!((p.contract, p.declarer), (Some(55), Some(Seat::South)));
    assert!(r.problems.is_empty(), "{:?}", r.problems);
}

#[test]
fn the_bundled_samples_agree_with_themselves() {
    let problems = kibitzer::archive::problems(
        &std::fs::read(sample("four-handed-export.ppn")).unwrap(),
        SourceFormat::PpnPinochle,
        |_| true,
        |p| panic!("{p:?}"),
    );
    assert_eq!(problems, 1);
}

/// The four-handed sample with the card played at step `i` made `to`, and
/// the problems told at that card.
fn played_instead(i: usize, to: kibitzer::model::Card) -> Vec<String> {
    let r = &records("four-handed-export.ppn")[0];
    let pos = Replay::new(r).timeline.steps[i].pos;
    let text = std::fs::read_to_string(sample("four-handed-export.ppn")).unwrap();
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let line = &mut lines[pos.line as usize - 1];
    let col = pos.col as usize - 1;
    line.replace_range(col..col + 2, &to.to_string());
    let at = format!("{pos}: ");
    told(&(lines.join("\n") + "\n"))
        .into_iter()
        .filter_map(|m| m.strip_prefix(&at).map(str::to_string))
        .collect()
}

#[test]
fn play_must_trump_when_void_and_beat_the_trick_when_able() {
    let r = &records("four-handed-export.ppn")[0];
    let (game, replay) = (r.rules(), Replay::new(r));
    let steps = &replay.timeline.steps;
    let trump = Some(Suit::Hearts);
    let mut beat = None;
    let mut trumped = None;
    for (i, step) in steps.iter().enumerate().filter(|(i, _)| i % 4 != 0) {
        let before: Vec<_> = steps[i - i % 4..i].iter().filter_map(|s| s.card).collect();
        let led = before[0].suit;
        let card = step.card.unwrap();
        let beats = |c| {
            let mut cards = before.clone();
            cards.push(c);
            game.trick_winner(&cards, trump) == before.len()
        };
        let hand = &replay.position(i).hands[step.seat];
        if card.suit == led && beats(card) {
            let low = hand.known_cards().find(|&c| c.suit == led && !beats(c));
            beat = beat.or(low.map(|c| (i, c, step.seat)));
        }
        if card.suit != led && Some(card.suit) == trump {
            let side = hand.known_cards().find(|c| Some(c.suit) != trump);
            trumped = trumped.or(side.map(|c| (i, c, step.seat)));
        }
    }
    let (i, low, seat) = beat.expect("a card played to beat the trick");
    let told = played_instead(i, low);
    assert!(
        told.contains(&format!(
            "{} plays {low} but must beat the trick when able",
            seat.name()
        )),
        "{told:?}"
    );
    let (i, side, seat) = trumped.expect("a trick trumped");
    let told = played_instead(i, side);
    assert!(
        told.contains(&format!("{} plays {side} but must trump in hearts", seat.name())),
        "{told:?}"
    );
}

#[test]
fn cards_melded_passed_and_laid_aside_must_be_held() {
    let text = four_with("[Melds \"E:", "[Melds \"N:AAAA.AAAA.AAAA.AAAA(1000) ");
    let problems = told(&text);
    assert!(
        problems
            .iter()
            .any(|m| m.contains("North melds CA but does not hold it")),
        "{problems:?}"
    );
    let three = std::fs::read_to_string(sample("three-handed-kitty.ppn")).unwrap();
    let kitty = three.lines().find(|l| l.starts_with("[Kitty")).unwrap();
    let problems = told(&three.replacen(kitty, "[Kitty \"CA CA CA\"]", 1));
    assert!(
        problems
            .iter()
            .any(|m| m.contains("CA is dealt more often than a single deck holds it")),
        "{problems:?}"
    );
    let discard = three.lines().find(|l| l.starts_with("[Discard")).unwrap();
    let problems = told(&three.replacen(discard, "[Discard \"AAA... (0)\"]", 1));
    assert!(
        problems
            .iter()
            .any(|m| m.contains("lays aside CA but does not hold it")),
        "{problems:?}"
    );
}

#[test]
fn deals_seats_dates_and_headers_are_checked() {
    let deal = "[Deal \"E:TKKQJJ.ATKQQJ.TKQQQJ.TT ";
    let problems = told(&four_with(deal, "[Deal \"E:TKKQJ.ATKQQJ.TKQQQJ.TT "));
    assert!(
        problems.contains(&"13:1: East is dealt 19 cards; the deck gives each seat 20".to_string()),
        "{problems:?}"
    );
    let problems = told(&four_with("[Dealer \"N\"]", "[Dealer \"E\"]"));
    assert!(
        problems
            .iter()
            .any(|m| m.contains("the deal starts at East, but the dealer's left is South")),
        "{problems:?}"
    );
    for (from, to) in [
        ("[Dealer \"N\"]", "[Dealer \"X\"]"),
        ("[Declarer \"W\"]", "[Declarer \"NE\"]"),
    ] {
        let problems = told(&four_with(from, to));
        assert!(
            problems
                .iter()
                .any(|m| m.contains("is not a seat of a 4-seat game (N E S W)")),
            "{problems:?}"
        );
    }
    for date in ["2015.13.45", "2015-08-31"] {
        let problems = told(&four_with("2026.11.19", date));
        assert!(problems.contains(&format!(
            "5:1: `{date}` is not a date written YYYY.MM.DD (`?` for what is not known)"
        )));
    }
    let problems = told(&four_with("% PPN 1.0", "% PPN 9.9"));
    assert!(problems.contains(&"1:1: PPN 9.9 is not a version this reader knows (1.0)".to_string()));
    let problems = told(&four_with(
        "[Site \"Valley City, North Dakota, USA\"]\n[Date \"2026.11.19\"]\n",
        "",
    ));
    assert!(
        problems
            .iter()
            .any(|m| m.ends_with("an EXPORT hand must carry Site, Date")),
        "{problems:?}"
    );
}

#[test]
fn written_scores_are_worked_out_and_compared() {
    for (from, to, message) in [
        (
            "[MeldScores \"28:39\"]",
            "[MeldScores \"99:1\"]",
            "MeldScores is written 99:1, but works out 28:39",
        ),
        (
            "[PlayScores \"34:16\"]",
            "[PlayScores \"10:40\"]",
            "PlayScores is written 10:40, but works out 34:16",
        ),
        (
            "[HandScores \"62:-60\"]",
            "[HandScores \"1:2:3\"]",
            "HandScores has 3 values for 2 teams",
        ),
        (
            "[HandScores \"62:-60\"]",
            "[HandScores \"abc:def\"]",
            "`abc` is not a score",
        ),
        (
            "[Result \"Set\"]",
            "[Result \"Saved\"]",
            "the result is written Saved, but the hand is Set",
        ),
        (
            "(10) KQ.KQJ.KQ.K(18)",
            "(10) KQ.KQJ.KQ.K(20)",
            "South's meld is written 20, but it scores 18",
        ),
    ] {
        let problems = told(&four_with(from, to));
        assert!(
            problems.iter().any(|m| m.contains(message)),
            "{message}: {problems:?}"
        );
    }
    let r = &records("four-handed-export.ppn")[0];
    let worked = kibitzer::scoring::pinochle::work_out(r, &Replay::new(r).timeline).unwrap();
    assert_eq!(
        worked.counters.iter().sum::<u32>(),
        50,
        "48 counters and 2 for the last trick"
    );
    assert_eq!(worked.hand, [62, -60]);
    assert_eq!(worked.game_after, Some(vec![62, -60]));
    let (p, steps) = (r.pinochle().unwrap(), &Replay::new(r).timeline.steps);
    let last = |n: usize| kibitzer::scoring::pinochle::last_trick(r, p, &steps[..n]);
    assert_eq!(last(80), Some((1, 2)), "West took the last trick for E-W");
    assert_eq!(last(76), None, "not before the last trick");
}

#[test]
fn spec_forms_are_read() {
    let text = four_with("[Melds \"E:", "[Melds \"E:").replacen(
        "[Deal \"E:TKKQJJ.ATKQQJ.TKQQQJ.TT ",
        "[Deal \"E:? ",
        1,
    );
    let r = &read(&text)[0];
    assert!(r.deal.as_ref().is_some_and(|d| !d.given.contains(Seat::East)));
    let spec = "% PPN 1.0\n% IMPORT\n%\n[Dealer \"W\"]\n[Trump \"D\"]\n[Melds \"N:K.ATKQJ.KQ.KQ(31) J.J.J.J(4) KQ.ATKQJ(17) ?\"]\n@P.10-=[East \"substitute\"]\n[Partner \"S:SQ\"]\n";
    let r = &read(spec)[0];
    let p = r.pinochle().unwrap();
    assert_eq!(p.melds.len(), 4);
    assert_eq!(p.melds[2].cards.len(), 7);
    assert_eq!(p.seat_changes[0].seat, Seat::East);
    assert_eq!(p.seat_changes[0].from.to_string(), "P.10");
    assert_eq!(p.partner.map(|x| x.seat), Some(Seat::South));
    assert!(r.problems.is_empty(), "{:?}", r.problems);
}

#[test]
fn tricks_are_numbered_from_one_in_every_variant() {
    let r = &records("three-handed-kitty.ppn")[0];
    let replay = Replay::new(r);
    assert_eq!(replay.timeline.steps[0].trick, 0);
    assert_eq!(replay.trick_winners().len(), 15);
}

#[test]
fn dump_gives_each_score_written_and_worked_out() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_kibitzer"))
        .arg("dump")
        .arg(sample("four-handed-export.ppn"))
        .output()
        .unwrap();
    let line: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let p = &line["pinochle"];
    assert_eq!(p["teams"], serde_json::json!([["N", "S"], ["E", "W"]]));
    assert_eq!(p["scores"]["hand"]["written"], p["scores"]["hand"]["worked"]);
    assert_eq!(p["scores"]["meld"]["worked"], serde_json::json!([28, 39]));
    assert_eq!(p["counters"], serde_json::json!([34, 16]));
    assert_eq!(p["result"]["worked"], "Set");
    let west = &p["melds"]["W"]["combinations"];
    assert_eq!(
        west[1],
        serde_json::json!({"name": "run", "suit": null, "points": 15})
    );
    assert_eq!(west[0]["suit"], "C");
    assert_eq!(p["dealt"]["E"], "TKKQJJ.ATKQQJ.TKQQQJ.TT");
}

#[test]
fn a_player_taking_a_seat_is_named_from_that_point() {
    let text =
        std::fs::read_to_string(sample("four-handed-export.ppn")).unwrap() + "@P.10-=[East \"substitute\"]\n";
    let r = &read(&text)[0];
    assert!(r.problems.is_empty(), "{:?}", r.problems);
    let replay = Replay::new(r);
    let stops = kibitzer::replay::stops(r, &replay);
    let at = |cards: usize| {
        stops
            .iter()
            .position(|s| s.cards == cards && s.segment.is_none())
            .unwrap()
    };
    let shown = |cards| kibitzer::replay::shown(r, &replay, &stops, at(cards)).seat_changes;
    assert!(shown(36).is_empty(), "not before trick 10");
    assert_eq!(shown(37), [0], "from its first card");
}

/// The spec's own examples: its auction, its passes and its melds (with
/// diamonds trump, the suit its `KQ.ATKQJ(17)` needs).
#[test]
fn the_spec_examples_read_and_are_scored_by_the_chart() {
    let auction =
        "% PPN 1.0\n% IMPORT\n%\n[Dealer \"N\"]\n[Auction \"E\"]\nPass 52 59 60\n- Pass 65 70\n- - Pass\n";
    let r = &read(auction)[0];
    let p = r.pinochle().unwrap();
    assert_eq!((p.declarer, p.contract), (Some(Seat::North), Some(70)));
    assert!(r.problems.is_empty(), "{:?}", r.problems);
    let passed = "% PPN 1.0\n%\n[Passed \"E:.J.QQ. ..A.AA TKJ... K.TQ..\"]\n";
    let p = read(passed)[0].pinochle().unwrap().clone();
    let pairs: Vec<(Seat, Seat, usize)> = p.passed.iter().map(|x| (x.from, x.to, x.cards.len())).collect();
    assert_eq!(
        pairs,
        [
            (Seat::East, Seat::West, 3),
            (Seat::South, Seat::North, 3),
            (Seat::West, Seat::East, 3),
            (Seat::North, Seat::South, 3)
        ]
    );
    let melds = "% PPN 1.0\n%\n[Trump \"D\"]\n[Melds \"N:QQ.KQQ.QQ.QQJJ(94) K.ATKQJ.KQ.KQ(27) J.J.J.J(4) KQ.ATKQJ(17)\"]\n";
    let problems = told(melds);
    assert_eq!(
        problems,
        [
            "4:1: North's meld is written 94, but it scores 64 (royal marriage 4, double queens around 60)",
            "4:1: East's meld is written 27, but it scores 31 (run 15, marriage 2, marriage 2, kings around 8, pinochle 4)"
        ]
    );
}

/// A note at a bid (`@A.1.2`, South's first) asks before that bid is made:
/// it shows once East has bid and South is to bid, not after South's.
#[test]
fn a_note_at_a_bid_shows_while_that_bid_is_awaited() {
    let r = &records("four-handed-export.ppn")[0];
    let question = r
        .pinochle()
        .unwrap()
        .notes
        .iter()
        .position(|n| n.text.contains("what should South bid"))
        .unwrap();
    let replay = Replay::new(r);
    let stops = kibitzer::replay::stops(r, &replay);
    let shows = |calls: usize, segment: Segment| {
        let at = stops
            .iter()
            .position(|s| s.segment == Some(segment) && s.calls == calls)
            .unwrap();
        kibitzer::replay::shown(r, &replay, &stops, at)
            .pinochle_notes
            .contains(&question)
    };
    assert!(!shows(0, Segment::Deal), "not before East opens");
    assert!(shows(1, Segment::Auction), "East has bid, South to bid");
    assert!(shows(5, Segment::Auction), "through the auction");
    assert!(!shows(5, Segment::Meld), "up to the meld");
}

/// The three-handed sample with a Holding tag: each seat's hand after the
/// kitty and the discard, as the replay has it, with `change` made.
fn three_with_holding(change: impl Fn(String) -> String) -> String {
    let three = std::fs::read_to_string(sample("three-handed-kitty.ppn")).unwrap();
    let r = &records("three-handed-kitty.ppn")[0];
    let (game, replay) = (r.rules(), Replay::new(r));
    let hands: Vec<String> = [Seat::SouthEast, Seat::SouthWest, Seat::North]
        .iter()
        .map(|&s| replay.position(0).hands[s].to_suit_string(game))
        .collect();
    let tag = change(format!("[Holding \"SE:{}\"]\n", hands.join(" ")));
    three.replacen("[Declarer", &format!("{tag}[Declarer"), 1)
}

#[test]
fn the_holding_is_held_against_the_deal_and_the_exchange() {
    let agrees = three_with_holding(|t| t);
    assert_eq!(told(&agrees), Vec::<String>::new(), "{agrees}");
    // Southeast's first club made an ace, and an ace of another suit
    // taken out for it.
    let swapped = three_with_holding(|t| t.replacen("SE:", "SE:A", 1).replacen(".A", ".", 1));
    let line = swapped.lines().position(|l| l.starts_with("[Holding")).unwrap() + 1;
    let problems = told(&swapped);
    let expected = format!(
        "{line}:1: Southeast's Holding is not the hand as dealt after the exchange: it has CA the exchange does not give and lacks SA"
    );
    assert!(problems.contains(&expected), "{problems:?}");
}

/// `?` where the spec allows unknown data in the play: a card, a trick's
/// winner or points, the seat that leads.
#[test]
fn the_play_takes_question_marks_for_what_is_not_known() {
    let r = &records("four-handed-export.ppn")[0];
    let worked = |text: &str| {
        let r = &read(text)[0];
        assert!(r.problems.is_empty(), "{text}\n{:?}", r.problems);
        let replay = Replay::new(r);
        assert_eq!(replay.len(), 80, "every card takes its turn");
        kibitzer::scoring::pinochle::work_out(r, &replay.timeline).unwrap()
    };
    let whole = kibitzer::scoring::pinochle::work_out(r, &Replay::new(r).timeline).unwrap();
    // A card not known, in a trick whose points are written: the scores
    // still work out from the points.
    let card = four_with("ST SK SA SQ (N3)", "ST ? SA SQ (N3)");
    assert_eq!(worked(&card), whole);
    let replay = Replay::new(&read(&card)[0]);
    assert_eq!(replay.timeline.steps[17].card, None, "trick 5's second card");
    // A winner or points not known: the winner by the rules, the points
    // from the cards.
    for forms in ["(?3)", "(N?)", "(?)"] {
        assert_eq!(
            worked(&four_with("ST SK SA SQ (N3)", &format!("ST SK SA SQ {forms}"))),
            whole
        );
    }
    // The leader not known: the seat holding the first card leads.
    assert_eq!(worked(&four_with("[Play \"W\"]", "[Play \"?\"]")), whole);
    // Neither a card nor the points known: the hand is not settled, and
    // nothing is held against the written scores.
    let open = worked(&four_with("HJ DK CQ CQ (W3)", "HJ ? CQ CQ (W?)"));
    assert!(!open.counted && open.outcome.is_none() && open.hand.is_empty());
    let problems = told(&four_with("ST SK SA SQ (N3)", "ST SK SA SQ (N3x)"));
    assert!(
        problems
            .iter()
            .any(|m| m.ends_with("`3x` is not a trick's points")),
        "{problems:?}"
    );
}

/// A Holding that knows one seat's hand only (`?` for the others): the
/// others keep their hands after the exchange, and with four copies of a
/// card in play, East holding one is no reason another may not play one.
#[test]
fn a_holding_with_unknown_seats_keeps_their_hands() {
    let east = "TKKQJJ.ATKQQJ.TKQQQJ.TT";
    let text = four_with("[Declarer", &format!("[Holding \"E:{east} ? ? ?\"]\n[Declarer"));
    let r = &read(&text)[0];
    assert!(r.problems.is_empty(), "{:?}", r.problems);
    let replay = Replay::new(r);
    let dealt = &r.deal.as_ref().unwrap().hands;
    assert_eq!(replay.position(0).hands[Seat::North], dealt[Seat::North]);
    let text = four_with(
        "[Deal \"E:TKKQJJ.ATKQQJ.TKQQQJ.TT ",
        &format!("[Deal \"E:{east} ? ? ?\"]\n[X \""),
    );
    let r = &read(&text)[0];
    assert!(r.problems.is_empty(), "only East's hand known: {:?}", r.problems);
}

/// A five-handed hand's called partner plays on declarer's team, is named
/// on the table with the card that called them, and is in dump.
#[test]
fn the_called_partner_is_shown_and_plays_on_declarer_s_team() {
    let text = "% PPN 1.0\n% IMPORT\n%\n[Competition \"Double-deck Five-handed\"]\n[Dealer \"N\"]\n\
                [Declarer \"NE\"]\n[Contract \"60\"]\n[Trump \"H\"]\n[Partner \"SW:HA\"]\n\
                [Auction \"NE\"]\n60 Pass Pass Pass Pass\n";
    let r = &read(text)[0];
    assert!(r.problems.is_empty(), "{:?}", r.problems);
    let teams = r.pinochle().unwrap().teams();
    use Seat::*;
    assert_eq!(
        teams,
        [vec![North, SouthEast, NorthWest], vec![NorthEast, SouthWest]]
    );
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("kibitzer-partner-{}.ppn", std::process::id()));
    std::fs::write(&path, text).unwrap();
    let run = |args: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_kibitzer"))
            .args(args)
            .arg(&path)
            .output()
            .unwrap();
        String::from_utf8(out.stdout).unwrap()
    };
    // The step after the auction, where the contract is named.
    let screen = run(&["show", "--step", "6", "--width", "120", "--height", "40"]);
    let dump = run(&["dump"]);
    std::fs::remove_file(&path).unwrap();
    let words = screen
        .replace('│', " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(
        words.contains("Contract 60 ♥ by Northeast, partner Southwest for ♥A"),
        "{screen}"
    );
    // With no deal the table still seats the five, not bridge's four.
    assert!(
        screen.contains("Southwest") && !screen.contains("East"),
        "{screen}"
    );
    let line: serde_json::Value = serde_json::from_str(&dump).unwrap();
    assert_eq!(line["pinochle"]["partner"], "SW");
    assert_eq!(
        line["pinochle"]["teams"],
        serde_json::json!([["N", "SE", "NW"], ["NE", "SW"]])
    );
}

/// A trick's written points are held to the counters in its cards.
#[test]
fn a_trick_s_written_points_are_held_to_its_cards() {
    let problems = told(&four_with("HK HA HT HK (N4)", "HK HA HT HK (N9)"));
    assert!(
        problems
            .iter()
            .any(|m| m.ends_with("trick 1 is written 9 points, but holds 4")),
        "{problems:?}"
    );
}

/// The dump's exchange: the kitty, the discard with its points and the
/// cards passed, seat to seat.
#[test]
fn dump_gives_the_kitty_the_discard_and_the_passes() {
    let dump = |name: &str| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_kibitzer"))
            .arg("dump")
            .arg(sample(name))
            .output()
            .unwrap();
        let first = String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .next()
            .unwrap()
            .to_string();
        serde_json::from_str::<serde_json::Value>(&first).unwrap()["pinochle"].clone()
    };
    let three = dump("three-handed-kitty.ppn");
    assert_eq!(three["kitty"], serde_json::json!(["D9", "CJ", "HK"]));
    assert_eq!(
        three["discard"],
        serde_json::json!({"cards": "9.9..J", "points": 0})
    );
    let passing = dump("passing-and-termination.ppn");
    assert_eq!(
        passing["passed"][0],
        serde_json::json!({"from": "W", "to": "E", "cards": "Q...ATJ"})
    );
}

/// The winner written for a trick is held to the rules, and the replay
/// follows the record's.
#[test]
fn a_trick_s_written_winner_is_held_to_the_rules() {
    let problems = told(&four_with("HK HA HT HK (N4)", "HK HA HT HK (E4)"));
    assert!(
        problems
            .iter()
            .any(|m| m.ends_with("trick 1: the record gives it to East, but by the rules North wins")),
        "{problems:?}"
    );
}

/// Three-handed tricks are numbered from 1 and a note at a trick shows on
/// that trick: `@P.2-P.3` from trick 2's first card to trick 3's.
#[test]
fn a_three_handed_note_shows_on_the_trick_it_names() {
    let three = std::fs::read_to_string(sample("three-handed-kitty.ppn")).unwrap();
    let r = &read(&(three + "@P.2-P.3=[Note \"second trick\"]\n"))[0];
    assert!(r.problems.is_empty(), "{:?}", r.problems);
    let replay = Replay::new(r);
    let stops = kibitzer::replay::stops(r, &replay);
    let shows = |cards: usize| {
        let at = stops
            .iter()
            .position(|s| s.segment.is_none() && s.cards == cards)
            .unwrap();
        !kibitzer::replay::shown(r, &replay, &stops, at)
            .pinochle_notes
            .is_empty()
    };
    assert_eq!(
        (1..=7).map(shows).collect::<Vec<_>>(),
        [false, false, false, true, true, true, false]
    );
    assert_eq!(
        replay.timeline.steps[3].trick + 1,
        2,
        "the fourth card opens trick 2"
    );
}

/// The spec's Deal, Passed and Holding examples are one exchange: each
/// seat passes three cards to its partner, and the holdings are the hands
/// after it. Without the Passed tag, each seat's difference is told.
#[test]
fn the_spec_s_deal_passes_and_holding_agree() {
    let deal = "[Deal \"E:ATTTQQJ.QQJJ.AQQQJ.TKQQ KQQJJ.TKKKKQ.AK.AATKQJJ TKJ.AAAATTJJ.AATTKJJ.KJ AAAKK.TQ.TTKKQJ.AATTKQJ\"]";
    let holding = "[Holding \"E:ATTTTKJQQJ.QQJ.AQJ.TKQQ KKQQJJ.TTKKKKQQ.K.TKQJJ .AAAATTJJJ.AATTKQQJJ.KJ AAAK..ATTKKQJ.AAAATTKQJ\"]";
    let passed = "[Passed \"E:.J.QQ. ..A.AA TKJ... K.TQ..\"]";
    let hand = |tags: &[&str]| format!("% PPN 1.0\n% IMPORT\n%\n[Dealer \"N\"]\n{}\n", tags.join("\n"));
    assert_eq!(told(&hand(&[deal, passed, holding])), Vec::<String>::new());
    let problems = told(&hand(&[deal, holding]));
    assert!(
        problems.contains(
            &"6:1: North's Holding is not the hand as dealt after the exchange: it has HA HA SA the exchange does not give and lacks CK DT DQ"
                .to_string()
        ),
        "{problems:?}"
    );
    assert_eq!(problems.len(), 4, "{problems:?}");
}

/// A hand with no Melds tag has its meld unknown: counters alone neither
/// save nor set it, while a hand whose melds are written is settled.
#[test]
fn with_no_melds_tag_a_hand_is_neither_saved_nor_set_on_counters_alone() {
    let work_out = |r: &Record| kibitzer::scoring::pinochle::work_out(r, &Replay::new(r).timeline);
    let unmelded = &records("passing-and-termination.ppn")[0];
    let worked = work_out(unmelded).expect("a four-handed double-deck hand");
    assert!(worked.counted && worked.outcome.is_none() && worked.hand.is_empty());
    let melded = &records("four-handed-export.ppn")[0];
    assert!(work_out(melded).is_some_and(|w| w.outcome.is_some()));
}
