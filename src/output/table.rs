//! Tables for people (comfy-table): plain when stdout is not a terminal, and never an
//! id broken across two lines.

use comfy_table::{presets, Cell, ContentArrangement, Table};

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

pub(super) fn render_table(
    header: &[&str],
    rows: &[Vec<String>],
    stdout_is_terminal: bool,
) -> String {
    let mut table = new_table(stdout_is_terminal);
    table.set_header(header.iter().map(Cell::new));
    for row in rows {
        table.add_row(row.iter().map(|c| Cell::new(sanitize(c))));
    }
    keep_ids_whole(
        &mut table,
        rows.iter().map(|row| row.iter().map(String::as_str)),
    );
    table.to_string()
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
