//! A Preferans game's score sheet as players write it: a column per
//! player, each with his soups on the player before him, his bula and his
//! soups on the player after him, every number beside the deal that wrote
//! it (`5: 128`); under them the refas, each player's bula and result, and
//! what the game's tags state once the sheet reaches its last deal. The
//! results screen draws these lines and `kibitzer results` prints them.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph, Widget};

use crate::scoring::preferans::{Entry, Paper, Refa, Sheet};
use crate::ui::theme::{Theme, sanitize};

/// The narrowest a player's column is drawn.
const NARROWEST: usize = 24;
const BETWEEN: &str = " │ ";

/// The sheet as lines of text, its three columns sharing `width`; the
/// first three lines are its headings.
pub fn lines(sheet: &Sheet, width: usize) -> Vec<String> {
    let column = (width.saturating_sub(2 * BETWEEN.chars().count()) / 3).max(NARROWEST);
    let mut out = vec![heading(sheet)];
    out.push(across(sheet, column, |p| {
        format!("{} {}", p.player, sanitize(&p.name))
    }));
    let part = (column - 2) / 3;
    out.push(across(sheet, column, |p| {
        let names = [
            format!("on {}", p.left.on),
            "bula".into(),
            format!("on {}", p.right.on),
        ];
        names.map(|n| fit(&n, part)).join(" ")
    }));
    out.push(across(sheet, column, |_| "─".repeat(column)));
    let rows = sheet
        .papers
        .iter()
        .map(entry_rows)
        .map(|r| r.len())
        .max()
        .unwrap_or(0);
    for row in 0..rows {
        out.push(across(sheet, column, |p| {
            let cells = entry_rows(p).get(row).cloned().unwrap_or_default();
            cells.map(|c| fit(&c, part)).join(" ")
        }));
    }
    let refas = sheet.papers.iter().map(|p| p.refas.len()).max().unwrap_or(0);
    for row in 0..refas {
        out.push(across(sheet, column, |p| {
            p.refas.get(row).map(refa_words).unwrap_or_default()
        }));
    }
    out.extend(sheet.passed.iter().map(|(deal, written)| {
        let refa = if *written {
            "a refa written for each"
        } else {
            "no refa left to write"
        };
        format!("Deal {}: all passed, {refa}.", sanitize(deal))
    }));
    out.push(String::new());
    out.extend(closing(sheet, column));
    out
}

/// `Deals 1 to 5 · bula 60 · refe 2`, and how far the sheet goes.
fn heading(sheet: &Sheet) -> String {
    let deals = sheet.records.len();
    let bula = sheet
        .bula
        .map_or("no Bula tag: bulas counted from 0".to_string(), |b| {
            format!("bula {b}")
        });
    let refe = sheet.refe.map_or(String::new(), |r| format!(" · refe {r}"));
    let upto = if sheet.entered < deals {
        format!(" · up to deal {} of {deals}", sheet.entered)
    } else {
        format!(" · {deals} deal{}", if deals == 1 { "" } else { "s" })
    };
    format!("Score sheet · {bula}{refe}{upto}")
}

/// One line across the three columns.
fn across(sheet: &Sheet, column: usize, cell: impl Fn(&Paper) -> String) -> String {
    let cells: Vec<String> = sheet.papers.iter().map(|p| fit(&cell(p), column)).collect();
    cells.join(BETWEEN).trim_end().to_string()
}

/// `text` cut or padded to `width` characters.
fn fit(text: &str, width: usize) -> String {
    let cut: String = text.chars().take(width).collect();
    format!("{cut:<width$}")
}

fn entry(e: &Entry) -> String {
    if e.deal.is_empty() {
        e.total.to_string()
    } else {
        format!("{}: {}", sanitize(&e.deal), e.total)
    }
}

/// A player's numbers row by row: left soups, bula, right soups.
fn entry_rows(p: &Paper) -> Vec<[String; 3]> {
    let parts = [&p.left.entries, &p.bula, &p.right.entries];
    let rows = parts.iter().map(|e| e.len()).max().unwrap_or(0);
    (0..rows)
        .map(|i| parts.map(|entries| entries.get(i).map(entry).unwrap_or_default()))
        .collect()
}

/// `refa 4, open` or `refa 4, in 5: failed` (used in deal 5).
fn refa_words(r: &Refa) -> String {
    let written = sanitize(&r.written);
    match (&r.used, r.made) {
        (Some(deal), Some(made)) => {
            let how = if made { "made" } else { "failed" };
            format!("refa {written}, in {}: {how}", sanitize(deal))
        }
        _ => format!("refa {written}, open"),
    }
}

fn ordinal(place: u8) -> String {
    let suffix = match place {
        1 => "st",
        2 => "nd",
        3 => "rd",
        _ => "th",
    };
    format!("{place}{suffix}")
}

/// Each player's bula and result, the stated ones, and whether the game
/// is played out.
fn closing(sheet: &Sheet, column: usize) -> Vec<String> {
    let player = |p: &Paper| usize::from(p.player - 1);
    let mut out = vec![across(sheet, column, |p| format!("bula {}", p.bula_now()))];
    out.push(across(sheet, column, |p| {
        let i = player(p);
        format!("result {}, {}", sheet.results[i], ordinal(sheet.places[i]))
    }));
    if let Some(stated) = &sheet.stated_results {
        let places = sheet.stated_places.as_deref().unwrap_or_default();
        out.push(across(sheet, column, |p| {
            let i = player(p);
            let result = stated[i].map_or("?".to_string(), |r| r.to_string());
            let place = places.get(i).copied().flatten().map(ordinal);
            format!(
                "stated {result}{}",
                place.map(|p| format!(", {p}")).unwrap_or_default()
            )
        }));
    }
    out.push(match sheet.left_to_play {
        0 => "Played out: the results are settled.".to_string(),
        n => format!("Not played out: {n} of bula left; the results as they stand."),
    });
    out.push("Result = soups written - soups against - 10 x bula (prefko's rule).".into());
    for d in &sheet.differences {
        let tag = d.tag.as_deref().map(|t| format!("{t}: ")).unwrap_or_default();
        out.push(format!("{tag}{}", sanitize(&d.message)));
    }
    out
}

/// Every game's sheet, one under another, scrolled by `offset` lines.
pub struct PaperPane<'a> {
    pub sheets: &'a [Sheet],
    pub offset: usize,
    pub theme: Theme,
}

/// The lines of every sheet, a blank line between games.
pub fn all_lines(sheets: &[Sheet], width: usize) -> Vec<String> {
    let mut out = Vec::new();
    for (i, sheet) in sheets.iter().enumerate() {
        if i > 0 {
            out.push(String::new());
        }
        out.extend(lines(sheet, width));
    }
    out
}

impl Widget for &PaperPane<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let block = Block::bordered().title(" Preferans: the paper ");
        let inner = block.inner(area);
        block.render(area, buf);
        let strong = self.theme.strong();
        let text: Vec<Line> = all_lines(self.sheets, usize::from(inner.width))
            .into_iter()
            .skip(self.offset)
            .map(|l| {
                let heads = l.starts_with("Score sheet") || l.starts_with("result ");
                if heads {
                    Line::styled(l, strong)
                } else {
                    Line::raw(l)
                }
            })
            .collect();
        Paragraph::new(text).render(inner, buf);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::archive::read_checked;
    use crate::model::{Record, SourceFormat};
    use crate::scoring::preferans::sheets;

    /// One betl that plays the game out: bula 4 each, boris makes 12.
    const GAME: &str = "[Bula 4]\n[Refe 2]\n[Player1 ana]\n[Player2 boris]\n[Player3 cveta]\n\
        [Result1 8]\n[Result2 -40]\n[Result3 32]\n\n\
        [1 123 678CDEFGJK1239ABHIPQLMNORSTUVW45 M5,6,P 2 45 6 8 0 0 12 1 \
        D9W1,GAL1,71O1,FBU1,JHM3,NKI3,S6P3,VEQ3,T823,RC33 F4:L48,M0:-12,F6:L72]\n";

    #[test]
    fn a_played_out_game_is_drawn_a_column_a_player() {
        let records: Vec<Record> = read_checked(GAME.as_bytes(), SourceFormat::PpnPreferans).collect();
        let drawn = lines(&sheets(&records)[0], 78);
        let expected = [
            "Score sheet · bula 4 · refe 2 · 1 deal",
            "1 ana                    │ 2 boris                  │ 3 cveta",
            "on 3    bula    on 2     │ on 1    bula    on 3     │ on 2    bula    on 1",
            "──────────────────────── │ ──────────────────────── │ ────────────────────────",
            "        4       1: 48    │         4                │ 1: 72   4",
            "                         │         1: -8            │",
            "",
            "bula 4                   │ bula -8                  │ bula 4",
            "result 8, 2nd            │ result -40, 3rd          │ result 32, 1st",
            "stated 8                 │ stated -40               │ stated 32",
            "Played out: the results are settled.",
            "Result = soups written - soups against - 10 x bula (prefko's rule).",
        ];
        assert_eq!(drawn, expected);
    }
}
