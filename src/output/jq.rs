//! `--jq EXPR`: jq filters on JSON output, with jaq (a jq in Rust), so that scripts need
//! no external jq. The filter is compiled once per run and applied to every JSON value
//! the printer writes; input is read with jaq's own parser, so object keys keep the
//! order they came in and numbers keep the digits they were written with.

use jaq_core::load::{Arena, Error as LoadError, File, Loader};
use jaq_core::{data, unwrap_valr, Compiler, Ctx, Vars};
use jaq_json::Val;

use locadm_client::error::{Error, Result};

/// A compiled `--jq` filter.
pub(crate) struct Filter {
    code: String,
    compiled: jaq_core::Filter<data::JustLut<Val>>,
}

impl Filter {
    /// Compiles `code`; a syntax error or an undefined name is a usage error (exit 2).
    pub(crate) fn new(code: &str) -> Result<Filter> {
        let defs = jaq_core::defs()
            .chain(jaq_std::defs())
            .chain(jaq_json::defs())
            .chain(formats());
        let funs = jaq_core::funs()
            .chain(jaq_std::funs())
            .chain(jaq_json::funs());
        let loader = Loader::new(defs);
        let arena = Arena::default();
        let modules = loader
            .load(&arena, File { code, path: () })
            .map_err(|errors| {
                let problems = errors.iter().flat_map(|(_, error)| match error {
                    LoadError::Lex(errors) => errors
                        .iter()
                        .map(|(expect, at)| expected(code, expect.as_str(), at))
                        .collect::<Vec<_>>(),
                    LoadError::Parse(errors) => errors
                        .iter()
                        .map(|(expect, at)| expected(code, expect.as_str(), at))
                        .collect(),
                    LoadError::Io(errors) => errors.iter().map(|(_, e)| e.clone()).collect(),
                });
                invalid(code, problems)
            })?;
        let compiled = Compiler::default()
            .with_funs(funs)
            .compile(modules)
            .map_err(|errors| {
                let problems = errors.iter().flat_map(|(_, errors)| {
                    errors.iter().map(|(name, undefined)| {
                        format!(
                            "`{name}` is not a defined {} (at character {})",
                            undefined.as_str(),
                            position(code, name)
                        )
                    })
                });
                invalid(code, problems)
            })?;
        Ok(Filter {
            code: code.to_owned(),
            compiled,
        })
    }

    /// Runs the filter on the JSON text `input`; each output is returned as compact JSON.
    pub(crate) fn run(&self, input: &[u8]) -> Result<Vec<String>> {
        let value = jaq_json::read::parse_single(input).map_err(|e| {
            Error::other(format!(
                "`--jq {}` needs JSON, and the output is not JSON ({e})",
                self.code
            ))
        })?;
        let ctx = Ctx::<data::JustLut<Val>>::new(&self.compiled.lut, Vars::new([]));
        self.compiled
            .id
            .run((ctx, value))
            .map(unwrap_valr)
            .map(|result| {
                result.map(|v| v.to_string()).map_err(|e| {
                    Error::other(format!("`--jq {}` failed", self.code)).with_source(e.to_string())
                })
            })
            .collect()
    }
}

/// `@csv` and `@tsv`, which jaq's standard library leaves out, as jq defines them: an
/// array's strings quoted (CSV: `"` doubled) or escaped (TSV: `\\`, tab, newline, return),
/// numbers and booleans as text, `null` empty.
fn formats() -> impl Iterator<Item = jaq_core::load::parse::Def<&'static str>> {
    const FORMATS: &str = r#"
def @csv: if isarray then map(
    if type == "string" then "\"" + (split("\"") | join("\"\"")) + "\""
    elif . == null then ""
    elif type == "number" or type == "boolean" then tostring
    else error("\(type) (\(tojson)) is not valid in a csv row") end
  ) | join(",") else error("\(type) (\(tojson)) cannot be csv-formatted, only an array can be") end;
def @tsv: if isarray then map(
    if type == "string" then split("\\") | join("\\\\") | split("\t") | join("\\t")
      | split("\n") | join("\\n") | split("\r") | join("\\r")
    elif . == null then ""
    elif type == "number" or type == "boolean" then tostring
    else error("\(type) (\(tojson)) is not valid in a tsv row") end
  ) | join("\t") else error("\(type) (\(tojson)) cannot be tsv-formatted, only an array can be") end;
"#;
    jaq_core::load::parse(FORMATS, |p| p.defs())
        .expect("the formats parse")
        .into_iter()
}

/// Where `at` (a slice of `code`, as the parser reports it) starts: a character count
/// from 1, or the end.
fn position(code: &str, at: &str) -> usize {
    let offset = (at.as_ptr() as usize)
        .checked_sub(code.as_ptr() as usize)
        .filter(|&o| o <= code.len())
        .unwrap_or(code.len());
    code[..offset].chars().count() + 1
}

fn expected(code: &str, what: &str, at: &str) -> String {
    if at.is_empty() {
        format!("expected {what} at the end")
    } else {
        format!("expected {what} at character {}", position(code, at))
    }
}

fn invalid(code: &str, problems: impl Iterator<Item = String>) -> Error {
    let problems: Vec<String> = problems.collect();
    Error::usage(format!(
        "`--jq {code}` is not a valid jq filter: {}",
        problems.join("; ")
    ))
    .with_hint("see https://jqlang.org/manual/ (formats: @csv, @tsv, @json, @text, @base64, @sh, @html, @uri)")
}

#[cfg(test)]
mod tests {
    use super::Filter;

    #[test]
    fn filters_run_on_json() {
        let filter = Filter::new(".links[] | select(.rel == \"self\") | .href").unwrap();
        let out = filter
            .run(br#"{"links":[{"rel":"self","href":"/locations/1"}]}"#)
            .unwrap();
        assert_eq!(out, vec!["\"/locations/1\"".to_owned()]);
        assert!(Filter::new(".[").is_err());
    }

    #[test]
    fn csv_and_tsv_as_jq_writes_them() {
        let run = |code: &str, input: &str| Filter::new(code).unwrap().run(input.as_bytes());
        assert_eq!(
            run("@csv", r#"["a,b", "say \"hi\"", 1.5, true, null]"#).unwrap(),
            vec![r#""\"a,b\",\"say \"\"hi\"\"\",1.5,true,""#.to_owned()]
        );
        assert_eq!(
            run("@tsv", r#"["a\tb", "c\\d", "e\nf", 2, false, null]"#).unwrap(),
            vec![r#""a\\tb\tc\\\\d\te\\nf\t2\tfalse\t""#.to_owned()]
        );
        assert!(run("@csv", r#"{"a":1}"#).is_err());
        assert!(run("@csv", r#"[[1]]"#).is_err());
    }

    #[test]
    fn a_bad_filter_is_a_sentence_with_the_position() {
        let message = |code: &str| Filter::new(code).err().unwrap().to_string();
        assert_eq!(
            message(".[0"),
            "`--jq .[0` is not a valid jq filter: expected closing bracket at the end"
        );
        assert_eq!(
            message(".a | @nope"),
            "`--jq .a | @nope` is not a valid jq filter: `@nope` is not a defined filter (at character 6)"
        );
        assert!(
            !message("if . then 1").contains("Expect"),
            "{}",
            message("if . then 1")
        );
    }

    #[test]
    fn key_order_and_numbers_are_kept() {
        let filter = Filter::new(".").unwrap();
        let out = filter.run(br#"{"z":1,"a":13.40}"#).unwrap();
        assert_eq!(out, vec![r#"{"z":1,"a":13.40}"#.to_owned()]);
    }
}
