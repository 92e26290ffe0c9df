//! What local validation reports: a property, by its JSON path, and the rule it breaks.

use std::fmt;

use serde::Serialize;

/// How serious a finding is. Errors stop a body from being sent; warnings are shown and
/// the body is sent all the same (an unassigned but well-formed country code, say).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Error,
    Warning,
}

/// The rule a finding is about, for programs (`-o json`): the same rejection has the same
/// rule on every path (`validate`, `apply`, `create`), whatever its message says.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Rule {
    /// The text is not JSON, or not one object.
    Syntax,
    /// Beyond what any body is read to: nesting, members.
    Limit,
    /// A value of another JSON type than the property takes.
    Type,
    /// A member the resource does not have.
    UnknownProperty,
    /// A member the resource must have (or that `null` in a merge would remove).
    Required,
    /// A text that must not be empty.
    NonEmpty,
    /// A text longer than the property's limit (characters).
    MaxLength,
    /// A number out of its range, or with more digits than its format.
    Range,
    /// A text without the form the property takes: a UUID, an e-mail address, a URL, a
    /// country code, JSON inside a string, Unicode.
    Format,
    /// A member (or the provider) given twice.
    Duplicate,
    /// The address forms: one of the two, complete.
    AddressForm,
    /// Well-formed, but not assigned by its standard (a warning: a country code).
    Unassigned,
    /// Members that contradict each other or the command: an id naming another location,
    /// a create choosing its id, two address forms that disagree.
    Consistency,
}

impl Rule {
    /// The rules about what a body lacks (a required member, an incomplete address
    /// form) rather than about a value it carries: a merge patch leaves members out on
    /// purpose, so these do not apply to it.
    fn is_about_absence(self, message: &str) -> bool {
        match self {
            Rule::Required => !message.contains("`null`"),
            // Not the forms' exclusion (both given): that is about values carried.
            Rule::AddressForm => !message.contains("mutually exclusive"),
            _ => false,
        }
    }
}

/// One finding: `structuredAddress.postCode: 17 characters, at most 16`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Problem {
    /// JSON path of the property, `structuredAddress.postCode` or `photoUrls[2]`;
    /// empty for the body as a whole.
    pub property: String,
    pub rule: Rule,
    pub message: String,
    pub severity: Severity,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.severity == Severity::Warning {
            f.write_str("warning: ")?;
        }
        // The property may be a member name from the input, and the message may quote a
        // value from it: each shown on one line, its controls (a line feed among them,
        // which would split one problem in two) escaped; JSON output carries them as
        // they are.
        let message = crate::text::sanitize_line(&self.message);
        if self.property.is_empty() {
            f.write_str(&message)
        } else {
            let property = crate::text::sanitize_line(&self.property);
            write!(f, "{property}: {message}")
        }
    }
}

impl Problem {
    /// Whether this finding is about a member the body lacks, which a merge patch leaves
    /// out on purpose (see [`Rule::is_about_absence`]).
    pub fn is_about_absence(&self) -> bool {
        self.rule.is_about_absence(&self.message)
    }
}

/// Every finding of one body, in the order the rules met them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Problems(Vec<Problem>);

impl Problems {
    pub fn error(&mut self, rule: Rule, property: impl Into<String>, message: impl Into<String>) {
        self.push_new(rule, property.into(), message.into(), Severity::Error);
    }

    pub fn warning(&mut self, rule: Rule, property: impl Into<String>, message: impl Into<String>) {
        self.push_new(rule, property.into(), message.into(), Severity::Warning);
    }

    fn push_new(&mut self, rule: Rule, property: String, message: String, severity: Severity) {
        self.0.push(Problem {
            property,
            rule,
            message,
            severity,
        });
    }

    pub fn push(&mut self, problem: Problem) {
        self.0.push(problem);
    }

    /// The same findings, those of `property` (and of its members) named `to` instead,
    /// when `rename` (a member checked under another name than it was given as).
    pub fn renamed(mut self, property: &str, rename: bool, to: &str) -> Problems {
        if rename {
            for problem in &mut self.0 {
                if let Some(rest) = problem.property.strip_prefix(property) {
                    if rest.is_empty() || rest.starts_with('.') {
                        problem.property = format!("{to}{rest}");
                    }
                }
            }
        }
        self
    }

    /// The same findings with every warning made an error (`--strict`).
    pub fn warnings_as_errors(mut self) -> Problems {
        for problem in &mut self.0 {
            problem.severity = Severity::Error;
        }
        self
    }

    /// Adds every finding of `other`, after these.
    pub fn extend(&mut self, other: Problems) {
        self.0.extend(other.0);
    }

    pub fn has_errors(&self) -> bool {
        self.0.iter().any(|p| p.severity == Severity::Error)
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn iter(&self) -> impl Iterator<Item = &Problem> {
        self.0.iter()
    }

    pub fn errors(&self) -> impl Iterator<Item = &Problem> {
        self.0.iter().filter(|p| p.severity == Severity::Error)
    }

    pub fn warnings(&self) -> impl Iterator<Item = &Problem> {
        self.0.iter().filter(|p| p.severity == Severity::Warning)
    }

    /// The errors on one line, joined with `; ` (a server's error message).
    pub fn errors_line(&self) -> String {
        self.errors()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join("; ")
    }
}

impl fmt::Display for Problems {
    /// One finding a line, errors and warnings in input order.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str("\n")?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

/// A body that passed validation, with the warnings it carries.
#[derive(Debug, Clone, PartialEq)]
pub struct Checked<T> {
    pub body: T,
    pub warnings: Problems,
}

/// The outcome of checking one body: the typed body, or every problem found.
pub type CheckResult<T> = Result<Checked<T>, Problems>;
