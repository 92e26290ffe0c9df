//! `location validate` and `provider validate`: offline checks of every record of an
//! input, streamed, by the very reader and checks `location apply` uses. Nothing is sent.

use serde::Serialize;

use crate::bulk::{preflight, Updates};
use crate::cli::{InputFormat, ProviderValidateArgs, ValidateArgs};
use crate::context::Context;
use crate::input::{Position, Source};
use crate::output::{Human, Record};
use locadm_client::error::{self, Error, Result};
use locadm_model::{Problem, Problems, ProviderBody, Severity};

/// One problem of one record, as `-o json` and `-o ndjson` report it.
#[derive(Serialize)]
struct Finding<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    index: Option<usize>,
    property: &'a str,
    rule: locadm_model::Rule,
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

/// `location validate`: every record read as `apply` reads it (JSON or CSV, records with
/// an `id` as merge patches unless `--replace`, read forms by the set-aside rule).
pub(crate) fn locations(context: &Context<'_>, args: ValidateArgs) -> Result<()> {
    let source = Source::new(&args.file, args.format, args.csv.clone())
        .with_max_record(args.record.max_record_size);
    let updates = if args.replace {
        Updates::Replace
    } else {
        Updates::Merge
    };
    check_all(context, &source, args.strict, |position, text| {
        preflight::check(position, text, updates).problems
    })
}

/// `provider validate`: every provider body of the input.
pub(crate) fn providers(context: &Context<'_>, args: ProviderValidateArgs) -> Result<()> {
    let source = Source::new(&args.file, Some(InputFormat::Json), Default::default())
        .with_max_record(args.record.max_record_size);
    check_all(
        context,
        &source,
        args.strict,
        |_, text| match ProviderBody::check_json(text) {
            Ok(checked) => checked.warnings,
            Err(problems) => problems,
        },
    )
}

/// Checks every record of `source` with `check`, printing each problem as it is found.
fn check_all(
    context: &Context<'_>,
    source: &Source,
    strict: bool,
    check: impl Fn(Position, &str) -> Problems,
) -> Result<()> {
    let printer = context.printer;
    let mut findings = printer.records();
    let mut tally = Tally::default();
    let mut write_error = None;
    // The error's problems, as `apply`'s are: the same rejection, the same data.
    let mut kept = Vec::new();

    source.for_each(|position, record| {
        tally.records += 1;
        let mut problems = match record {
            Ok(text) => check(position, text),
            Err(unreadable) => preflight::unreadable_record(position, unreadable).problems,
        };
        if strict {
            // `--strict` makes every warning an error: reported as one, counted as one,
            // so that a script filtering on errors finds what failed the run.
            problems = problems.warnings_as_errors();
        }
        if problems.has_errors() {
            tally.invalid += 1;
        }
        for problem in problems.iter() {
            match problem.severity {
                Severity::Error => {
                    tally.errors += 1;
                    if kept.len() < preflight::FINDINGS_KEPT {
                        kept.push(error::Finding::of(problem, position.line()));
                    }
                }
                Severity::Warning => tally.warnings += 1,
            }
            let finding = Finding {
                line: position.line(),
                index: position.index(),
                property: &problem.property,
                rule: problem.rule,
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
    if let Some(note) = source.decoded_note() {
        printer.note(&note);
    }
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
        // validate never sends: the count alone (`apply` says what it did not send).
        let error = Error::invalid(format!(
            "{} of {} record{} invalid",
            tally.invalid,
            tally.records,
            if tally.records == 1 { " is" } else { "s are" }
        ))
        .with_findings(kept);
        return Err(match source.decimal_comma_hint() {
            Some(hint) => error.with_hint(hint),
            None => error,
        });
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
