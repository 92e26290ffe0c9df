//! `location validate` and `provider validate`: offline checks of every record of an
//! input, streamed. Nothing is sent.

use serde::Serialize;

use crate::cli::ValidateArgs;
use crate::context::Context;
use crate::error::{Error, Result};
use crate::input::{self, Position};
use crate::model::{CheckResult, Problem, Severity};
use crate::output::{Human, Record};

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
    /// Where the record is and what is wrong, for the line people read.
    #[serde(skip)]
    position: Position,
    #[serde(skip)]
    problem: &'a Problem,
}

impl Record for Finding<'_> {
    fn human(&self) -> Human {
        Human::Line(format!("{}: {}", self.position, self.problem))
    }
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
    context: &Context<'_>,
    args: ValidateArgs,
    check: impl Fn(&str) -> CheckResult<T>,
) -> Result<()> {
    let printer = context.printer;
    let reader = input::open(&args.file)?;
    let mut findings = printer.records(crate::cli::OutputFormat::Json);
    let mut tally = Tally::default();
    let mut write_error = None;

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
                position,
                problem,
            };
            if write_error.is_none() {
                if let Err(e) = findings.push(&finding) {
                    write_error = Some(e);
                }
            }
        }
    })?;
    if let Some(e) = write_error {
        return Err(e);
    }
    findings.finish()?;

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

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}
