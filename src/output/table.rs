//! Tables for people (comfy-table): plain when stdout is not a terminal, and never an
//! id broken across two lines. A long stream of records is drawn a page at a time
//! ([`PagedTable`]), so that a table of 100,000 rows takes the memory of one page.

use std::io::{self, Write};

use comfy_table::{presets, Cell, ColumnConstraint, ContentArrangement, Table, Width};

use super::sanitize;

pub(super) fn new_table(stdout_is_terminal: bool) -> Table {
    let mut table = Table::new();
    table
        .load_style(presets::UTF8_FULL_CONDENSED)
        .set_content_arrangement(ContentArrangement::Dynamic);
    if !stdout_is_terminal {
        table.force_no_tty();
    } else if let Some(width) = width_from_columns() {
        table.set_width(width);
    }
    table
}

/// `COLUMNS`, where the terminal reports no width of its own (0 columns, as some
/// terminals in containers and CI runners do): without it a table's columns shrank to a
/// character each.
fn width_from_columns() -> Option<u16> {
    let reported = console::Term::stdout().size_checked().map(|(_, cols)| cols);
    if reported.is_some_and(|cols| cols > 0) {
        return None;
    }
    std::env::var("COLUMNS")
        .ok()?
        .trim()
        .parse::<u16>()
        .ok()
        .filter(|cols| *cols > 0)
}

pub(super) fn render_table<S: AsRef<str>>(
    header: &[S],
    rows: &[Vec<String>],
    stdout_is_terminal: bool,
) -> String {
    let mut table = new_table(stdout_is_terminal);
    table.set_header(header.iter().map(|name| Cell::new(name.as_ref())));
    add_rows(&mut table, rows);
    table.to_string()
}

fn add_rows(table: &mut Table, rows: &[Vec<String>]) {
    for row in rows {
        table.add_row(row.iter().map(|c| Cell::new(sanitize(c))));
    }
    keep_ids_whole(table, rows.iter().map(|row| row.iter().map(String::as_str)));
}

/// The rows a [`PagedTable`] holds before it draws them.
pub(super) const PAGE_ROWS: usize = 1000;

/// A table drawn a page of [`PAGE_ROWS`] rows at a time, as one table: the first page is
/// arranged as a whole table is (to the terminal's width, ids kept whole), and every later
/// page is drawn with the first page's column widths and without its borders where pages
/// meet, so the lines join; a longer cell of a later page wraps inside its column. A
/// stream that ends within the first page is drawn exactly as [`render_table`] draws it.
pub(super) struct PagedTable {
    header: Vec<String>,
    rows: Vec<Vec<String>>,
    stdout_is_terminal: bool,
    /// The columns' widths (borders' share and padding included), once a page is drawn.
    widths: Option<Vec<u16>>,
}

impl PagedTable {
    pub(super) fn new(header: Vec<String>, stdout_is_terminal: bool) -> PagedTable {
        PagedTable {
            header,
            rows: Vec::new(),
            stdout_is_terminal,
            widths: None,
        }
    }

    /// Holds `row`, and draws the page to `out` when it is full.
    pub(super) fn push(&mut self, row: Vec<String>, out: &mut impl Write) -> io::Result<()> {
        self.rows.push(row);
        if self.rows.len() >= PAGE_ROWS {
            self.draw(false, out)?;
        }
        Ok(())
    }

    pub(super) fn is_empty(&self) -> bool {
        self.rows.is_empty() && self.widths.is_none()
    }

    /// Draws what is held, and the table's bottom border.
    pub(super) fn finish(&mut self, out: &mut impl Write) -> io::Result<()> {
        if self.is_empty() {
            return Ok(());
        }
        self.draw(true, out)
    }

    fn draw(&mut self, last: bool, out: &mut impl Write) -> io::Result<()> {
        let rows = std::mem::take(&mut self.rows);
        let text = match &self.widths {
            None => render_table(&self.header, &rows, self.stdout_is_terminal),
            Some(widths) => {
                let mut table = new_table(self.stdout_is_terminal);
                add_rows(&mut table, &rows);
                for (column, width) in table.column_iter_mut().zip(widths) {
                    column.set_constraint(ColumnConstraint::Absolute(Width::Fixed(*width)));
                }
                table.to_string()
            }
        };
        let mut lines: Vec<&str> = text.lines().collect();
        if self.widths.is_none() {
            // The first page's top border gives every column's width.
            self.widths = lines.first().map(|border| column_widths(border));
        } else if !lines.is_empty() {
            // Its top border is the join with the page above.
            lines.remove(0);
        }
        if !last {
            // Its bottom border is the join with the page below.
            lines.pop();
        }
        for line in lines {
            writeln!(out, "{line}")?;
        }
        Ok(())
    }
}

/// The widths of the columns a table's top border (`┌────┬──┐`) draws.
fn column_widths(border: &str) -> Vec<u16> {
    let mut chars = border.chars();
    chars.next();
    chars.next_back();
    chars
        .as_str()
        .split(
            presets::UTF8_FULL_CONDENSED
                .top_border
                .junction
                .unwrap_or('┬'),
        )
        .map(|segment| u16::try_from(segment.chars().count()).unwrap_or(u16::MAX))
        .collect()
}

/// A column that holds a UUID is never narrower than one: an id broken across two lines
/// cannot be copied. The table wraps other columns, or grows past the terminal instead.
pub(super) fn keep_ids_whole<'a>(
    table: &mut Table,
    rows: impl Iterator<Item = impl IntoIterator<Item = &'a str>>,
) {
    const ID: u16 = 36;
    let mut has_id = Vec::new();
    for row in rows {
        for (column, cell) in row.into_iter().enumerate() {
            if has_id.len() <= column {
                has_id.resize(column + 1, false);
            }
            has_id[column] |= cell
                .split_whitespace()
                .any(|word| word.len() >= ID as usize && contains_uuid(word));
        }
    }
    for (index, _) in has_id.iter().enumerate().filter(|(_, id)| **id) {
        if let Some(column) = table.column_mut(index) {
            column.set_constraint(comfy_table::ColumnConstraint::LowerBoundary(
                comfy_table::Width::Fixed(ID + 2),
            ));
        }
    }
}

fn contains_uuid(word: &str) -> bool {
    word.char_indices().any(|(start, _)| {
        word.get(start..start + 36)
            .is_some_and(|candidate| uuid::Uuid::try_parse(candidate).is_ok())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows(n: usize, name: impl Fn(usize) -> String) -> Vec<Vec<String>> {
        (0..n)
            .map(|i| vec![format!("{:08}-0000-4000-8000-000000000000", i), name(i)])
            .collect()
    }

    fn paged(header: &[&str], rows: &[Vec<String>]) -> String {
        let mut table = PagedTable::new(header.iter().map(|h| h.to_string()).collect(), false);
        let mut out = Vec::new();
        for row in rows {
            table.push(row.clone(), &mut out).unwrap();
        }
        table.finish(&mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn pages_join_into_the_table_drawn_whole() {
        let rows = rows(PAGE_ROWS * 2 + PAGE_ROWS / 2, |i| format!("store {:05}", i));
        let whole = render_table(&["Id", "Name"], &rows, false);
        assert_eq!(paged(&["Id", "Name"], &rows), format!("{whole}\n"));
    }

    #[test]
    fn a_longer_cell_of_a_later_page_wraps_inside_its_column() {
        let rows = rows(PAGE_ROWS + 3, |i| {
            if i == PAGE_ROWS + 1 {
                "a name much longer than any on the first page".to_owned()
            } else {
                "short".to_owned()
            }
        });
        let text = paged(&["Id", "Name"], &rows);
        let width = text.lines().next().unwrap().chars().count();
        assert!(
            text.lines().all(|line| line.chars().count() == width),
            "{text}"
        );
        assert!(text.contains("much"), "no cell is cut: {text}");
        // One table: one top border and one bottom border.
        assert_eq!(text.matches('┌').count(), 1);
        assert_eq!(text.matches('└').count(), 1);
        // Every id whole on its line.
        assert_eq!(text.matches("-4000-8000-").count(), PAGE_ROWS + 3);
    }

    #[test]
    fn an_empty_stream_draws_nothing() {
        assert_eq!(paged(&["Id"], &[]), "");
    }
}
