//! A board's tables as the file's ScoreTable states them (a scoring
//! program's export): on the results screen, every board's under a column
//! naming the board, and in the deal view as the board's results pane.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::{Block, StatefulWidget, Table, TableState, Widget};

use super::standings::text_table;
use crate::model::{Doubling, Rank, Strain, Suit};
use crate::scoring::{ScoreRow, score_grid};
use crate::ui::results::StatedBoard;
use crate::ui::theme::{Theme, sanitize};

/// What a player reads a board's tables for, given room first where not
/// every column fits; the tables' and pairs' numbers last.
const FIRST: [&str; 8] = ["Board", "Contract", "By", "Result", "Score", "MP", "IMPs", "Lead"];

/// The boards' tables in one grid, the board named on its first table's
/// row where there are several boards: their columns line up from board
/// to board.
pub fn boards_table(boards: &[StatedBoard], room: u16, theme: Theme) -> Table<'static> {
    let rows: Vec<ScoreRow> = boards.iter().flat_map(|b| b.rows.iter().cloned()).collect();
    let (mut heading, mut cells) = score_grid(&rows);
    if boards.len() > 1 {
        heading.insert(0, "Board".to_string());
        let mut at = 0;
        for b in boards {
            for (k, row) in cells[at..at + b.rows.len()].iter_mut().enumerate() {
                let name = if k == 0 { sanitize(&b.board) } else { String::new() };
                row.insert(0, name);
            }
            at += b.rows.len();
        }
    }
    let cells = (cells.into_iter())
        .map(|r| r.iter().zip(&heading).map(|(c, h)| drawn(h, c, theme)).collect())
        .collect();
    text_table(heading, cells, &FIRST, room, theme)
}

/// A cell as drawn: a contract or a lead in the screen's suits, the rest
/// as written.
fn drawn(column: &str, cell: &str, theme: Theme) -> String {
    let symbols = match column {
        "Contract" => contract(cell, theme),
        "Lead" => lead(cell, theme),
        _ => None,
    };
    symbols.unwrap_or_else(|| sanitize(cell))
}

/// A contract as scoring programs write it (`4HX`, `3N`, `3NT`) in the
/// screen's suits (`4♥×`, `3NT`); None for anything else, shown as written.
fn contract(cell: &str, theme: Theme) -> Option<String> {
    let mut chars = cell.chars();
    let level = chars.next().filter(|c| ('1'..='7').contains(c))?;
    let strain = Strain::from_letter(chars.next()?)?;
    let rest = chars.as_str().to_ascii_uppercase();
    let rest = match strain {
        Strain::NoTrump => rest.strip_prefix('T').unwrap_or(&rest),
        _ => &rest,
    };
    let doubling = match rest {
        "" => Doubling::Undoubled,
        "X" => Doubling::Doubled,
        "XX" => Doubling::Redoubled,
        _ => return None,
    };
    Some(format!(
        "{level}{}{}",
        theme.strain(strain),
        theme.doubling(doubling)
    ))
}

/// A lead written suit first (`C3`, `HT`) in the screen's suits (`♣3`,
/// `♥10`); None for anything else.
fn lead(cell: &str, theme: Theme) -> Option<String> {
    let mut chars = cell.chars();
    let suit = Suit::from_letter(chars.next()?.to_ascii_uppercase())?;
    let rank = match chars.as_str() {
        "10" | "T" | "t" => "10".to_string(),
        r if r.chars().count() == 1
            && Rank::from_letter(r.chars().next()?.to_ascii_uppercase()).is_some() =>
        {
            r.to_ascii_uppercase()
        }
        _ => return None,
    };
    Some(format!("{}{rank}", theme.suit(suit)))
}

/// The tables of the board being viewed, as the file states them: the
/// board's results where the board is one record with a ScoreTable.
pub struct StatedPane<'a> {
    pub board: &'a StatedBoard,
    pub theme: Theme,
}

impl StatedPane<'_> {
    /// Its borders, a heading and a row a table.
    pub fn height(&self) -> u16 {
        u16::try_from(self.board.rows.len())
            .unwrap_or(u16::MAX)
            .saturating_add(3)
    }

    /// `Board 7 at 4 tables`, without the board where it does not fit.
    fn title(&self, width: u16) -> String {
        let tables = match self.board.rows.len() {
            1 => "1 table".to_string(),
            n => format!("{n} tables"),
        };
        let short = format!("{tables}, as stated");
        let full = format!(" Board {} at {short} ", sanitize(&self.board.board));
        if self.board.board.is_empty() || full.chars().count() + 2 > usize::from(width) {
            format!(" {short} ")
        } else {
            full
        }
    }
}

impl Widget for &StatedPane<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let block = Block::bordered().title(self.title(area.width));
        let room = block.inner(area).width;
        let table = boards_table(std::slice::from_ref(self.board), room, self.theme).block(block);
        StatefulWidget::render(table, area, buf, &mut TableState::default());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::view::standings::tests::text_rows;

    fn row(table: &str, contract: &str, by: &str, result: &str, score: i32, mp: &str) -> ScoreRow {
        let text = |s: &str| Some(s.to_string());
        ScoreRow {
            table: text(table),
            north_south: text("3"),
            east_west: text("4"),
            contract: text(contract),
            declarer: text(by),
            result: text(result),
            lead: text("H2"),
            score: Some(score),
            matchpoints: text(mp),
            ..ScoreRow::default()
        }
    }

    fn board(number: &str, rows: Vec<ScoreRow>) -> StatedBoard {
        StatedBoard {
            board: number.to_string(),
            rows,
        }
    }

    #[test]
    fn each_board_is_named_on_its_first_tables_row_and_the_columns_line_up() {
        let boards = [
            board(
                "1",
                vec![
                    row("1", "6NT", "N", "13", 1020, "2"),
                    row("2", "3SX", "E", "9", -140, "0"),
                ],
            ),
            board("12", vec![row("1", "3NT", "S", "9", 600, "1")]),
        ];
        let rows = text_rows(boards_table(&boards, 70, Theme::default()), 70, 4);
        assert_eq!(
            rows,
            [
                "Board  Table  Pairs  Contract  By  Result  Lead  Score  MP",
                "    1      1  3-4    6NT       N       13  ♥2    +1020   2",
                "           2  3-4    3♠×       E        9  ♥2     -140   0",
                "   12      1  3-4    3NT       S        9  ♥2     +600   1",
            ]
        );
    }

    #[test]
    fn a_narrow_pane_keeps_the_contract_result_and_score_before_the_ids() {
        let b = board("7", vec![row("1", "6NT", "N", "13", 1020, "2")]);
        let pane = StatedPane {
            board: &b,
            theme: Theme::default(),
        };
        assert_eq!(pane.height(), 4);
        let rows = text_rows(&pane, 30, 4);
        assert_eq!(
            rows,
            [
                "┌ 1 table, as stated ────────┐",
                "│Contract  By  Result  Score │",
                "│6NT       N       13  +1020 │",
                "└────────────────────────────┘",
            ]
        );
    }
}
