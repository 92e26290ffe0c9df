//! `--jq EXPR`: jq filters on JSON output, with jaq (a jq in Rust), so that scripts need
//! no external jq. The filter is compiled once per run and applied to every JSON value
//! the printer writes; input is read with jaq's own parser, so object keys keep the
//! order they came in and numbers keep the digits they were written with.

use jaq_core::load::{Arena, File, Loader};
use jaq_core::{data, unwrap_valr, Compiler, Ctx, Vars};
use jaq_json::Val;

use crate::error::{Error, Result};

/// A compiled `--jq` filter.
pub struct Filter {
    code: String,
    compiled: jaq_core::Filter<data::JustLut<Val>>,
}

impl Filter {
    /// Compiles `code`; a syntax error or an undefined name is a usage error (exit 2).
    pub fn new(code: &str) -> Result<Filter> {
        let defs = jaq_core::defs()
            .chain(jaq_std::defs())
            .chain(jaq_json::defs());
        let funs = jaq_core::funs()
            .chain(jaq_std::funs())
            .chain(jaq_json::funs());
        let loader = Loader::new(defs);
        let arena = Arena::default();
        let modules = loader
            .load(&arena, File { code, path: () })
            .map_err(|errors| invalid(code, &format!("{errors:?}")))?;
        let compiled = Compiler::default()
            .with_funs(funs)
            .compile(modules)
            .map_err(|errors| invalid(code, &format!("{errors:?}")))?;
        Ok(Filter {
            code: code.to_owned(),
            compiled,
        })
    }

    /// Runs the filter on the JSON text `input`; each output is returned as compact JSON.
    pub fn run(&self, input: &[u8]) -> Result<Vec<String>> {
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
                result
                    .map(|v| v.to_string())
                    .map_err(|e| Error::other(format!("`--jq {}` failed: {e}", self.code)))
            })
            .collect()
    }
}

fn invalid(code: &str, detail: &str) -> Error {
    Error::usage(format!("`--jq {code}` is not a valid jq filter ({detail})"))
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
    fn key_order_and_numbers_are_kept() {
        let filter = Filter::new(".").unwrap();
        let out = filter.run(br#"{"z":1,"a":13.40}"#).unwrap();
        assert_eq!(out, vec![r#"{"z":1,"a":13.40}"#.to_owned()]);
    }
}
