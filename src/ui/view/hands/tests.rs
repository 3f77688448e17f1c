//! The diagram drawn into a buffer: its text line by line, then the styles
//! that carry meaning (suit colours, greyed played cards, vulnerability,
//! the trick's leader and winner).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::widgets::Widget;

use super::HandDiagram;
use crate::model::{Card, Deal, Hand, Seat, SeatMap, SeatSet, SourceFormat, Vulnerability};
use crate::notation::rbn::Reader;
use crate::ui::seating::Seating;
use crate::ui::theme::Theme;

const AREA: Rect = Rect::new(0, 0, 50, 15);

fn deal() -> Deal {
    let text = "H W:A8765.QT.K9.AT87:J42.AJ7632.J.632:QT3.85.Q86.KQJ54:\n";
    let record = Reader::new(text.as_bytes(), SourceFormat::Rbn).next().unwrap();
    record.deal.unwrap()
}

fn card(text: &str) -> Card {
    text.parse().unwrap()
}

/// The first trick, ♣7 led by West and won by East's king.
fn trick() -> Vec<(Seat, Option<Card>)> {
    [
        (Seat::West, "C7"),
        (Seat::North, "C2"),
        (Seat::East, "CK"),
        (Seat::South, "C9"),
    ]
    .map(|(s, c)| (s, Some(card(c))))
    .to_vec()
}

struct Drawn {
    buf: Buffer,
}

impl Drawn {
    fn new(seating: Seating, show_played: bool) -> Drawn {
        let deal = deal();
        let trick = trick();
        let mut held: SeatMap<Hand> = deal.hands.clone();
        for &(seat, c) in &trick {
            held[seat].remove(c.unwrap());
        }
        let mut names = SeatMap::<String>::default();
        names[Seat::East] = "Julia Carswell".to_string();
        let diagram = HandDiagram {
            game: deal.game,
            deal: Some(&deal),
            hands: &held,
            dealt: &deal.hands,
            spots: &SeatMap::default(),
            show_played,
            face_down: SeatSet::default(),
            names,
            dealer: Some(Seat::West),
            first: None,
            vulnerability: Some(Vulnerability::NorthSouth),
            trick: &trick,
            winner: Some(Seat::East),
            to_play: Some(Seat::East),
            talon: None,
            marks: None,
            hcp: true,
            seating,
            theme: Theme::default(),
        };
        let mut buf = Buffer::empty(AREA);
        (&diagram).render(AREA, &mut buf);
        Drawn { buf }
    }

    /// The text alone, every style taken away.
    fn plain(&self) -> Buffer {
        let mut plain = self.buf.clone();
        plain.set_style(AREA, Style::reset());
        plain
    }

    /// The style of the first cell on row `y` whose symbol is `symbol`,
    /// searching from column `from`.
    fn style_of(&self, symbol: &str, y: u16, from: u16) -> Style {
        let x = (from..AREA.width)
            .find(|&x| self.buf[(x, y)].symbol() == symbol)
            .unwrap_or_else(|| panic!("no {symbol} on row {y}"));
        self.buf[(x, y)].style()
    }
}

#[test]
fn the_four_hands_sit_around_the_table_with_the_trick_on_it() {
    let drawn = Drawn::new(Seating::default(), false);
    let expected = Buffer::with_lines([
        "                   North  7                       ",
        "                   ♠ J42                          ",
        "                   ♥ AJ7632                       ",
        "                   ♦ J                            ",
        "                   ♣ 63                           ",
        "West (D)  13     ╭─────────────╮ ▸E Julia Ca…  10 ",
        "♠ A8765          │      ♣2     │ ♠ Q103           ",
        "♥ Q10            │ ▸♣7     ♣K* │ ♥ 85             ",
        "♦ K9             │      ♣9     │ ♦ Q86            ",
        "♣ A108           ╰─────────────╯ ♣ QJ54           ",
        "                   South  10                      ",
        "                   ♠ K9                           ",
        "                   ♥ K94                          ",
        "                   ♦ A1075432                     ",
        "                   ♣ —                            ",
    ]);
    assert_eq!(drawn.plain(), expected);
}

#[test]
fn hearts_and_diamonds_are_red_spades_and_clubs_are_not() {
    let drawn = Drawn::new(Seating::default(), false);
    assert_eq!(drawn.style_of("♥", 2, 0).fg, Some(Color::Red));
    assert_eq!(drawn.style_of("♦", 3, 0).fg, Some(Color::Red));
    assert_eq!(drawn.style_of("♠", 1, 0).fg, Some(Color::Reset));
    assert_eq!(drawn.style_of("♣", 4, 0).fg, Some(Color::Reset));
    // The ranks keep the terminal's colour; the cards on the table are
    // coloured whole.
    assert_eq!(drawn.style_of("A", 2, 0).fg, Some(Color::Reset));
}

#[test]
fn the_vulnerable_side_is_red_and_the_other_is_not() {
    let drawn = Drawn::new(Seating::default(), false);
    let north = drawn.style_of("N", 0, 0);
    assert_eq!(north.fg, Some(Color::Red));
    assert!(north.add_modifier.contains(Modifier::BOLD));
    assert_eq!(drawn.style_of("S", 10, 0).fg, Some(Color::Red));
    assert_eq!(drawn.style_of("W", 5, 0).fg, Some(Color::Reset));
    let east = drawn.style_of("E", 5, 30);
    assert_eq!(east.fg, Some(Color::Reset));
    assert_eq!(drawn.style_of("J", 5, 30).fg, Some(Color::Reset), "East's name");
    assert_eq!(drawn.style_of("1", 5, 45).fg, Some(Color::Cyan), "East's HCP");
}

#[test]
fn the_winner_is_highlighted_and_the_leader_marked() {
    let drawn = Drawn::new(Seating::default(), false);
    let king = drawn.style_of("K", 7, 18);
    assert!(king.add_modifier.contains(Modifier::REVERSED));
    assert_eq!(drawn.style_of("♣", 7, 18).fg, Some(Color::Reset));
    for (row, rank) in [(6, "2"), (7, "7"), (8, "9")] {
        let style = drawn.style_of(rank, row, 18);
        assert!(!style.add_modifier.contains(Modifier::REVERSED), "{rank}");
    }
    assert_eq!(drawn.style_of("▸", 7, 18).fg, Some(Color::Cyan));
}

#[test]
fn played_cards_are_greyed_and_struck_out_where_they_were() {
    let drawn = Drawn::new(Seating::default(), true);
    let expected = "♣ 9";
    let row: String = (19..22)
        .map(|x| drawn.buf[(x, 14)].symbol().to_string())
        .collect();
    assert_eq!(row, expected);
    let nine = drawn.buf[(21, 14)].style();
    assert!(nine.add_modifier.contains(Modifier::DIM | Modifier::CROSSED_OUT));
    // A card still held is not greyed.
    let ace = drawn.style_of("A", 13, 19);
    assert!(!ace.add_modifier.contains(Modifier::DIM));
}

#[test]
fn sitting_west_puts_west_at_the_bottom_and_its_card_below_the_middle() {
    let drawn = Drawn::new(Seating::at(Seat::West), false);
    let row = |y: u16| -> String {
        (0..AREA.width)
            .map(|x| drawn.buf[(x, y)].symbol().to_string())
            .collect()
    };
    assert!(row(10).trim_start().starts_with("West (D)"), "{}", row(10));
    assert!(row(0).contains("▸East Julia Carswell  10"), "{}", row(0));
    assert!(
        row(5).starts_with("North") && row(5).contains("South"),
        "{}",
        row(5)
    );
    assert_eq!(row(6).trim(), "♠ J42            │     ♣K*     │ ♠ K9");
    assert_eq!(row(8).trim(), "♦ J              │     ▸♣7     │ ♦ A1075432");
}
