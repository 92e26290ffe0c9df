//! Tables for people (comfy-table): plain when stdout is not a terminal, and never an
//! id broken across two lines. A long stream of records is drawn a page at a time
//! ([`PagedTable`]), so that a table of 100,000 rows takes the memory of one page.

use std::io::{self, Write};

use comfy_table::{presets, Cell, ColumnConstraint, ContentArrangement, Table, Width};

use super::sanitize;

fn new_table(stdout_is_terminal: bool) -> Table {
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

/// `rows` under `header` as one table; as records (a field/value table each, blank lines
/// between) where the terminal is too narrow for the columns ([`too_narrow`]).
pub(super) fn render_table<S: AsRef<str>>(
    header: &[S],
    rows: &[Vec<String>],
    stdout_is_terminal: bool,
) -> String {
    let mut table = new_table(stdout_is_terminal);
    if too_narrow(table.width(), header, rows) {
        return render_records(header, rows, stdout_is_terminal);
    }
    table.set_header(header.iter().map(|name| Cell::new(name.as_ref())));
    add_rows(&mut table, rows);
    table.to_string()
}

/// Each row as a field/value table of its own (as `location get ID` shows one location),
/// empty fields left out, a blank line between two.
fn render_records<S: AsRef<str>>(
    header: &[S],
    rows: &[Vec<String>],
    stdout_is_terminal: bool,
) -> String {
    let mut text = String::new();
    for (index, row) in rows.iter().enumerate() {
        if index > 0 {
            text.push('\n');
        }
        let fields: Vec<(&str, String)> = header
            .iter()
            .map(|name| name.as_ref())
            .zip(row.iter().cloned())
            .filter(|(_, value)| !value.is_empty())
            .collect();
        text.push_str(&field_table(&fields, stdout_is_terminal));
        text.push('\n');
    }
    text.trim_end_matches('\n').to_owned()
}

/// The narrowest a column of text is drawn before rows are shown as records instead: a
/// column squeezed to a few letters a line (`st`/`or`/`eI`/`d` at 60 columns) cannot be
/// read.
const NARROWEST: usize = 10;

/// Whether a terminal `width` wide cannot give every column of `header` and `rows` its
/// ids whole and every other column the width of its longest word, up to [`NARROWEST`]
/// (borders and padding counted). No width (not a terminal): it never is.
fn too_narrow<S: AsRef<str>>(width: Option<u16>, header: &[S], rows: &[Vec<String>]) -> bool {
    let Some(width) = width else {
        return false;
    };
    let mut needed = 1;
    for (index, name) in header.iter().enumerate() {
        let cells = rows
            .iter()
            .filter_map(|row| row.get(index))
            .map(String::as_str);
        let id = cells.clone().map(longest_id_word).max().unwrap_or(0);
        let longest = std::iter::once(name.as_ref())
            .chain(cells)
            .flat_map(str::split_whitespace)
            .map(|word| word.chars().count())
            .max()
            .unwrap_or(0);
        needed += id.max(longest.min(NARROWEST)) + 3;
    }
    needed > usize::from(width)
}

/// A field/value table: field names never wrapped a letter a line, ids kept whole, text
/// made safe for the terminal.
pub(super) fn field_table(rows: &[(&str, String)], stdout_is_terminal: bool) -> String {
    let mut table = new_table(stdout_is_terminal);
    for (field, value) in rows {
        table.add_row(vec![Cell::new(field), Cell::new(sanitize(value))]);
    }
    keep_ids_whole(
        &mut table,
        rows.iter().map(|(field, value)| [*field, value.as_str()]),
    );
    let widest = rows.iter().map(|(field, _)| field.chars().count()).max();
    if let (Some(widest), Some(column)) = (widest, table.column_mut(0)) {
        column.set_constraint(ColumnConstraint::LowerBoundary(Width::Fixed(
            u16::try_from(widest.min(30)).unwrap_or(30) + 2,
        )));
    }
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
    /// The first page was drawn as records (the terminal too narrow): so are the others.
    as_records: bool,
}

impl PagedTable {
    pub(super) fn new(header: Vec<String>, stdout_is_terminal: bool) -> PagedTable {
        PagedTable {
            header,
            rows: Vec::new(),
            stdout_is_terminal,
            widths: None,
            as_records: false,
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
        if self.widths.is_none() && !self.as_records {
            self.as_records = too_narrow(
                new_table(self.stdout_is_terminal).width(),
                &self.header,
                &rows,
            );
        }
        if self.as_records {
            if self.widths.is_some() {
                writeln!(out)?;
            }
            // Marks a page drawn: the next one starts with a blank line.
            self.widths = Some(Vec::new());
            if !rows.is_empty() {
                writeln!(
                    out,
                    "{}",
                    render_records(&self.header, &rows, self.stdout_is_terminal)
                )?;
            }
            return Ok(());
        }
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

/// A column that holds a UUID is never narrower than the word that holds it (`(8f2c…)`
/// too): an id broken across two lines cannot be copied. The table wraps other columns,
/// or grows past the terminal instead.
fn keep_ids_whole<'a>(
    table: &mut Table,
    rows: impl Iterator<Item = impl IntoIterator<Item = &'a str>>,
) {
    let mut widest = Vec::new();
    for row in rows {
        for (column, cell) in row.into_iter().enumerate() {
            if widest.len() <= column {
                widest.resize(column + 1, 0);
            }
            widest[column] = widest[column].max(longest_id_word(cell));
        }
    }
    for (index, width) in widest.into_iter().enumerate().filter(|(_, w)| *w > 0) {
        if let Some(column) = table.column_mut(index) {
            let width = u16::try_from(width + 2).unwrap_or(u16::MAX);
            column.set_constraint(ColumnConstraint::LowerBoundary(Width::Fixed(width)));
        }
    }
}

/// The length in characters of the longest word of `cell` that holds a UUID; 0 if none.
fn longest_id_word(cell: &str) -> usize {
    cell.split_whitespace()
        .filter(|word| word.len() >= 36 && contains_uuid(word))
        .map(|word| word.chars().count())
        .max()
        .unwrap_or(0)
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

    /// Issue 56: at 60 columns a list's columns went to two letters a line. Too narrow
    /// for its columns (ids whole, other columns their longest word up to 10), a table is
    /// drawn as records; no terminal (no width) never is.
    #[test]
    fn a_table_too_narrow_for_its_columns_is_drawn_as_records() {
        let header = ["Id", "storeId", "Name", "City", "Last seen (UTC)"];
        let row = vec![
            "af01b452-942e-48e3-8a33-b8d0e2082144".to_owned(),
            "BER-002".to_owned(),
            "Hackescher Markt".to_owned(),
            "Berlin".to_owned(),
            "2026-11-29 06:49:48".to_owned(),
        ];
        let rows = vec![row.clone(), row];
        assert!(too_narrow(Some(60), &header, &rows));
        assert!(!too_narrow(Some(120), &header, &rows));
        assert!(!too_narrow(None, &header, &rows));
        let drawn = render_records(&header, &rows, false);
        assert_eq!(
            drawn
                .matches("af01b452-942e-48e3-8a33-b8d0e2082144")
                .count(),
            2
        );
        assert!(drawn.contains("Last seen (UTC)"), "{drawn}");
        assert!(
            drawn.contains("\n\n"),
            "a blank line between two records:\n{drawn}"
        );
        // An id inside a word (a provider's, in parentheses) is kept whole as the word.
        assert_eq!(
            longest_id_word("Demo (8f2c6e2a-3b1d-4c5e-9f7a-0d1e2f3a4b5c)"),
            38
        );
        assert_eq!(longest_id_word("no id here"), 0);
    }

    #[test]
    fn an_empty_stream_draws_nothing() {
        assert_eq!(paged(&["Id"], &[]), "");
    }
}
