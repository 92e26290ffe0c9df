//! `locadm api`'s `-f key=value` and `-F key=value`, read as `gh api` reads them: the
//! members of a JSON object body (`a[b]=v` nests, `a[]=v` appends to an array), or query
//! parameters. `-f` is a string; `-F` is `true`, `false`, `null` or a JSON number as such,
//! `@FILE` the file's text (`@-` standard input), anything else a string.

use std::path::Path;

use serde::ser::{Serialize, SerializeMap, Serializer};
use serde_json::value::RawValue;

use locadm_client::error::{Error, Result};

/// The fields given, in order: `-f` first, then `-F`.
#[derive(Debug, Default)]
pub(crate) struct Fields(Vec<Field>);

#[derive(Debug)]
struct Field {
    /// The key as written (a query parameter's name).
    key: String,
    path: Vec<Step>,
    /// The value as JSON text.
    json: Box<RawValue>,
    /// The value as text (a query parameter's).
    text: String,
}

#[derive(Debug, PartialEq)]
enum Step {
    Member(String),
    Append,
}

/// A JSON value being built, members in the order given, numbers as written.
enum Node {
    Leaf(Box<RawValue>),
    Object(Vec<(String, Node)>),
    Array(Vec<Node>),
}

impl Serialize for Node {
    fn serialize<S: Serializer>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error> {
        match self {
            Node::Leaf(json) => json.serialize(serializer),
            Node::Array(items) => serializer.collect_seq(items),
            Node::Object(members) => {
                let mut map = serializer.serialize_map(Some(members.len()))?;
                for (key, value) in members {
                    map.serialize_entry(key, value)?;
                }
                map.end()
            }
        }
    }
}

impl Fields {
    /// Reads `raw` (`-f`, strings) and `typed` (`-F`); a malformed one, or a file that
    /// cannot be read, is a usage error naming it.
    pub(crate) fn parse(raw: &[String], typed: &[String]) -> Result<Fields> {
        let mut fields = Vec::new();
        for (given, is_typed) in raw
            .iter()
            .map(|f| (f, false))
            .chain(typed.iter().map(|f| (f, true)))
        {
            let flag = if is_typed { "-F" } else { "-f" };
            let Some((key, value)) = given.split_once('=') else {
                return Err(Error::usage(format!("`{flag} {given}` has no `=`"))
                    .with_hint("a field is `key=value`"));
            };
            let path = steps(key).ok_or_else(|| {
                Error::usage(format!("`{flag} {given}`: `{key}` is not a key"))
                    .with_hint("a key is `name`, `name[member]`, or `name[]` to append to an array")
            })?;
            let (json, text) = if is_typed {
                typed_value(value)?
            } else {
                (json_string(value), value.to_owned())
            };
            fields.push(Field {
                key: key.to_owned(),
                path,
                json,
                text,
            });
        }
        Ok(Fields(fields))
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Whether a `-F key=@-` reads standard input.
    pub(crate) fn reads_stdin(typed: &[String]) -> bool {
        typed
            .iter()
            .any(|f| f.split_once('=').is_some_and(|(_, v)| v == "@-"))
    }

    /// The fields as query parameters, `key=value` each as written.
    pub(crate) fn query(&self) -> Vec<(&str, &str)> {
        self.0
            .iter()
            .map(|f| (f.key.as_str(), f.text.as_str()))
            .collect()
    }

    /// The fields as one JSON object; a key both a value and an object or array
    /// (`a=1` and `a[b]=2`) is a usage error. A key given twice keeps its last value.
    pub(crate) fn body(&self) -> Result<String> {
        let mut root = Vec::new();
        for field in &self.0 {
            let leaf = Node::Leaf(field.json.clone());
            let clash = || {
                Error::usage(format!(
                    "the field `{}` puts a value where another field put an object or array, or the reverse",
                    field.key
                ))
            };
            insert_member(&mut root, &field.path, leaf).ok_or_else(clash)?;
        }
        serde_json::to_string(&Node::Object(root)).map_err(|e| Error::other(e.to_string()))
    }
}

/// `name`, `name[member]…`, `name[]` (last only) as steps; `None` when not a key.
fn steps(key: &str) -> Option<Vec<Step>> {
    let (name, mut rest) = match key.find('[') {
        Some(at) => key.split_at(at),
        None => (key, ""),
    };
    if name.is_empty() || name.contains(']') {
        return None;
    }
    let mut steps = vec![Step::Member(name.to_owned())];
    while !rest.is_empty() {
        let (inside, after) = rest.strip_prefix('[')?.split_once(']')?;
        if steps.last() == Some(&Step::Append) || inside.contains('[') {
            return None;
        }
        steps.push(match inside {
            "" => Step::Append,
            member => Step::Member(member.to_owned()),
        });
        rest = after;
    }
    Some(steps)
}

/// A `-F` value as JSON text and as query text.
fn typed_value(value: &str) -> Result<(Box<RawValue>, String)> {
    if let Some(file) = value.strip_prefix('@') {
        let text = super::read_body(Path::new(file))?;
        return Ok((json_string(&text), text));
    }
    let number = value.trim() == value
        && serde_json::from_str::<serde_json::Value>(value).is_ok_and(|v| v.is_number());
    let literal = number || matches!(value, "true" | "false" | "null");
    let json = match literal {
        true => RawValue::from_string(value.to_owned()).expect("checked JSON"),
        false => json_string(value),
    };
    Ok((json, value.to_owned()))
}

/// A text as a JSON string.
fn json_string(text: &str) -> Box<RawValue> {
    serde_json::value::to_raw_value(text).expect("a string serializes")
}

/// Puts `leaf` at `path` below `members`; `None` on a clash of kinds.
fn insert_member(members: &mut Vec<(String, Node)>, path: &[Step], leaf: Node) -> Option<()> {
    let (Step::Member(name), rest) = path.split_first()? else {
        return None;
    };
    let at = members.iter().position(|(key, _)| key == name);
    let Some(next) = rest.first() else {
        match at {
            None => members.push((name.clone(), leaf)),
            Some(at) if matches!(members[at].1, Node::Leaf(_)) => members[at].1 = leaf,
            Some(_) => return None,
        }
        return Some(());
    };
    let at = at.unwrap_or_else(|| {
        let empty = match next {
            Step::Member(_) => Node::Object(Vec::new()),
            Step::Append => Node::Array(Vec::new()),
        };
        members.push((name.clone(), empty));
        members.len() - 1
    });
    match (next, &mut members[at].1) {
        (Step::Member(_), Node::Object(inner)) => insert_member(inner, rest, leaf),
        (Step::Append, Node::Array(items)) => {
            items.push(leaf);
            Some(())
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::Fields;

    fn strings(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| (*s).to_owned()).collect()
    }

    #[test]
    fn fields_make_an_object_in_the_order_given() {
        let fields = Fields::parse(
            &strings(&["name=Acme", "n=7", "a[b]=x", "tags[]=one", "tags[]=two"]),
            &strings(&[
                "archivingPeriod=7",
                "lat=52.50",
                "ok=true",
                "none=null",
                "s=1 ",
            ]),
        )
        .unwrap();
        assert_eq!(
            fields.body().unwrap(),
            r#"{"name":"Acme","n":"7","a":{"b":"x"},"tags":["one","two"],"archivingPeriod":7,"lat":52.50,"ok":true,"none":null,"s":"1 "}"#
        );
        assert_eq!(fields.query()[2], ("a[b]", "x"));
    }

    #[test]
    fn malformed_and_clashing_fields_are_refused() {
        for bad in [
            "novalue",
            "=x",
            "a]=x",
            "a[=x",
            "a[][b]=x",
            "a[b]c=x",
            "a[b[c]]=x",
        ] {
            assert!(Fields::parse(&strings(&[bad]), &[]).is_err(), "{bad}");
        }
        for clash in [["a=1", "a[b]=2"], ["a[b]=1", "a=2"], ["a[]=1", "a[b]=2"]] {
            let fields = Fields::parse(&strings(&clash), &[]).unwrap();
            assert!(fields.body().is_err(), "{clash:?}");
        }
        let twice = Fields::parse(&strings(&["a=1", "a=2"]), &[]).unwrap();
        assert_eq!(twice.body().unwrap(), r#"{"a":"2"}"#);
    }
}
