//! OpenDocument spreadsheets as Gnumeric writes them. calamine (0.38, the latest) reads
//! `content.xml` with its text untrimmed and takes any text between a row's cells for a
//! malformed row: Gnumeric indents that XML, so every `.ods` it saves was refused with
//! "Cannot detect file format". The indentation is dropped here before calamine reads
//! the file: whitespace-only text outside a paragraph (`text:p`, `text:h`), which ODF
//! gives no meaning (a cell's text is in its paragraphs, spaces in a paragraph as
//! `text:s`). Text inside paragraphs, and every other member of the file, is kept as it
//! is. LibreOffice writes `content.xml` without indentation, so its files come out as
//! they went in.

use std::io::{Cursor, Read, Write};

use quick_xml::events::Event;

const MIMETYPE: &[u8] = b"application/vnd.oasis.opendocument.spreadsheet";

/// The workbook with the layout whitespace of its `content.xml` dropped when it is an
/// OpenDocument spreadsheet; `None` when it is not one (or not one this can rewrite:
/// calamine then says what is wrong with it).
pub(super) fn without_layout_whitespace(bytes: &[u8]) -> Option<Vec<u8>> {
    let mut archive = zip::ZipArchive::new(Cursor::new(bytes)).ok()?;
    let mut mimetype = Vec::new();
    archive
        .by_name("mimetype")
        .ok()?
        .read_to_end(&mut mimetype)
        .ok()?;
    if mimetype.trim_ascii() != MIMETYPE {
        return None;
    }
    let mut out = zip::ZipWriter::new(Cursor::new(Vec::new()));
    for index in 0..archive.len() {
        let mut member = archive.by_index(index).ok()?;
        if member.name().ok()? != "content.xml" {
            out.raw_copy_file(member).ok()?;
            continue;
        }
        let mut xml = Vec::new();
        member.read_to_end(&mut xml).ok()?;
        let options = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Stored);
        out.start_file("content.xml", options).ok()?;
        out.write_all(&content_without_layout(&xml)?).ok()?;
    }
    Some(out.finish().ok()?.into_inner())
}

/// `content.xml` without whitespace-only text outside paragraphs.
fn content_without_layout(xml: &[u8]) -> Option<Vec<u8>> {
    let mut reader = quick_xml::Reader::from_reader(xml);
    let mut writer = quick_xml::Writer::new(Vec::with_capacity(xml.len()));
    let mut in_paragraph = 0usize;
    let mut buf = Vec::new();
    loop {
        buf.clear();
        let event = reader.read_event_into(&mut buf).ok()?;
        match &event {
            Event::Eof => break,
            Event::Start(e) if is_paragraph(e.name().as_ref()) => in_paragraph += 1,
            Event::End(e) if is_paragraph(e.name().as_ref()) => {
                in_paragraph = in_paragraph.saturating_sub(1)
            }
            Event::Text(text) if in_paragraph == 0 && text.trim_ascii().is_empty() => {
                continue;
            }
            _ => {}
        }
        writer.write_event(event).ok()?;
    }
    Some(writer.into_inner())
}

fn is_paragraph(name: &str) -> bool {
    name == "text:p" || name == "text:h"
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indentation_between_cells_goes_and_text_in_paragraphs_stays() {
        let xml = b"<table:table-row>\n  <table:table-cell office:value-type=\"string\">\n    <text:p>a <text:span>b</text:span> </text:p>\n  </table:table-cell>\n  <table:table-cell/>\n</table:table-row>";
        let out = content_without_layout(xml).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "<table:table-row><table:table-cell office:value-type=\"string\"><text:p>a <text:span>b</text:span> </text:p></table:table-cell><table:table-cell/></table:table-row>"
        );
    }

    #[test]
    fn what_is_not_an_ods_is_left_to_calamine() {
        assert_eq!(without_layout_whitespace(b"id,storeId\n"), None);
    }
}
