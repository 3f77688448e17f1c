//! Every example of the RBN 3.x article (rpbridge.net 7A12), read through the
//! public reader and checked against what the article says it means.
//!
//! The data strings are taken from the examples; hand ellipses stand for two
//! dots, and the explanation the article prints after each one is turned into
//! assertions on typed values.

use kibitzer::model::{
    Annotation, AuctionEntry, AuctionItem, Bid, Call, Card, Carryover, Deal, Digits, Doubling, Effective,
    Emphasis, Goal, Hundredths, NoteScope, Outcome, PlayEntry, PlayItem, Pseudo, Rank, Record, Run,
    ScoringForm, Seat, SessionDetail, SourceFormat, Stage, Strain, StrainMakes, Suit, TrickList,
    Vulnerability,
};
use kibitzer::notation::rbn::Reader;

// ---------------------------------------------------------------- helpers

fn read(text: &str) -> Vec<Record> {
    Reader::new(text.as_bytes(), SourceFormat::Rbn).collect()
}

/// Reads text that must hold exactly one valid record.
fn one(text: &str) -> Record {
    let mut records = read(text);
    assert_eq!(records.len(), 1, "expected one record from {text:?}");
    let record = records.remove(0);
    assert!(record.problems.is_empty(), "{text:?}: {:?}", record.problems);
    record
}

/// Reads a single label line as a record of its own.
fn line(text: &str) -> Record {
    one(&format!("{text}\n"))
}

fn digits(d: &Option<Digits>) -> Option<&str> {
    d.as_ref().map(|d| d.0.as_str())
}

fn some(s: &str) -> Option<String> {
    Some(s.to_string())
}

/// The hand of `seat` as `S.H.D.C`.
fn hand(deal: &Deal, seat: Seat) -> String {
    deal.hands[seat].to_string()
}

fn bid(level: u8, strain: Strain) -> AuctionItem {
    AuctionItem::Call(Call::Bid(Bid { level, strain }))
}

fn marks(annotations: &[Annotation]) -> String {
    annotations.iter().map(|a| a.symbol()).collect()
}

/// An auction entry spelled out: `1S`, `P`, `X!`, `R^1`, `A`, `Y`.
fn call_text(entry: &AuctionEntry) -> String {
    let item = match entry.item {
        AuctionItem::Call(Call::Pass) => "P".to_string(),
        AuctionItem::Call(Call::Double) => "X".to_string(),
        AuctionItem::Call(Call::Redouble) => "R".to_string(),
        AuctionItem::Call(Call::Bid(b)) => format!("{}{}", b.level, b.strain.letter()),
        AuctionItem::AllPass => "A".to_string(),
        AuctionItem::Query => "Y".to_string(),
        AuctionItem::Skipped => "-".to_string(),
        AuctionItem::AnyCall => "any".to_string(),
    };
    item + &marks(&entry.annotations)
}

fn calls(record: &Record) -> Vec<String> {
    let auction = record.auction().expect("an auction");
    auction.entries.iter().map(call_text).collect()
}

/// A play entry spelled out: `SK`, `5` (following suit), `-`, `Y`, `HQ*`.
fn play_text(entry: &PlayEntry) -> String {
    let item = match entry.item {
        PlayItem::Card { suit, rank } => {
            format!(
                "{}{}",
                suit.map(|s| s.letter().to_string()).unwrap_or_default(),
                rank.letter()
            )
        }
        PlayItem::Pseudo(p) => p.symbol().to_string(),
        PlayItem::Query => "Y".to_string(),
        PlayItem::Unknown => "?".to_string(),
    };
    item + &marks(&entry.annotations)
}

fn tricks(record: &Record) -> Vec<Vec<String>> {
    let play = record.play.as_ref().expect("a play");
    play.tricks
        .iter()
        .map(|t| t.plays.iter().map(play_text).collect())
        .collect()
}

fn trick_list(values: &[u8], unknown_rest: bool) -> Option<TrickList> {
    Some(TrickList {
        values: values.to_vec(),
        unknown_rest,
    })
}

fn all_known(v: [u8; 5]) -> [Option<u8>; 5] {
    v.map(Some)
}

fn strain_list(v: &[u8]) -> StrainMakes {
    StrainMakes::List(v.iter().copied().map(Some).collect())
}

// ---------------------------------------------------------------- D

#[test]
fn d_full_date() {
    let d = line("D 19980131").date.unwrap();
    assert_eq!(d.year.0, "1998");
    assert_eq!(digits(&d.month), Some("01"));
    assert_eq!(digits(&d.day), Some("31"));
    assert_eq!(d.end_day, None);
    assert!(!d.circa && !d.gmt && d.time.is_none());
}

#[test]
fn d_year_and_month_only() {
    let d = line("D 199709").date.unwrap();
    assert_eq!(d.year.value(), Some(1997));
    assert_eq!(digits(&d.month), Some("09"));
    assert_eq!(d.day, None);
    assert_eq!(d.end_day, None);
}

#[test]
fn d_span_of_days() {
    let d = line("D 1986120911").date.unwrap();
    assert_eq!(d.year.0, "1986");
    assert_eq!(digits(&d.month), Some("12"));
    assert_eq!(digits(&d.day), Some("09"));
    assert_eq!(digits(&d.end_day), Some("11"));
    assert!(d.time.is_none());
}

#[test]
fn d_circa_year() {
    let d = line("D 1955C").date.unwrap();
    assert_eq!(d.year.0, "1955");
    assert!(d.circa);
    assert_eq!(d.month, None);
    assert_eq!(d.day, None);
}

#[test]
fn d_date_and_local_time() {
    let d = line("D 20010704:1930").date.unwrap();
    assert_eq!(
        (d.year.0.as_str(), digits(&d.month), digits(&d.day)),
        ("2001", Some("07"), Some("04"))
    );
    assert_eq!(digits(&d.time), Some("1930"));
    assert!(!d.gmt);
}

#[test]
fn d_time_to_the_second_gmt() {
    let d = line("D 20120428:072315G").date.unwrap();
    assert_eq!(
        (d.year.0.as_str(), digits(&d.month), digits(&d.day)),
        ("2012", Some("04"), Some("28"))
    );
    assert_eq!(digits(&d.time), Some("072315"));
    assert!(d.gmt);
}

// ---------------------------------------------------------------- T

#[test]
fn t_title_and_author() {
    let t = line("T Overbid Succeeds:John Doe").title.unwrap();
    assert_eq!(t.first, "Overbid Succeeds");
    assert_eq!(t.second, some("John Doe"));
}

#[test]
fn t_title_without_author() {
    let t = line("T Bridge Made Easy").title.unwrap();
    assert_eq!(t.first, "Bridge Made Easy");
    assert_eq!(t.second, None);
}

#[test]
fn t_author_without_title() {
    let t = line("T :Joe Blow").title.unwrap();
    assert_eq!(t.first, "");
    assert_eq!(t.second, some("Joe Blow"));
}

// ---------------------------------------------------------------- L

#[test]
fn l_single_string() {
    let l = line("L Fort Lauderdale FL").location.unwrap();
    assert_eq!((l.first.as_str(), l.second), ("Fort Lauderdale FL", None));
}

#[test]
fn l_city_and_hotel() {
    let l = line("L Toronto ON:Royal York Hotel").location.unwrap();
    assert_eq!(l.first, "Toronto ON");
    assert_eq!(l.second, some("Royal York Hotel"));
}

#[test]
fn l_town_and_casino() {
    let l = line("L Valkenberg NL:Holland Casino").location.unwrap();
    assert_eq!(l.first, "Valkenberg NL");
    assert_eq!(l.second, some("Holland Casino"));
}

// ---------------------------------------------------------------- E

#[test]
fn e_single_string() {
    let e = line("E 1999 Grand National Teams").event.unwrap();
    assert_eq!((e.first.as_str(), e.second), ("1999 Grand National Teams", None));
}

#[test]
fn e_regional_and_flight() {
    let e = line("E Southeastern Regional:Flight A Open Pairs").event.unwrap();
    assert_eq!(e.first, "Southeastern Regional");
    assert_eq!(e.second, some("Flight A Open Pairs"));
}

#[test]
fn e_lesson_catalog() {
    let e = line("E Beginning Bridge:Lesson 11").event.unwrap();
    assert_eq!(e.first, "Beginning Bridge");
    assert_eq!(e.second, some("Lesson 11"));
}

// ---------------------------------------------------------------- F

#[test]
fn f_imps() {
    let f = line("F I").scoring.unwrap();
    assert_eq!((f.form.clone(), f.modifier), (ScoringForm::Imps, None));
    assert!(f.form.is_teams());
}

#[test]
fn f_instant_matchpoints() {
    let f = line("F N").scoring.unwrap();
    assert_eq!(
        (f.form.clone(), f.modifier),
        (ScoringForm::InstantMatchpoints, None)
    );
    assert!(!f.form.is_teams());
}

#[test]
fn f_imp_pairs_butler() {
    let f = line("F X:Butler").scoring.unwrap();
    assert_eq!(f.form, ScoringForm::CrossImps);
    assert_eq!(f.modifier, some("Butler"));
}

#[test]
fn f_imps_with_scale_year() {
    let f = line("F I:1952").scoring.unwrap();
    assert_eq!(f.form, ScoringForm::Imps);
    assert_eq!(f.modifier, some("1952"));
}

#[test]
fn f_matchpoints_old() {
    let f = line("F M:old").scoring.unwrap();
    assert_eq!(f.form, ScoringForm::Matchpoints);
    assert_eq!(f.modifier, some("old"));
}

#[test]
fn f_rubber() {
    let f = line("F R").scoring.unwrap();
    assert_eq!((f.form, f.modifier), (ScoringForm::Rubber, None));
}

#[test]
fn f_chicago_with_partscore() {
    let f = line("F C:NS 60").scoring.unwrap();
    assert_eq!(f.form, ScoringForm::Chicago);
    assert_eq!(f.modifier, some("NS 60"));
}

#[test]
fn f_cavendish_without_honors_or_partscores() {
    let f = line("F A:-HP").scoring.unwrap();
    assert_eq!(f.form, ScoringForm::Cavendish);
    assert_eq!(f.modifier, some("-HP"));
}

// ---------------------------------------------------------------- K

#[test]
fn k_two_names() {
    let k = line("K Nickell:Schwartz").teams.unwrap();
    assert_eq!(k.names, ["Nickell", "Schwartz"]);
    assert_eq!(k.carryovers, [None, None]);
}

#[test]
fn k_whole_carryovers() {
    let k = line("K Italy:USA1:999:22").teams.unwrap();
    assert_eq!(k.names, ["Italy", "USA1"]);
    let [one, two] = k.carryovers.map(|c| c.unwrap().total());
    assert_eq!((one, two), (Hundredths(99900), Hundredths(2200)));
    assert_eq!(one.0 - two.0, 97700);
}

#[test]
fn k_wordy_names() {
    let k = line("K Meckstroth's Marauders:Rodwell's Rockets").teams.unwrap();
    assert_eq!(k.names, ["Meckstroth's Marauders", "Rodwell's Rockets"]);
    assert_eq!(k.carryovers, [None, None]);
}

#[test]
fn k_fractional_carryovers() {
    let k = line("K Iceland:Bulgaria:76.33:91.50").teams.unwrap();
    assert_eq!(k.names, ["Iceland", "Bulgaria"]);
    let [one, two] = k.carryovers.map(|c| c.unwrap().total());
    assert_eq!((one, two), (Hundredths(7633), Hundredths(9150)));
    assert_eq!(two.0 - one.0, 1517);
}

#[test]
fn k_negative_carryover_for_team_two_only() {
    let k = line("K France:Spain::-5").teams.unwrap();
    assert_eq!(k.names, ["France", "Spain"]);
    assert_eq!(k.carryovers[0], None);
    assert_eq!(k.carryovers[1], Some(Carryover(vec![Hundredths(-500)])));
}

#[test]
fn k_carryover_less_penalty() {
    let k = line("K GIB:Jack:99-8").teams.unwrap();
    assert_eq!(k.names, ["GIB", "Jack"]);
    let gib = k.carryovers[0].clone().unwrap();
    assert_eq!(gib, Carryover(vec![Hundredths(9900), Hundredths(-800)]));
    assert_eq!(gib.total(), Hundredths(9100));
    assert_eq!(k.carryovers[1], None);
}

// ---------------------------------------------------------------- S

#[test]
fn s_session_number() {
    let s = line("S 2").session.unwrap();
    assert_eq!((s.stage, s.detail), (Stage::Session(2), None));
}

#[test]
fn s_semifinal_segment() {
    let s = line("S S:3").session.unwrap();
    assert_eq!(
        (s.stage, s.detail),
        (Stage::Semifinal, Some(SessionDetail::Segment(3)))
    );
}

#[test]
fn s_round_of_32_segment() {
    let s = line("S R32:1").session.unwrap();
    assert_eq!(
        (s.stage, s.detail),
        (Stage::RoundOf(32), Some(SessionDetail::Segment(1)))
    );
}

#[test]
fn s_qualifying_round() {
    let s = line("S I:12").session.unwrap();
    assert_eq!(
        (s.stage, s.detail),
        (Stage::Initial, Some(SessionDetail::Segment(12)))
    );
}

#[test]
fn s_subheading() {
    let s = line("S Slam Bidding:Blackwood").session.unwrap();
    assert_eq!(s.stage, Stage::Other("Slam Bidding".into()));
    assert_eq!(s.detail, Some(SessionDetail::Text("Blackwood".into())));
}

// ---------------------------------------------------------------- N

#[test]
fn n_single_table() {
    let n = line("N Wolff+Hamman:Stansby+Martel").players.unwrap();
    assert_eq!(n.tables.len(), 1);
    assert_eq!(n.name(0, Seat::North), Some("Wolff"));
    assert_eq!(n.name(0, Seat::South), Some("Hamman"));
    assert_eq!(n.name(0, Seat::West), Some("Stansby"));
    assert_eq!(n.name(0, Seat::East), Some("Martel"));
}

#[test]
fn n_team_match() {
    let n = line("N Grue+Moss:Smith+Cohen:Levin+Zia:Gold+Robson")
        .players
        .unwrap();
    assert_eq!(n.tables.len(), 2);
    let seats = [Seat::North, Seat::South, Seat::West, Seat::East];
    let names = |t: usize| seats.map(|s| n.name(t, s).unwrap());
    assert_eq!(names(0), ["Grue", "Moss", "Smith", "Cohen"]);
    assert_eq!(names(1), ["Levin", "Zia", "Gold", "Robson"]);
}

#[test]
fn n_team_one_only() {
    let n = line("N Rosenberg+Zia:::Miller+Kohler").players.unwrap();
    assert_eq!(n.tables.len(), 2);
    assert_eq!(n.name(0, Seat::North), Some("Rosenberg"));
    assert_eq!(n.name(0, Seat::South), Some("Zia"));
    assert_eq!(n.name(0, Seat::West), None);
    assert_eq!(n.name(0, Seat::East), None);
    assert_eq!(n.name(1, Seat::North), None);
    assert_eq!(n.name(1, Seat::South), None);
    assert_eq!(n.name(1, Seat::West), Some("Miller"));
    assert_eq!(n.name(1, Seat::East), Some("Kohler"));
}

#[test]
fn n_west_east_only() {
    let n = line("N :Stanley Laurel+Oliver Hardy").players.unwrap();
    assert_eq!(n.name(0, Seat::North), None);
    assert_eq!(n.name(0, Seat::South), None);
    assert_eq!(n.name(0, Seat::West), Some("Stanley Laurel"));
    assert_eq!(n.name(0, Seat::East), Some("Oliver Hardy"));
}

#[test]
fn n_names_with_spaces_and_dots() {
    let n = line("N GIB 4.0+Jones:GIB 4.0+GIB 4.0").players.unwrap();
    assert_eq!(n.name(0, Seat::South), Some("Jones"));
    for seat in [Seat::North, Seat::West, Seat::East] {
        assert_eq!(n.name(0, seat), Some("GIB 4.0"));
    }
}

// ---------------------------------------------------------------- B

#[test]
fn b_number_only() {
    let b = line("B 6").board.unwrap();
    assert_eq!(b.number, "6");
    assert_eq!(b.description, None);
    assert!(!b.auto);
}

#[test]
fn b_number_and_name() {
    let b = line("B 1:Board").board.unwrap();
    assert_eq!(b.number, "1");
    assert_eq!(b.description, some("Board"));
    assert!(!b.auto);
    assert_eq!(b.to_string(), "Board 1");
}

#[test]
fn b_auto_number() {
    let records = read("B 1:+\nC 3N:N\n\nC 4S:S\n\nC 1N:W\n");
    let numbers: Vec<(&str, bool)> = records
        .iter()
        .map(|r| {
            assert!(r.problems.is_empty(), "{:?}", r.problems);
            let b = r.board.as_ref().unwrap();
            assert_eq!(b.description, None);
            (b.number.as_str(), b.auto)
        })
        .collect();
    assert_eq!(numbers, [("1", true), ("2", true), ("3", true)]);
}

#[test]
fn b_auto_number_with_name() {
    let records = read("B 1:+Deal\nC 3N:N\n\nC 4S:S\n\nC 1N:W\n");
    let names: Vec<String> = records
        .iter()
        .map(|r| {
            assert!(r.problems.is_empty(), "{:?}", r.problems);
            let b = r.board.as_ref().unwrap();
            assert!(b.auto);
            assert_eq!(b.description, some("Deal"));
            b.to_string()
        })
        .collect();
    assert_eq!(names, ["Deal 1", "Deal 2", "Deal 3"]);
}

// ---------------------------------------------------------------- H

/// Every seat holds thirteen cards and the deck is used up.
fn assert_full_deal(deal: &Deal) {
    for seat in [Seat::North, Seat::East, Seat::South, Seat::West] {
        assert_eq!(deal.hands[seat].len(), 13, "{seat} in {deal:?}");
        assert!(deal.given.contains(seat));
    }
    assert!(deal.missing_cards().is_empty());
}

#[test]
fn h_full_deal_from_west() {
    let deal = line("H W:873.A6.KT864.KQ8:96.T54.97.AJ9643:T542.K93.AQ53.52:")
        .deal
        .unwrap();
    assert_full_deal(&deal);
    assert_eq!(hand(&deal, Seat::West), "873.A6.KT864.KQ8");
    assert_eq!(hand(&deal, Seat::North), "96.T54.97.AJ9643");
    assert_eq!(hand(&deal, Seat::East), "T542.K93.AQ53.52");
    assert_eq!(hand(&deal, Seat::South), "AKQJ.QJ872.J2.T7");
    assert!(deal.hidden.is_empty());
}

#[test]
fn h_full_deal_from_south() {
    let deal = line("H S:9.AK6.AKT982.K87:K7654.J73.Q65.T6:QT2.T94.J4.AQ953:")
        .deal
        .unwrap();
    assert_full_deal(&deal);
    assert_eq!(hand(&deal, Seat::South), "9.AK6.AKT982.K87");
    assert_eq!(hand(&deal, Seat::West), "K7654.J73.Q65.T6");
    assert_eq!(hand(&deal, Seat::North), "QT2.T94.J4.AQ953");
    assert_eq!(hand(&deal, Seat::East), "AJ83.Q852.73.J42");
    assert!(deal.hidden.is_empty());
}

#[test]
fn h_north_south_hands_with_voids() {
    // The article's example gives the 7 of diamonds and the 7 of clubs to
    // both hands; the reader keeps the hands as written and reports both.
    let records = read("H N:AKQ72..AKQ72.753::.AKQ72.753.AKQ72\n");
    assert_eq!(records.len(), 1);
    let r = &records[0];
    let messages: Vec<&str> = r.problems.iter().map(|p| p.message.as_str()).collect();
    assert_eq!(messages.len(), 2, "{messages:?}");
    assert!(
        messages[0].contains("D7") && messages[1].contains("C7"),
        "{messages:?}"
    );
    let deal = r.deal.as_ref().unwrap();
    assert_eq!(hand(deal, Seat::North), "AKQ72..AKQ72.753");
    assert_eq!(hand(deal, Seat::South), ".AKQ72.753.AKQ72");
    assert!(!deal.hands[Seat::North].has_suit(Suit::Hearts));
    assert!(!deal.hands[Seat::South].has_suit(Suit::Spades));
    assert!(deal.given.contains(Seat::East) && deal.hands[Seat::East].is_empty());
    assert!(!deal.given.contains(Seat::West) && deal.hands[Seat::West].is_empty());
    assert!(deal.hidden.is_empty());
}

#[test]
fn h_east_hand_only() {
    let deal = line("H E:T4.8642.AKT8.K65").deal.unwrap();
    assert_eq!(hand(&deal, Seat::East), "T4.8642.AKT8.K65");
    assert_eq!(deal.hands[Seat::East].len(), 13);
    assert_eq!(deal.given.iter().collect::<Vec<_>>(), [Seat::East]);
    for seat in [Seat::North, Seat::South, Seat::West] {
        assert!(deal.hands[seat].is_empty());
    }
}

#[test]
fn h_five_card_ending() {
    let deal = line("H W:K9.K9.9:3.A3.Q.4:Q82..J.A:A7.7.K8").deal.unwrap();
    assert_eq!(hand(&deal, Seat::West), "K9.K9.9.");
    assert_eq!(hand(&deal, Seat::North), "3.A3.Q.4");
    assert_eq!(hand(&deal, Seat::East), "Q82..J.A");
    assert_eq!(hand(&deal, Seat::South), "A7.7.K8.");
    for seat in [Seat::North, Seat::East, Seat::South, Seat::West] {
        assert_eq!(deal.hands[seat].len(), 5, "{seat}");
    }
}

#[test]
fn h_spade_suit_only() {
    let deal = line("H W:43:KJ2:Q976:AT85").deal.unwrap();
    assert_eq!(hand(&deal, Seat::West), "43...");
    assert_eq!(hand(&deal, Seat::North), "KJ2...");
    assert_eq!(hand(&deal, Seat::East), "Q976...");
    assert_eq!(hand(&deal, Seat::South), "AT85...");
    let spades = [Seat::North, Seat::East, Seat::South, Seat::West]
        .iter()
        .flat_map(|&s| deal.hands[s].known_cards())
        .filter(|c| c.suit == Suit::Spades)
        .count();
    assert_eq!(spades, 13);
}

const HIDDEN_FROM_NORTH: &str = "H N:QJT94..A432.5432;K5.T.KQJT98.KQJT:A876.A2.765.A876;";
const HIDDEN_FROM_EAST: &str = "H E;K5.T.KQJT98.KQJT:A876.A2.765.A876;32.KQJ9876543..9:";

#[test]
fn h_east_west_hidden_west_gets_the_rest() {
    let deal = line(HIDDEN_FROM_NORTH).deal.unwrap();
    assert_full_deal(&deal);
    assert_eq!(hand(&deal, Seat::North), "QJT94..A432.5432");
    assert_eq!(hand(&deal, Seat::East), "K5.T.KQJT98.KQJT");
    assert_eq!(hand(&deal, Seat::South), "A876.A2.765.A876");
    assert_eq!(hand(&deal, Seat::West), "32.KQJ9876543..9");
    assert_eq!(deal.hidden.iter().collect::<Vec<_>>(), [Seat::East, Seat::West]);
}

#[test]
fn h_same_deal_starting_from_east() {
    let deal = line(HIDDEN_FROM_EAST).deal.unwrap();
    assert_full_deal(&deal);
    assert_eq!(hand(&deal, Seat::North), "QJT94..A432.5432");
    assert_eq!(deal.hidden.iter().collect::<Vec<_>>(), [Seat::East, Seat::West]);
    let from_north = line(HIDDEN_FROM_NORTH).deal.unwrap();
    for seat in [Seat::North, Seat::East, Seat::South, Seat::West] {
        assert_eq!(hand(&deal, seat), hand(&from_north, seat), "{seat}");
    }
    assert_eq!((deal.hidden, deal.given), (from_north.hidden, from_north.given));
}

// ---------------------------------------------------------------- A

#[test]
fn a_south_deals_none_vul() {
    let r = line("A SZ:1SP2SP:4SA");
    let a = r.auction().unwrap();
    assert_eq!((a.dealer, a.vulnerability), (Seat::South, Vulnerability::None));
    assert_eq!(calls(&r), ["1S", "P", "2S", "P", "4S", "A"]);
    assert_eq!(a.entries[4].item, bid(4, Strain::Spades));
    assert!(a.is_complete());
    let (made, errors) = a.calls();
    assert!(errors.is_empty());
    assert_eq!(made.len(), 8);
    assert_eq!(
        (made[4].seat, made[4].call),
        (
            Seat::South,
            Call::Bid(Bid {
                level: 4,
                strain: Strain::Spades
            })
        )
    );
}

#[test]
fn a_passed_out() {
    let r = line("A WE:A");
    let a = r.auction().unwrap();
    assert_eq!((a.dealer, a.vulnerability), (Seat::West, Vulnerability::EastWest));
    assert_eq!(a.entries.len(), 1);
    assert_eq!(a.entries[0].item, AuctionItem::AllPass);
    let (made, errors) = a.calls();
    assert!(errors.is_empty());
    assert_eq!(made.iter().map(|c| c.call).collect::<Vec<_>>(), [Call::Pass; 4]);
    assert!(a.is_complete());
}

#[test]
fn a_your_call_as_south() {
    let r = line("A NB:1SXY");
    let a = r.auction().unwrap();
    assert_eq!((a.dealer, a.vulnerability), (Seat::North, Vulnerability::Both));
    assert_eq!(calls(&r), ["1S", "X", "Y"]);
    assert_eq!(a.entries[2].item, AuctionItem::Query);
    let (made, errors) = a.calls();
    assert!(errors.is_empty());
    assert_eq!(
        made.iter().map(|c| c.seat).collect::<Vec<_>>(),
        [Seat::North, Seat::East]
    );
    assert!(!a.is_complete());
}

#[test]
fn a_default_dealer_and_vulnerability() {
    let r = line("A 1SP2CP:2D");
    let a = r.auction().unwrap();
    assert_eq!((a.dealer, a.vulnerability), (Seat::West, Vulnerability::Any));
    assert_eq!(calls(&r), ["1S", "P", "2C", "P", "2D"]);
    assert!(!a.is_complete());
    assert!(a.calls().1.is_empty());
}

#[test]
fn a_marks_and_note_reference() {
    let r = one("A EB:3CP3N?P:PX!R^1A\n1 apparently lost his mind\n");
    let a = r.auction().unwrap();
    assert_eq!((a.dealer, a.vulnerability), (Seat::East, Vulnerability::Both));
    assert_eq!(calls(&r), ["3C", "P", "3N?", "P", "P", "X!", "R^1", "A"]);
    assert_eq!(a.entries[2].item, bid(3, Strain::NoTrump));
    assert_eq!(a.entries[2].annotations, [Annotation::Poor]);
    assert_eq!(a.entries[5].item, AuctionItem::Call(Call::Double));
    assert_eq!(a.entries[5].annotations, [Annotation::Good]);
    assert_eq!(a.entries[6].item, AuctionItem::Call(Call::Redouble));
    assert_eq!(a.entries[6].annotations, [Annotation::Note(1)]);
    assert!(a.is_complete());
    assert!(a.calls().1.is_empty());
}

#[test]
fn a_note_1_explains_the_redouble() {
    let r = one("A EB:3CP3N?P:PX!R^1A\n1 apparently lost his mind\n");
    assert_eq!(r.notes.len(), 1);
    let note = r.note(NoteScope::Auction, 1).unwrap();
    assert_eq!(note.text, "apparently lost his mind");
    assert_eq!(note.pos.line, 2);
    assert!(r.note(NoteScope::Play, 1).is_none());
}

#[test]
fn a_note_0_general_comment() {
    let r = one("A SZ:1SP2SP:4SA\n0 North-South were a new partnership\n");
    let note = r.note(NoteScope::Auction, 0).unwrap();
    assert_eq!(note.text, "North-South were a new partnership");
    assert_eq!(r.notes.len(), 1);
}

// ---------------------------------------------------------------- C

#[test]
fn c_three_notrump_by_north() {
    let c = line("C 3N:N").contract().unwrap();
    assert_eq!(
        (c.level, c.strain, c.doubling),
        (Some(3), Strain::NoTrump, Doubling::Undoubled)
    );
    assert_eq!((c.goal, c.declarer, c.leader), (None, Seat::North, None));
    assert_eq!(c.target(), Some(9));
}

#[test]
fn c_redoubled_by_west() {
    let c = line("C 5DR:W").contract().unwrap();
    assert_eq!(
        (c.level, c.strain, c.doubling),
        (Some(5), Strain::Diamonds, Doubling::Redoubled)
    );
    assert_eq!((c.goal, c.declarer, c.leader), (None, Seat::West, None));
}

#[test]
fn c_doubled_with_goal() {
    let c = line("C 4SX8:E").contract().unwrap();
    assert_eq!(
        (c.level, c.strain, c.doubling),
        (Some(4), Strain::Spades, Doubling::Doubled)
    );
    assert_eq!(
        (c.goal, c.declarer, c.leader),
        (Some(Goal::Tricks(8)), Seat::East, None)
    );
    assert_eq!(c.target(), Some(8));
}

#[test]
fn c_ending_with_goal_and_leader() {
    let c = line("C H6:S:S").contract().unwrap();
    assert_eq!(
        (c.level, c.strain, c.doubling),
        (None, Strain::Hearts, Doubling::Undoubled)
    );
    assert_eq!(c.goal, Some(Goal::Tricks(6)));
    assert_eq!((c.declarer, c.leader), (Seat::South, Some(Seat::South)));
}

#[test]
fn c_ending_maximum() {
    let c = line("C CM:S:E").contract().unwrap();
    assert_eq!(
        (c.level, c.strain, c.doubling),
        (None, Strain::Clubs, Doubling::Undoubled)
    );
    assert_eq!(c.goal, Some(Goal::Maximum));
    assert_eq!((c.declarer, c.leader), (Seat::South, Some(Seat::East)));
}

// ---------------------------------------------------------------- P

#[test]
fn p_opening_lead_only() {
    let r = line("P D3");
    assert_eq!(tricks(&r), [["D3"]]);
    let lead = &r.play.as_ref().unwrap().tricks[0].plays[0];
    assert_eq!(
        lead.item,
        PlayItem::Card {
            suit: Some(Suit::Diamonds),
            rank: Rank::Three
        }
    );
}

#[test]
fn p_four_tricks() {
    let r = line("P SK54T:SA87H3:HA245:HKQ8J");
    assert_eq!(
        tricks(&r),
        [
            ["SK", "5", "4", "T"],
            ["SA", "8", "7", "H3"],
            ["HA", "2", "4", "5"],
            ["HK", "Q", "8", "J"]
        ]
    );
    let play = r.play.as_ref().unwrap();
    assert!(play.tricks.iter().all(|t| !t.trivial));
    assert_eq!(
        play.tricks[1].plays[3].item,
        PlayItem::Card {
            suit: Some(Suit::Hearts),
            rank: Rank::Three
        }
    );
}

const NOTED_PLAY: &str = "P HQ*3J2:HK47A:DJA53:HT68C7^1\n1 subtle falsecard\n";

#[test]
fn p_conventional_mark_and_note_reference() {
    let r = one(NOTED_PLAY);
    assert_eq!(
        tricks(&r),
        [
            ["HQ*", "3", "J", "2"],
            ["HK", "4", "7", "A"],
            ["DJ", "A", "5", "3"],
            ["HT", "6", "8", "C7^1"]
        ]
    );
    let play = r.play.as_ref().unwrap();
    assert_eq!(play.tricks[0].plays[0].annotations, [Annotation::Conventional]);
    let c7 = &play.tricks[3].plays[3];
    assert_eq!(
        c7.item,
        PlayItem::Card {
            suit: Some(Suit::Clubs),
            rank: Rank::Seven
        }
    );
    assert_eq!(c7.annotations, [Annotation::Note(1)]);
}

#[test]
fn p_note_1_describes_the_club() {
    let r = one(NOTED_PLAY);
    assert_eq!(r.notes.len(), 1);
    assert_eq!(r.note(NoteScope::Play, 1).unwrap().text, "subtle falsecard");
    assert!(r.note(NoteScope::Auction, 1).is_none());
}

#[test]
fn p_low_pseudo_plays() {
    let r = line("P SJQKA:HA---");
    assert_eq!(tricks(&r), [vec!["SJ", "Q", "K", "A"], vec!["HA", "-", "-", "-"]]);
    let trick2 = &r.play.as_ref().unwrap().tricks[1];
    assert!(
        trick2.plays[1..]
            .iter()
            .all(|p| p.item == PlayItem::Pseudo(Pseudo::Lowest))
    );
}

#[test]
fn p_pseudo_plays_then_query() {
    let r = line("P SA---:D2Y");
    assert_eq!(tricks(&r), [vec!["SA", "-", "-", "-"], vec!["D2", "Y"]]);
    let play = r.play.as_ref().unwrap();
    assert_eq!(play.tricks[1].plays[1].item, PlayItem::Query);
    assert_eq!(play.entries().count(), 6);
}

// ---------------------------------------------------------------- R

fn result(text: &str) -> (Option<Outcome>, Option<i32>, Option<Effective>) {
    let r = line(text).result().unwrap();
    (r.outcome, r.score, r.effective)
}

#[test]
fn r_tricks_only() {
    assert_eq!(result("R 11"), (Some(Outcome::Tricks(11)), None, None));
}

#[test]
fn r_tricks_and_score() {
    assert_eq!(result("R 10+620"), (Some(Outcome::Tricks(10)), Some(620), None));
}

#[test]
fn r_imps_won() {
    assert_eq!(
        result("R 8-300:+4"),
        (
            Some(Outcome::Tricks(8)),
            Some(-300),
            Some(Effective::Imps(Hundredths(400)))
        )
    );
}

#[test]
fn r_passed_out_imps_lost() {
    assert_eq!(
        result("R P:-2"),
        (
            Some(Outcome::PassedOut),
            None,
            Some(Effective::Imps(Hundredths(-200)))
        )
    );
}

#[test]
fn r_slam_imps_lost() {
    assert_eq!(
        result("R 12-980:-11"),
        (
            Some(Outcome::Tricks(12)),
            Some(-980),
            Some(Effective::Imps(Hundredths(-1100)))
        )
    );
}

#[test]
fn r_unknown_result_matchpoint_percent() {
    assert_eq!(
        result("R :66.67"),
        (None, None, Some(Effective::Percent(Hundredths(6667))))
    );
}

#[test]
fn r_board_a_match_loss() {
    assert_eq!(
        result("R 5:-1"),
        (
            Some(Outcome::Tricks(5)),
            None,
            Some(Effective::Imps(Hundredths(-100)))
        )
    );
}

#[test]
fn r_matchpoint_percent() {
    assert_eq!(
        result("R 9-750:7"),
        (
            Some(Outcome::Tricks(9)),
            Some(-750),
            Some(Effective::Percent(Hundredths(700)))
        )
    );
}

#[test]
fn r_push() {
    assert_eq!(
        result("R 7-100:="),
        (Some(Outcome::Tricks(7)), Some(-100), Some(Effective::Push))
    );
}

// ---------------------------------------------------------------- M

fn makes(text: &str) -> kibitzer::model::Makes {
    line(text).makes().unwrap().clone()
}

#[test]
fn m_part1_best_defense() {
    let m = makes("M 9");
    assert_eq!(m.contract, trick_list(&[9], false));
    assert_eq!((m.leads, m.north_south, m.west_east), (None, None, None));
}

#[test]
fn m_part1_full_analysis() {
    let m = makes("M 8998888788887");
    assert_eq!(
        m.contract,
        trick_list(&[8, 9, 9, 8, 8, 8, 8, 7, 8, 8, 8, 8, 7], false)
    );
    assert_eq!(m.contract.unwrap().values.len(), 13);
}

#[test]
fn m_part1_hex_ten() {
    assert_eq!(makes("M AA").contract, trick_list(&[10, 10], false));
}

#[test]
fn m_part1_truncated() {
    assert_eq!(makes("M 9A9").contract, trick_list(&[9, 10, 9], false));
}

#[test]
fn m_part1_unknown_after() {
    assert_eq!(makes("M 79?").contract, trick_list(&[7, 9], true));
}

#[test]
fn m_part2_ten_leads() {
    let m = makes("M :AAABBBAABA");
    assert_eq!(m.contract, None);
    assert_eq!(
        m.leads,
        trick_list(&[10, 10, 10, 11, 11, 11, 10, 10, 11, 10], false)
    );
}

#[test]
fn m_part2_highest_lead_then_rest() {
    let m = makes("M :87");
    assert_eq!(m.contract, None);
    assert_eq!(m.leads, trick_list(&[8, 7], false));
}

#[test]
fn m_part2_thirteen_on_any_lead() {
    assert_eq!(makes("M :D").leads, trick_list(&[13], false));
}

#[test]
fn m_part2_unknown_after_two() {
    assert_eq!(makes("M :99?").leads, trick_list(&[9, 9], true));
}

#[test]
fn m_part3_south_same_as_north() {
    let m = makes("M ::9A888=");
    assert_eq!((m.contract.clone(), m.leads.clone()), (None, None));
    let ns = m.north_south.clone().unwrap();
    assert_eq!(ns.first, strain_list(&[9, 10, 8, 8, 8]));
    assert_eq!(ns.second, Some(StrainMakes::SameAsPartner));
    assert_eq!(m.for_seat(Seat::North), all_known([9, 10, 8, 8, 8]));
    assert_eq!(m.for_seat(Seat::South), all_known([9, 10, 8, 8, 8]));
    assert_eq!(m.for_seat(Seat::West), [None; 5]);
}

#[test]
fn m_part3_south_one_better_in_spades() {
    let m = makes("M ::987A8+997A8");
    assert_eq!(m.for_seat(Seat::North), all_known([9, 8, 7, 10, 8]));
    assert_eq!(m.for_seat(Seat::South), all_known([9, 9, 7, 10, 8]));
}

#[test]
fn m_part3_north_notrump_only() {
    let m = makes("M ::9");
    assert_eq!(m.for_seat(Seat::North), [Some(9), None, None, None, None]);
    assert_eq!(m.for_seat(Seat::South), [None; 5]);
    assert_eq!(m.north_south.unwrap().second, None);
}

#[test]
fn m_part4_east_same_as_west() {
    let m = makes("M :::74499=");
    assert_eq!(m.north_south, None);
    assert_eq!(m.for_seat(Seat::West), all_known([7, 4, 4, 9, 9]));
    assert_eq!(m.for_seat(Seat::East), all_known([7, 4, 4, 9, 9]));
    assert_eq!(m.for_seat(Seat::North), [None; 5]);
}

#[test]
fn m_part4_all_square() {
    let m = makes("M ::987A8=:!=");
    let we = m.west_east.clone().unwrap();
    assert_eq!(
        (we.first, we.second),
        (StrainMakes::Complement, Some(StrainMakes::SameAsPartner))
    );
    assert_eq!(m.for_seat(Seat::North), all_known([9, 8, 7, 10, 8]));
    assert_eq!(m.for_seat(Seat::South), all_known([9, 8, 7, 10, 8]));
    assert_eq!(m.for_seat(Seat::West), all_known([4, 5, 6, 3, 5]));
    assert_eq!(m.for_seat(Seat::East), all_known([4, 5, 6, 3, 5]));
}

#[test]
fn m_part4_both_complements() {
    let m = makes("M ::88666+88667:!!");
    let we = m.west_east.clone().unwrap();
    assert_eq!(
        (we.first, we.second),
        (StrainMakes::Complement, Some(StrainMakes::Complement))
    );
    assert_eq!(m.for_seat(Seat::North), all_known([8, 8, 6, 6, 6]));
    assert_eq!(m.for_seat(Seat::South), all_known([8, 8, 6, 6, 7]));
    assert_eq!(m.for_seat(Seat::West), all_known([5, 5, 7, 7, 7]));
    assert_eq!(m.for_seat(Seat::East), all_known([5, 5, 7, 7, 6]));
}

// ---------------------------------------------------------------- I

#[test]
fn i_awards() {
    let items = line("I 4S=10:3N=8:5S=7:4N=6:3S=4:2N=3:6S=1").items;
    let pairs: Vec<(&str, Option<&str>)> = items
        .iter()
        .map(|i| (i.key.as_str(), i.value.as_deref()))
        .collect();
    assert_eq!(
        pairs,
        [
            ("4S", Some("10")),
            ("3N", Some("8")),
            ("5S", Some("7")),
            ("4N", Some("6")),
            ("3S", Some("4")),
            ("2N", Some("3")),
            ("6S", Some("1")),
        ]
    );
}

// ---------------------------------------------------------------- paired records

#[test]
fn paired_records_share_board_and_hands() {
    let text = "B 10\n\
                H W:KQ973.AQJ.74.KJ4:AJ5.64.9862.AQ62:82.98.AKQT53.T98:\n\
                A EB:3DA\n\
                C 3D:E\n\
                R 10\n\
                !\n\
                A EB:PP1NP:3NA\n\
                C 3N:W\n\
                R 9\n";
    let records = read(text);
    assert_eq!(records.len(), 2);
    for r in &records {
        assert!(r.problems.is_empty(), "{:?}", r.problems);
        assert_eq!(r.board.as_ref().unwrap().number, "10");
        let deal = r.deal.as_ref().unwrap();
        assert_full_deal(deal);
        assert_eq!(hand(deal, Seat::West), "KQ973.AQJ.74.KJ4");
        assert_eq!(hand(deal, Seat::South), "T64.KT7532.J.753");
        let a = r.auction().unwrap();
        assert_eq!((a.dealer, a.vulnerability), (Seat::East, Vulnerability::Both));
        assert!(a.is_complete());
    }
    let (one, two) = (&records[0], &records[1]);
    assert_eq!((one.table, two.table), (Some(1), Some(2)));
    assert_eq!(one.deal, two.deal);
    assert_eq!(calls(one), ["3D", "A"]);
    assert_eq!(calls(two), ["P", "P", "1N", "P", "3N", "A"]);
    let c = (one.contract().unwrap(), two.contract().unwrap());
    assert_eq!(
        (c.0.short(), c.0.declarer, c.1.short(), c.1.declarer),
        ("3D".into(), Seat::East, "3N".into(), Seat::West)
    );
    assert_eq!(one.result().unwrap().outcome, Some(Outcome::Tricks(10)));
    assert_eq!(two.result().unwrap().outcome, Some(Outcome::Tricks(9)));
}

// ---------------------------------------------------------------- file signature

#[test]
fn file_signature_line_is_not_data() {
    let text = "% RBN rpbridge.net 37 records 36 deals\n\
                D 19890919\n\
                T Royal Viking Pairs:Richard Pavlicek\n\
                L Analyses 7N05\n\
                {The 1989 Royal Viking Pairs begins...}\n";
    let r = one(text);
    assert_eq!(r.line, 2);
    let d = r.date.as_ref().unwrap();
    assert_eq!(
        (d.year.0.as_str(), digits(&d.month), digits(&d.day)),
        ("1989", Some("09"), Some("19"))
    );
    let t = r.title.as_ref().unwrap();
    assert_eq!(
        (t.first.as_str(), t.second.as_deref()),
        ("Royal Viking Pairs", Some("Richard Pavlicek"))
    );
    let l = r.location.as_ref().unwrap();
    assert_eq!((l.first.as_str(), l.second.as_deref()), ("Analyses 7N05", None));
    assert_eq!(r.commentary.len(), 1);
    assert_eq!(r.commentary[0].after, Some('L'));
    assert_eq!(
        r.commentary[0].text.plain(),
        "The 1989 Royal Viking Pairs begins..."
    );
    assert!(r.plain.is_empty());
}

#[test]
fn a_blank_line_after_the_signature_makes_an_extra_record_of_null_labels() {
    let records = read("% RBN 3.2\n% two deals\n\nB 1\n\nB 2\n");
    let numbers: Vec<(usize, u32, Option<&str>)> = records
        .iter()
        .map(|r| (r.number, r.line, r.board.as_ref().map(|b| b.number.as_str())))
        .collect();
    assert_eq!(numbers, [(1, 3, None), (2, 4, Some("1")), (3, 6, Some("2"))]);
    let empty = &records[0];
    assert!(empty.problems.is_empty(), "{:?}", empty.problems);
    assert!(empty.deal.is_none() && empty.auction().is_none() && empty.commentary.is_empty());
    // Only the `%` lines that open the file do so.
    assert_eq!(read("B 1\n% note\n\nB 2\n").len(), 2);
    assert_eq!(read("\n\nB 1\n").len(), 1);
}

// ---------------------------------------------------------------- free text markup

fn free_text(raw: &str) -> Vec<Run> {
    let r = one(&format!("B 1\n{{{raw}}}\n"));
    assert_eq!(r.commentary.len(), 1);
    assert_eq!(r.commentary[0].after, Some('B'));
    r.commentary[0].text.runs.clone()
}

fn text(s: &str, italic: bool, superscript: bool) -> Run {
    Run::Text {
        text: s.to_string(),
        emphasis: Emphasis {
            italic,
            superscript,
            ..Emphasis::PLAIN
        },
    }
}

#[test]
fn free_text_underscores_italicize() {
    assert_eq!(
        free_text("duck _one round_ only"),
        [
            text("duck ", false, false),
            text("one round", true, false),
            text(" only", false, false)
        ]
    );
}

#[test]
fn free_text_bar_breaks_the_line() {
    assert_eq!(
        free_text("now is|the time"),
        [
            text("now is", false, false),
            Run::LineBreak,
            text("the time", false, false)
        ]
    );
}

#[test]
fn free_text_caret_raises() {
    assert_eq!(
        free_text("x^2"),
        [text("x", false, false), text("2", false, true)]
    );
}

#[test]
fn free_text_brace_escapes() {
    assert_eq!(free_text("{^ or {| or {_"), [text("^ or | or _", false, false)]);
}

// ---------------------------------------------------------------- other examples

#[test]
fn fixed_contract_holds_for_the_file() {
    let records = read("C!3N:S\nB 1\n\nB 2\n\nB 3\n");
    assert_eq!(records.len(), 3);
    for r in &records {
        assert!(r.problems.is_empty(), "{:?}", r.problems);
        let c = r.contract().unwrap();
        assert_eq!((c.short(), c.declarer), ("3N".to_string(), Seat::South));
    }
}

#[test]
fn lowercase_calls_are_flagged() {
    let r = line("A SB:1sP2SP:4sA");
    let a = r.auction().unwrap();
    assert_eq!((a.dealer, a.vulnerability), (Seat::South, Vulnerability::Both));
    assert_eq!(calls(&r), ["1S", "P", "2S", "P", "4S", "A"]);
    let flagged: Vec<bool> = a.entries.iter().map(|e| e.flagged).collect();
    assert_eq!(flagged, [true, false, false, false, true, false]);
}

#[test]
fn plain_data_after_the_labels() {
    let text = "A 1HP2HP:Y\n\
                2s=relay game try\n\
                2n=invitational\n\
                3c 3d 3s=natural slam try\n\
                3h=preemptive\n\
                3n=choice of game\n";
    let r = one(text);
    assert_eq!(calls(&r), ["1H", "P", "2H", "P", "Y"]);
    assert!(r.notes.is_empty());
    assert_eq!(
        r.plain,
        [
            "2s=relay game try",
            "2n=invitational",
            "3c 3d 3s=natural slam try",
            "3h=preemptive",
            "3n=choice of game"
        ]
    );
}

// ---------------------------------------------------------------- the article

const ARTICLE: &str = r#"D 19930512
T Florida Belles Are Ringers:Richard Pavlicek
L West Palm Beach FL:Palm Beach Bridge Studio
E ACBL International Fund Game
F M
{Two Florida ladies put together a tremendous score -- 78 percent -- in the continent-wide International Fund Game on May 12. Helen Shanbrom and Julia Carswell played at the Palm Beach Bridge Studio, a popular club owned and operated by Daniel Cohen.}
{Winning is nothing new to Shanbrom, arguably the most successful club player of all time. Her partner has not been playing bridge that long; but she learns fast and has become a sound, reliable player. Carswell has posted a number of wins already.}
{The diagrammed deal shows the ladies in action, stampeding their opponents to the five level. Shanbrom, West, opened routinely with 1s and Carswell, East, chose a single raise because her hand contained doubtful values -- good judgment in my opinion. (North's decision to overcall and South's 4d bid are not clearly understood, perhaps for the best.)}
{Shanbrom's push to 4s is best explained as "It was my turn," but this is the kind of aggressive tactic that a clever player senses to be right at the table. Sure enough, South took the bait and pushed to 5h (actually, North is more the culprit here for the frivolous overcall). Opportunity needs knock only once for Shanbrom, and she wielded the ax.}
N :Helen Shanbrom+Julia Carswell
B 8
H W:A8765.QT.K9.AT87:J42.AJ7632.J.632:QT3.85.Q86.KQJ54:
A WZ:1S2H2S4D:4SPP5H:XA
C 5HX:N
P CK972:CQ!H483:DA9J6:D2KH28:SJ?QKA:CA
R 9-300:0
{Watch the defense! Carswell led the cK and Shanbrom followed with the seven -- a wisely chosen card to de-emphasize the desirability of a spade switch. (The partnership, as do most defenders, indicate suit preference when the dummy has a singleton in the suit led.) Shanbrom figured that her partner would routinely lead a spade if she held Q-J, but in the actual layout a spade shift would be costly.}
{How many East defenders do you think would come through? This one did! Carswell found the killing play of another club, and declarer actually went down two when he misplayed spades later. If Carswell leads _any other suit_ at trick two, declarer can make the contract by establishing the diamonds.}
"#;

#[test]
fn article_record() {
    let r = one(ARTICLE);

    let d = r.date.as_ref().unwrap();
    assert_eq!(
        (d.year.0.as_str(), digits(&d.month), digits(&d.day)),
        ("1993", Some("05"), Some("12"))
    );
    let t = r.title.as_ref().unwrap();
    assert_eq!(
        (t.first.as_str(), t.second.as_deref()),
        ("Florida Belles Are Ringers", Some("Richard Pavlicek"))
    );
    let l = r.location.as_ref().unwrap();
    assert_eq!(
        (l.first.as_str(), l.second.as_deref()),
        ("West Palm Beach FL", Some("Palm Beach Bridge Studio"))
    );
    assert_eq!(r.event.as_ref().unwrap().first, "ACBL International Fund Game");
    assert_eq!(r.scoring.as_ref().unwrap().form, ScoringForm::Matchpoints);
    let n = r.players.as_ref().unwrap();
    assert_eq!(n.name(0, Seat::West), Some("Helen Shanbrom"));
    assert_eq!(n.name(0, Seat::East), Some("Julia Carswell"));
    assert_eq!((n.name(0, Seat::North), n.name(0, Seat::South)), (None, None));
    assert_eq!(r.board.as_ref().unwrap().number, "8");
    assert_eq!(
        (r.teams.as_ref(), r.session.as_ref(), r.makes()),
        (None, None, None)
    );
    assert!(r.items.is_empty() && r.notes.is_empty() && r.plain.is_empty());

    // Hands: South gets the rest.
    let deal = r.deal.as_ref().unwrap();
    assert_full_deal(deal);
    assert_eq!(hand(deal, Seat::West), "A8765.QT.K9.AT87");
    assert_eq!(hand(deal, Seat::North), "J42.AJ7632.J.632");
    assert_eq!(hand(deal, Seat::East), "QT3.85.Q86.KQJ54");
    assert_eq!(hand(deal, Seat::South), "K9.K94.AT75432.9");
    assert!(deal.hidden.is_empty());

    // Auction.
    let a = r.auction().unwrap();
    assert_eq!((a.dealer, a.vulnerability), (Seat::West, Vulnerability::None));
    assert_eq!(
        calls(&r),
        ["1S", "2H", "2S", "4D", "4S", "P", "P", "5H", "X", "A"]
    );
    assert!(a.is_complete());
    let (made, errors) = a.calls();
    assert!(errors.is_empty());
    assert_eq!(made.len(), 12);
    assert_eq!((made[7].seat, made[8].seat), (Seat::South, Seat::West));

    // Contract 5HX by North.
    let c = r.contract().unwrap();
    assert_eq!(
        (c.level, c.strain, c.doubling),
        (Some(5), Strain::Hearts, Doubling::Doubled)
    );
    assert_eq!((c.declarer, c.leader, c.goal), (Seat::North, None, None));
    assert_eq!(c.to_string(), "5HX by N");

    // Play: 21 entries in six written tricks.
    let play = r.play.as_ref().unwrap();
    assert_eq!(play.entries().count(), 21);
    assert_eq!(
        tricks(&r),
        [
            vec!["CK", "9", "7", "2"],
            vec!["CQ!", "H4", "8", "3"],
            vec!["DA", "9", "J", "6"],
            vec!["D2", "K", "H2", "8"],
            vec!["SJ?", "Q", "K", "A"],
            vec!["CA"],
        ]
    );
    let lead = &play.tricks[0].plays[0];
    assert_eq!(
        lead.item,
        PlayItem::Card {
            suit: Some(Suit::Clubs),
            rank: Rank::King
        }
    );
    let card = Card::new(Suit::Clubs, Rank::King);
    assert!(deal.hands[Seat::East].contains(card));

    // Result: 9 tricks, N-S -300, 0 percent.
    let res = r.result().unwrap();
    assert_eq!(res.outcome, Some(Outcome::Tricks(9)));
    assert_eq!(res.score, Some(-300));
    assert_eq!(res.effective, Some(Effective::Percent(Hundredths(0))));

    // Commentary: four paragraphs after F, two after R.
    let after: Vec<Option<char>> = r.commentary.iter().map(|c| c.after).collect();
    assert_eq!(
        after,
        [Some('F'), Some('F'), Some('F'), Some('F'), Some('R'), Some('R')]
    );
    assert!(r.commentary[0].text.plain().starts_with("Two Florida ladies"));
    assert!(r.commentary[3].text.plain().ends_with("she wielded the ax."));
    assert!(r.commentary[4].text.plain().starts_with("Watch the defense!"));
    let last = &r.commentary[5].text.runs;
    assert!(last.contains(&text("any other suit", true, false)));
    assert_eq!(
        r.commentary.iter().map(|c| c.pos.line).collect::<Vec<_>>(),
        [6, 7, 8, 9, 17, 18]
    );
}
