//! What a workbook may hold, checked before it is parsed, so that memory stays bounded
//! whatever the file claims: every part of the zip is inflated once into nothing and
//! counted (a zip bomb's parts are caught by what they really inflate to, not by what
//! their headers say), and an `.ods` sheet's area (which calamine holds whole) is
//! measured by streaming its XML. An error names the part or the cell and the limit.

use std::io::{BufReader, Cursor, Read};

use quick_xml::events::{BytesStart, Event};

use locadm_client::error::{Error, Result};

/// The workbook file, read whole (a zip's directory is at its end).
pub(super) const MOST_FILE_BYTES: u64 = 256 << 20;
/// Columns a sheet's header row may span (a location has about thirty fields).
pub(super) const MOST_COLUMNS: u32 = 1024;
/// A part streamed a piece at a time (an `.xlsx` sheet): never held, so this bounds
/// only the time a bomb takes.
const MOST_STREAMED_PART: u64 = 1 << 30;
/// A part held whole while it is read (shared strings, styles, the workbook, an `.ods`'s
/// content).
const MOST_HELD_PART: u64 = 128 << 20;
/// Parts in the zip.
const MOST_PARTS: usize = 10_000;
/// Strings in an `.xlsx`'s shared strings table, which calamine holds whole (a `String`
/// each: 24 bytes and its text).
const MOST_SHARED_STRINGS: u64 = 2_000_000;
const SHARED_STRINGS: &str = "xl/sharedStrings.xml";
/// An `.ods` sheet's area, from its first to its last cell with a value: calamine holds
/// each of its cells (32 bytes), so 64 MiB at most. 100,000 rows of 20 columns.
const MOST_ODS_CELLS: u64 = 2_000_000;

/// The workbooks read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    /// `.xlsx`, `.xlsm`: its sheet is streamed.
    Xlsx,
    /// `.ods`: its sheet is held whole, once measured.
    Ods,
}

const OLE: &[u8] = &[0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ODS_MIMETYPE: &[u8] = b"application/vnd.oasis.opendocument.spreadsheet";

/// Which workbook `bytes` is, once every limit is checked.
pub(super) fn check(bytes: &[u8]) -> Result<Kind> {
    if bytes.len() as u64 > MOST_FILE_BYTES {
        return Err(too_large("the workbook file", MOST_FILE_BYTES));
    }
    if bytes.starts_with(OLE) {
        return Err(Error::usage(
            "`.xls` workbooks (Excel 97-2003) are not read: their reader holds every sheet's whole area as it opens, which one far cell makes gigabytes",
        )
        .with_hint("save it as `.xlsx` (or `.ods`, or CSV) and give that"));
    }
    let mut zip = zip::ZipArchive::new(Cursor::new(bytes))
        .map_err(|e| Error::usage("the input is not a workbook (not a zip file)").with_source(e))?;
    if zip.len() > MOST_PARTS {
        return Err(Error::usage(format!(
            "the workbook has {} parts, more than {MOST_PARTS}",
            zip.len()
        )));
    }
    let kind = kind_of(&mut zip)?;
    for index in 0..zip.len() {
        let mut part = zip
            .by_index(index)
            .map_err(|e| Error::usage("the workbook's zip cannot be read").with_source(e))?;
        let name = part
            .name()
            .map_or_else(|_| "?".to_owned(), |n| n.into_owned());
        let most = if name.starts_with("xl/worksheets/") && kind == Kind::Xlsx {
            MOST_STREAMED_PART
        } else {
            MOST_HELD_PART
        };
        let mut counted = Counted {
            part: (&mut part).take(most + 1),
            bytes: 0,
        };
        let inflated = if name == SHARED_STRINGS {
            // Read as XML to count its strings (each one calamine will hold).
            let strings = shared_strings(BufReader::new(&mut counted));
            // Past the size limit the size is what is said, below.
            if counted.bytes <= most && strings? > MOST_SHARED_STRINGS {
                return Err(Error::usage(format!(
                    "the workbook's shared strings table holds more than {MOST_SHARED_STRINGS} strings: refused before it is read"
                )));
            }
            counted.bytes
        } else {
            std::io::copy(&mut counted, &mut std::io::sink()).map_err(|e| {
                Error::usage(format!("the workbook's part `{name}` cannot be inflated"))
                    .with_source(e)
            })?
        };
        if inflated > most {
            return Err(too_large(&format!("the workbook's part `{name}`"), most));
        }
    }
    if kind == Kind::Ods {
        let content = zip
            .by_name("content.xml")
            .map_err(|e| Error::usage("the `.ods` has no `content.xml`").with_source(e))?;
        let (rows, columns) = ods_area(BufReader::new(content))?;
        if rows.saturating_mul(columns) > MOST_ODS_CELLS {
            return Err(Error::usage(format!(
                "the `.ods` sheet spans {rows} rows by {columns} columns from its first cell with a value to its last, more than {MOST_ODS_CELLS} cells"
            ))
            .with_hint("clear the cells far from the table (a stray value far down or right), or save the sheet as CSV"));
        }
    }
    Ok(kind)
}

fn kind_of(zip: &mut zip::ZipArchive<Cursor<&[u8]>>) -> Result<Kind> {
    if let Ok(mut mimetype) = zip.by_name("mimetype") {
        let mut text = Vec::new();
        (&mut mimetype)
            .take(256)
            .read_to_end(&mut text)
            .map_err(|e| Error::usage("the workbook's `mimetype` cannot be read").with_source(e))?;
        if text.trim_ascii() == ODS_MIMETYPE {
            return Ok(Kind::Ods);
        }
    }
    if zip.index_for_name("xl/workbook.xml").is_some() {
        return Ok(Kind::Xlsx);
    }
    if zip.index_for_name("xl/workbook.bin").is_some() {
        return Err(Error::usage(
            "`.xlsb` workbooks are not read: their reader holds a sheet's whole area, which one far cell makes gigabytes",
        )
        .with_hint("save it as `.xlsx` (or `.ods`, or CSV) and give that"));
    }
    Err(Error::usage(
        "the input is not a workbook locadm reads (an `.xlsx` or an `.ods`)",
    ))
}

/// A part being inflated, and how many bytes it gave so far.
struct Counted<R> {
    part: R,
    bytes: u64,
}

impl<R: Read> Read for Counted<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.part.read(buf)?;
        self.bytes += n as u64;
        Ok(n)
    }
}

/// How many strings (`<si>` elements, with or without a namespace prefix) a shared
/// strings table holds. Counted from the bytes as they are inflated, a tag at a time,
/// never holding a text: an XML reader holds each text whole, and a bomb's one text is
/// the whole part.
fn shared_strings(mut xml: impl std::io::BufRead) -> Result<u64> {
    let mut strings = 0u64;
    // The name of the tag being read, after `<` (at most a prefix and `si`).
    let mut tag: Option<Vec<u8>> = None;
    loop {
        let chunk = xml.fill_buf().map_err(|e| {
            Error::usage(format!(
                "the workbook's `{SHARED_STRINGS}` cannot be inflated"
            ))
            .with_source(e)
        })?;
        if chunk.is_empty() {
            return Ok(strings);
        }
        for &byte in chunk {
            match (&mut tag, byte) {
                (_, b'<') => tag = Some(Vec::new()),
                (Some(name), b'>' | b'/' | b' ' | b'\t' | b'\r' | b'\n') => {
                    let local = name.rsplit(|b| *b == b':').next().unwrap_or_default();
                    strings += u64::from(local == b"si");
                    tag = None;
                }
                (Some(name), _) if name.len() < 64 => name.push(byte),
                (Some(_), _) => tag = None,
                (None, _) => {}
            }
        }
        let n = chunk.len();
        xml.consume(n);
        if strings > MOST_SHARED_STRINGS {
            return Ok(strings);
        }
    }
}

fn too_large(what: &str, most: u64) -> Error {
    Error::usage(format!(
        "{what} is larger than {} MiB once inflated: refused before it is read (a zip bomb?)",
        most >> 20
    ))
}

/// The rows and columns of the first sheet of an `.ods`'s `content.xml`, from its first
/// cell with a value to its last (repeated rows and cells counted as what they repeat).
fn ods_area(content: impl std::io::BufRead) -> Result<(u64, u64)> {
    let mut xml = quick_xml::Reader::from_reader(content);
    let mut buf = Vec::new();
    let (mut row, mut column) = (0u64, 0u64);
    let mut row_repeats = 1u64;
    // Rows and columns with a value: first and last.
    let mut rows: Option<(u64, u64)> = None;
    let mut columns: Option<(u64, u64)> = None;
    let mut row_has_value = false;
    let mut tables = 0;
    loop {
        buf.clear();
        let event = xml.read_event_into(&mut buf).map_err(|e| {
            Error::usage("the `.ods`'s `content.xml` is not well-formed XML").with_source(e)
        })?;
        match event {
            Event::Eof => break,
            Event::Start(e) if e.name().as_ref() == "table:table" => {
                tables += 1;
                if tables > 1 {
                    break;
                }
            }
            Event::End(e) if e.name().as_ref() == "table:table" => break,
            Event::Start(ref e) | Event::Empty(ref e) if e.name().as_ref() == "table:table-row" => {
                row_repeats = repeats(e, "table:number-rows-repeated")?;
                column = 0;
                row_has_value = false;
                if matches!(event, Event::Empty(_)) {
                    row = row.saturating_add(row_repeats);
                }
            }
            Event::End(e) if e.name().as_ref() == "table:table-row" => {
                if row_has_value {
                    let last = row.saturating_add(row_repeats - 1);
                    rows = Some(rows.map_or((row, last), |(first, _)| (first, last)));
                }
                row = row.saturating_add(row_repeats);
            }
            Event::Start(ref e) | Event::Empty(ref e)
                if matches!(
                    e.name().as_ref(),
                    "table:table-cell" | "table:covered-table-cell"
                ) =>
            {
                let n = repeats(e, "table:number-columns-repeated")?;
                if e.try_get_attribute("office:value-type")
                    .ok()
                    .flatten()
                    .is_some()
                {
                    row_has_value = true;
                    let last = column.saturating_add(n - 1);
                    columns = Some(match columns {
                        None => (column, last),
                        Some((first, end)) => (first.min(column), end.max(last)),
                    });
                }
                column = column.saturating_add(n);
            }
            _ => {}
        }
    }
    let span = |extent: Option<(u64, u64)>| extent.map_or(0, |(first, last)| last - first + 1);
    Ok((span(rows), span(columns)))
}

/// A `number-…-repeated` attribute: how many times the row or cell stands (1 without).
fn repeats(element: &BytesStart<'_>, name: &str) -> Result<u64> {
    let Some(attribute) = element.try_get_attribute(name).ok().flatten() else {
        return Ok(1);
    };
    attribute
        .value
        .parse::<u64>()
        .ok()
        .filter(|n| *n >= 1)
        .ok_or_else(|| Error::usage(format!("the `.ods`'s `{name}` is not a count")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shared_strings_are_counted_by_their_tags() {
        let xml = br#"<?xml version="1.0"?><sst count="3"><si><t>a</t></si><si><t xml:space="preserve"> b </t></si><x:si/><sit>no</sit></sst>"#;
        assert_eq!(shared_strings(&xml[..]).unwrap(), 3);
    }

    #[test]
    fn an_ods_area_counts_what_repeats_and_ignores_empty_cells() {
        let xml = br#"<office:document-content><office:body><office:spreadsheet>
            <table:table table:name="S">
              <table:table-row><table:table-cell office:value-type="string"><text:p>id</text:p></table:table-cell><table:table-cell table:number-columns-repeated="1000"/></table:table-row>
              <table:table-row table:number-rows-repeated="3"><table:table-cell table:number-columns-repeated="2" office:value-type="float"/></table:table-row>
              <table:table-row table:number-rows-repeated="1048000"><table:table-cell table:number-columns-repeated="1024"/></table:table-row>
            </table:table></office:spreadsheet></office:body></office:document-content>"#;
        assert_eq!(ods_area(&xml[..]).unwrap(), (4, 2));
        let far = br#"<table:table><table:table-row><table:table-cell office:value-type="string"/></table:table-row>
            <table:table-row table:number-rows-repeated="1048574"/>
            <table:table-row><table:table-cell table:number-columns-repeated="16383"/><table:table-cell office:value-type="float"/></table:table-row></table:table>"#;
        assert_eq!(ods_area(&far[..]).unwrap(), (1_048_576, 16_384));
    }
}
