//! The score of a contract and the IMP scale, case by case from the Laws
//! of Duplicate Bridge (Law 77 and Law 78B), worked out by hand.

use kibitzer::model::{Doubling, SourceFormat, Strain};
use kibitzer::notation::reading::Reading;
use kibitzer::scoring::{Played, imps};

/// (contract, vulnerable, tricks, declarer's score).
const CASES: &[(&str, bool, u8, i32)] = &[
    // Part-scores: 50 bonus, minors 20, majors 30, notrump 40 then 30.
    ("1C", false, 7, 70),
    ("1D", false, 8, 90),
    ("2H", false, 8, 110),
    ("2S", true, 10, 170),
    ("1N", false, 7, 90),
    ("2N", true, 9, 150),
    ("3C", true, 9, 110),
    ("4D", false, 10, 130),
    // Games: 300 not vulnerable, 500 vulnerable; overtricks at trick value.
    ("3N", false, 9, 400),
    ("3N", true, 9, 600),
    ("4H", false, 10, 420),
    ("4S", true, 10, 620),
    ("5C", false, 11, 400),
    ("5D", true, 11, 600),
    ("4S", true, 12, 680),
    ("3N", false, 13, 520),
    ("5C", false, 13, 440),
    // Slams: small 500 / 750, grand 1000 / 1500, on top of the game bonus.
    ("6C", false, 12, 920),
    ("6D", true, 12, 1370),
    ("6H", false, 12, 980),
    ("6S", true, 12, 1430),
    ("6N", false, 12, 990),
    ("6N", true, 13, 1470),
    ("7C", false, 13, 1440),
    ("7S", true, 13, 2210),
    ("7N", false, 13, 1520),
    ("7N", true, 13, 2220),
    // Doubled and made: trick score twice, 50 for the insult, overtricks
    // 100 / 200; doubling can lift a part-score into a game.
    ("1CX", false, 7, 140),
    ("1CX", false, 8, 240),
    ("1CX", true, 8, 340),
    ("2CX", false, 8, 180),
    ("2HX", false, 8, 470),
    ("2HX", true, 8, 670),
    ("1NX", true, 7, 180),
    ("2NX", false, 8, 490),
    ("4SX", true, 11, 990),
    ("3NX", false, 11, 750),
    ("6HX", true, 12, 1660),
    ("7NX", true, 13, 2490),
    // Redoubled and made: four times, 100 for making it, overtricks 200 / 400.
    ("1CXX", false, 7, 230),
    ("1CXX", true, 7, 230),
    ("1NXX", false, 7, 560),
    ("1NXX", true, 8, 1160),
    ("2HXX", true, 8, 840),
    ("2SXX", false, 9, 840),
    ("4SXX", true, 10, 1080),
    ("7NXX", true, 13, 2980),
    ("1DXX", false, 9, 630),
    // Undoubled undertricks: 50 / 100 each.
    ("4S", false, 9, -50),
    ("4S", true, 9, -100),
    ("3N", false, 5, -200),
    ("3N", true, 5, -400),
    ("7N", true, 0, -1300),
    // Doubled undertricks, not vulnerable: 100, 300, 500, 800, then 300 more each.
    ("4HX", false, 9, -100),
    ("4HX", false, 8, -300),
    ("4HX", false, 7, -500),
    ("4HX", false, 6, -800),
    ("4HX", false, 5, -1100),
    // Vulnerable: 200, 500, 800, 1100, then 300 more each.
    ("4HX", true, 9, -200),
    ("4HX", true, 8, -500),
    ("4HX", true, 7, -800),
    ("4HX", true, 6, -1100),
    ("4HX", true, 5, -1400),
    // Redoubled: twice the doubled amounts.
    ("4HXX", false, 9, -200),
    ("4HXX", false, 8, -600),
    ("4HXX", false, 7, -1000),
    ("4HXX", false, 6, -1600),
    ("4HXX", false, 5, -2200),
    ("4HXX", true, 9, -400),
    ("4HXX", true, 8, -1000),
    ("4HXX", true, 7, -1600),
    ("4HXX", true, 6, -2200),
    ("4HXX", true, 5, -2800),
    // All thirteen down.
    ("7NX", true, 0, -3800),
    ("7NXX", false, 0, -7000),
];

fn played(contract: &str, vulnerable: bool, tricks: u8) -> Played {
    let level = contract[..1].parse().unwrap();
    let strain = match &contract[1..2] {
        "C" => Strain::Clubs,
        "D" => Strain::Diamonds,
        "H" => Strain::Hearts,
        "S" => Strain::Spades,
        _ => Strain::NoTrump,
    };
    let doubling = match &contract[2..] {
        "" => Doubling::Undoubled,
        "X" => Doubling::Doubled,
        _ => Doubling::Redoubled,
    };
    Played {
        level,
        strain,
        doubling,
        vulnerable,
        tricks,
    }
}

#[test]
fn every_case_of_law_77_scores_as_the_law_says() {
    assert!(CASES.len() >= 60);
    let wrong: Vec<String> = CASES
        .iter()
        .filter_map(|&(contract, vul, tricks, expected)| {
            let got = played(contract, vul, tricks).score();
            (got != expected).then(|| format!("{contract} vul {vul} {tricks} tricks: {got}, not {expected}"))
        })
        .collect();
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Law 78B: each IMP's least and greatest difference.
const IMP_BANDS: &[(i32, i32, i32)] = &[
    (0, 10, 0),
    (20, 40, 1),
    (50, 80, 2),
    (90, 120, 3),
    (130, 160, 4),
    (170, 210, 5),
    (220, 260, 6),
    (270, 310, 7),
    (320, 360, 8),
    (370, 420, 9),
    (430, 490, 10),
    (500, 590, 11),
    (600, 740, 12),
    (750, 890, 13),
    (900, 1090, 14),
    (1100, 1290, 15),
    (1300, 1490, 16),
    (1500, 1740, 17),
    (1750, 1990, 18),
    (2000, 2240, 19),
    (2250, 2490, 20),
    (2500, 2990, 21),
    (3000, 3490, 22),
    (3500, 3990, 23),
    (4000, 7600, 24),
];

#[test]
fn every_imp_boundary_of_law_78b_holds_both_ways() {
    for &(low, high, expected) in IMP_BANDS {
        for difference in [low, high] {
            assert_eq!(imps(difference), expected, "{difference}");
            assert_eq!(imps(-difference), -expected, "-{difference}");
        }
    }
}

fn first_record(pbn: &str) -> kibitzer::model::Record {
    Reading::new(pbn.as_bytes(), SourceFormat::Pbn)
        .next()
        .expect("a record")
}

#[test]
fn records_score_for_north_south_and_passed_out_is_nothing() {
    let east_goes_down = "[Board \"2\"]\n[Vulnerable \"EW\"]\n[Dealer \"E\"]\n\
        [Declarer \"E\"]\n[Contract \"4SX\"]\n[Result \"8\"]\n";
    let r = first_record(east_goes_down);
    assert_eq!((r.declarer_score(), r.score()), (Some(-500), Some(500)));
    assert_eq!(r.result_text().as_deref(), Some("-2"));
    let passed = "[Board \"1\"]\n[Vulnerable \"None\"]\n[Dealer \"N\"]\n[Contract \"Pass\"]\n";
    let rubber = "[Scoring \"Rubber\"]\n[Board \"1\"]\n[Vulnerable \"None\"]\n[Dealer \"N\"]\n\
        [Declarer \"N\"]\n[Contract \"4S\"]\n[Result \"10\"]\n[Score \"NS 120\"]\n";
    assert_eq!(
        first_record(rubber).problems,
        [],
        "a rubber deal's stated score is not checked"
    );
    let wrong = rubber.replace("Rubber", "MP");
    assert_eq!(first_record(&wrong).problems.len(), 1);
    let passed = first_record(passed);
    assert_eq!(
        (passed.score(), passed.result_text().as_deref()),
        (Some(0), Some("passed out"))
    );
}
