//! `location validate` and `provider validate`: offline checks of every record of an
//! input, streamed. Nothing is sent.

use std::io::Write;

use serde::Serialize;

use crate::cli::{OutputFormat, ValidateArgs};
use crate::error::{Error, Result};
use crate::input::{self, Position};
use crate::model::{CheckResult, Problem, Severity};
use crate::output::Printer;

/// One problem of one record, as `-o json` and `-o ndjson` report it.
#[derive(Serialize)]
struct Finding<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    index: Option<usize>,
    property: &'a str,
    severity: Severity,
    message: &'a str,
}

#[derive(Default)]
struct Tally {
    records: usize,
    invalid: usize,
    errors: usize,
    warnings: usize,
}

/// Checks every record of `args.file` with `check`, printing each problem as it is found.
pub fn run<T>(
    args: &ValidateArgs,
    printer: &Printer,
    check: impl Fn(&str) -> CheckResult<T>,
) -> Result<()> {
    let reader = input::open(&args.file)?;
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut tally = Tally::default();
    let mut write_error = None;
    let json_array = printer.format == OutputFormat::Json;
    if json_array {
        out.write_all(b"[")?;
    }

    input::for_each_record(reader, |position, text| {
        tally.records += 1;
        let problems = match check(text) {
            Ok(checked) => checked.warnings,
            Err(problems) => problems,
        };
        let strict_fail = args.strict && !problems.is_empty();
        if problems.has_errors() || strict_fail {
            tally.invalid += 1;
        }
        for problem in problems.iter() {
            match problem.severity {
                Severity::Error => tally.errors += 1,
                Severity::Warning => tally.warnings += 1,
            }
            let first = tally.errors + tally.warnings == 1;
            if let Err(e) = write_finding(&mut out, printer.format, first, position, problem) {
                write_error.get_or_insert(e);
            }
        }
    })?;

    if json_array {
        out.write_all(b"]\n")?;
    }
    out.flush()?;
    drop(out);
    if let Some(e) = write_error {
        return Err(e.into());
    }

    printer.note(&format!(
        "{} record{}: {} valid, {} invalid ({} error{}, {} warning{})",
        tally.records,
        plural(tally.records),
        tally.records - tally.invalid,
        tally.invalid,
        tally.errors,
        plural(tally.errors),
        tally.warnings,
        plural(tally.warnings),
    ));
    if tally.invalid > 0 {
        return Err(Error::Invalid(format!(
            "{} of {} record{} invalid; nothing was sent",
            tally.invalid,
            tally.records,
            if tally.records == 1 { " is" } else { "s are" }
        )));
    }
    Ok(())
}

fn write_finding(
    out: &mut impl Write,
    format: OutputFormat,
    first: bool,
    position: Position,
    problem: &Problem,
) -> std::io::Result<()> {
    let finding = Finding {
        line: match position {
            Position::Line(n) => Some(n),
            _ => None,
        },
        index: match position {
            Position::Index(i) => Some(i),
            _ => None,
        },
        property: &problem.property,
        severity: problem.severity,
        message: &problem.message,
    };
    match format {
        OutputFormat::Table => writeln!(out, "{position}: {problem}"),
        OutputFormat::Ndjson => {
            serde_json::to_writer(&mut *out, &finding)?;
            out.write_all(b"\n")
        }
        OutputFormat::Json => {
            if !first {
                out.write_all(b",")?;
            }
            out.write_all(b"\n  ")?;
            serde_json::to_writer(&mut *out, &finding).map_err(std::io::Error::other)
        }
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}
