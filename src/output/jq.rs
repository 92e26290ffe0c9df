//! `--jq EXPR`: jq filters on JSON output, with jaq (a jq in Rust), so that scripts need
//! no external jq.

use jaq_core::load::{Arena, File, Loader};
use jaq_core::{data, unwrap_valr, Compiler, Ctx, Vars};
use jaq_json::Val;

use crate::error::{Error, Result};

/// Runs `code` on the JSON text `input`; each output is returned as compact JSON text.
pub fn run(code: &str, input: &[u8]) -> Result<Vec<String>> {
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
    let filter = Compiler::default()
        .with_funs(funs)
        .compile(modules)
        .map_err(|errors| invalid(code, &format!("{errors:?}")))?;
    let value: serde_json::Value = serde_json::from_slice(input).map_err(|e| {
        Error::other(format!(
            "`--jq` needs JSON output, and the body is not JSON: {e}"
        ))
    })?;
    let value: Val = serde_json::from_value(value)
        .map_err(|e| Error::other(format!("`--jq` cannot read the body: {e}")))?;
    let ctx = Ctx::<data::JustLut<Val>>::new(&filter.lut, Vars::new([]));
    filter
        .id
        .run((ctx, value))
        .map(unwrap_valr)
        .map(|result| {
            result
                .map(|v| v.to_string())
                .map_err(|e| Error::other(format!("`--jq` failed: {e}")))
        })
        .collect()
}

fn invalid(code: &str, detail: &str) -> Error {
    Error::usage(format!("`--jq {code}` is not a valid jq filter ({detail})"))
}

#[cfg(test)]
mod tests {
    #[test]
    fn filters_run_on_json() {
        let out = super::run(
            ".links[] | select(.rel == \"self\") | .href",
            br#"{"links":[{"rel":"self","href":"/locations/1"}]}"#,
        )
        .unwrap();
        assert_eq!(out, vec!["\"/locations/1\"".to_owned()]);
        assert!(super::run(".[", b"{}").is_err());
    }
}
