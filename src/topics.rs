//! The help topics: what `--help` cannot say (the environment, the files, the exit
//! status, CSV input, the journal). One text, kept here as data, printed by `locadm help
//! TOPIC` at the terminal ([`Topic::plain`]) and rendered into sections of `locadm(1)`
//! by the man page generator (`crate::docs`).

/// One topic: `locadm help NAME`, and the section `HEADING` of `locadm(1)`.
pub(crate) struct Topic {
    pub name: &'static str,
    pub heading: &'static str,
    /// What it is about, for the list of topics.
    pub summary: &'static str,
    pub blocks: &'static [Block],
}

/// A piece of a topic.
pub(crate) enum Block {
    /// A paragraph.
    Text(&'static str),
    /// A term and what it means (a variable, a file, an exit code).
    Item(&'static str, &'static str),
    /// Lines shown as written (commands).
    Example(&'static [&'static str]),
    /// Every setting of the settings table (`settings::keys`), each an item: its name,
    /// what it is, and where it can be given.
    Settings,
}

use locadm_client::env_vars::EnvVars;
use Block::{Example, Item, Settings, Text};

/// Every topic, in the order of `locadm(1)`.
pub(crate) const TOPICS: &[Topic] = &[ENVIRONMENT, SETTINGS, FILES, EXIT_STATUS, CSV, JOURNAL];

/// The topic named `name`.
pub(crate) fn find(name: &str) -> Option<&'static Topic> {
    TOPICS.iter().find(|t| t.name == name)
}

/// The list of topics for `locadm --help`, one a line.
pub(crate) fn list() -> String {
    let mut text = String::from("Help topics (locadm help TOPIC; also in `locadm man`):");
    for topic in TOPICS {
        text.push_str(&format!("\n  {:<12} {}", topic.name, topic.summary));
    }
    text
}

/// Where paragraphs are wrapped in [`Topic::plain`].
const WIDTH: usize = 80;
/// The indentation of an item's text.
const ITEM_INDENT: usize = 8;

impl Topic {
    /// The topic as text for a terminal: its heading, then paragraphs wrapped at 80
    /// columns, and items as a term with its text indented below it.
    pub(crate) fn plain(&self) -> String {
        let mut out = format!("{}\n", self.heading);
        // When every term is short (exit codes), the items are a table: each term beside
        // its text, no blank line between the rows.
        let table = self.blocks.iter().all(|block| match block {
            Item(term, _) => term.len() + 2 < ITEM_INDENT,
            _ => true,
        });
        let mut after_row = false;
        for block in self.blocks {
            let row = table && matches!(block, Item(..));
            if !(row && after_row) {
                out.push('\n');
            }
            after_row = row;
            match block {
                Text(text) => out.push_str(&wrap(text, 0)),
                Item(term, text) if table => {
                    // The term takes the place of the first line's indentation.
                    out.push_str(&format!("  {term:<width$}", width = ITEM_INDENT - 2));
                    out.push_str(&wrap(text, ITEM_INDENT)[ITEM_INDENT..]);
                }
                Item(term, text) => {
                    out.push_str(&format!("  {term}\n"));
                    out.push_str(&wrap(text, ITEM_INDENT));
                }
                Example(lines) => {
                    for line in *lines {
                        let indent = if line.is_empty() { "" } else { "  " };
                        out.push_str(&format!("{indent}{line}\n"));
                    }
                }
                Settings => {
                    for (n, (term, text)) in settings_items().iter().enumerate() {
                        if n > 0 {
                            out.push('\n');
                        }
                        out.push_str(&format!("  {term}\n"));
                        out.push_str(&wrap(text, ITEM_INDENT));
                    }
                }
            }
        }
        out
    }
}

/// The settings table (`settings::keys`) as items: each key, what it is, and where it
/// can be given.
pub(crate) fn settings_items() -> Vec<(&'static str, String)> {
    crate::settings::keys::KEYS
        .iter()
        .map(|key| {
            let mut about = key.about.to_owned();
            if let Some(first) = about.get_mut(..1) {
                first.make_ascii_uppercase();
            }
            let ways = crate::settings::keys::given_by(key);
            (key.name, format!("{about}. Given by: {ways}."))
        })
        .collect()
}

/// `text` wrapped at [`WIDTH`], every line indented by `indent`.
fn wrap(text: &str, indent: usize) -> String {
    let mut out = String::new();
    let mut line = " ".repeat(indent);
    let mut empty = true;
    for word in text.split_whitespace() {
        if !empty && line.chars().count() + 1 + word.chars().count() > WIDTH {
            out.push_str(&line);
            out.push('\n');
            line = " ".repeat(indent);
            empty = true;
        }
        if !empty {
            line.push(' ');
        }
        line.push_str(word);
        empty = false;
    }
    out.push_str(&line);
    out.push('\n');
    out
}

const ENVIRONMENT: Topic = Topic {
    name: "environment",
    heading: "ENVIRONMENT",
    summary: "every environment variable locadm reads",
    blocks: &[
        Text("Settings resolve as flag, then environment, then the profile in the config file, then the built-in default; locadm config show tells where each value came from."),
        Item(EnvVars::PROFILE, "The profile of the config file to use (--profile): default when unset; local is the built-in emulator."),
        Item(EnvVars::CONFIG, "The config file (--config); see FILES (locadm help files) for where it is by default."),
        Item(EnvVars::BASE_URL, "The service's base URL (--base-url)."),
        Item(EnvVars::TOKEN_URL, "The OAuth 2.0 token endpoint (--token-url). It wins over the endpoint an issuer's discovery document names."),
        Item(EnvVars::ISSUER, "An OpenID provider (--issuer): the token, authorization and device endpoints come from its /.well-known/openid-configuration."),
        Item(EnvVars::FEDERATED_TOKEN_FILE, "A CI platform's identity token (--federated-token-file), read afresh for every token request and exchanged for an access token."),
        Item(EnvVars::OUTPUT, "The output format (-o): table, json, ndjson, csv or xlsx (not to a terminal). Default: table on a terminal, json otherwise."),
        Item(EnvVars::TIMEOUT, "The per-request timeout in seconds (--timeout). Default: 30."),
        Item(EnvVars::CLIENT_ID, "The OAuth 2.0 client id (profile key client_id; --client-id of login)."),
        Item(EnvVars::CLIENT_SECRET, "The client secret, for scripts and CI. It is never written to the config file, and the tokens it gets are cached only when the profile sets cache_env_token."),
        Item(EnvVars::CLIENT_AUTH, "How the client authenticates at the token endpoint: client_secret_basic (the default with a secret), client_secret_post, or private_key_jwt (the default with a key)."),
        Item(EnvVars::CLIENT_KEY_FILE, "The client's private key for private_key_jwt, a PEM file (RSA, EC P-256 or P-384, or Ed25519; profile key client_key_file)."),
        Item(EnvVars::CLIENT_KEY, "The same key as PEM text, for a CI secret store. A key is never taken from the command line."),
        Item(EnvVars::CLIENT_KEY_ID, "The kid put in the header of the client's signed assertion, when the provider wants one (profile key client_key_id)."),
        Item(EnvVars::TOKEN, "A bearer token used as it is: nothing is cached and nothing renewed. It takes precedence over a login."),
        Item(EnvVars::KEYRING, "The store for tokens and client secrets: secret-service, keychain, credential-manager, native, keyutils, or none (nothing is kept). Default: the OS keyring, else the kernel keyring (keyutils) on Linux."),
        Item(EnvVars::LOCAL_DB, "The database of the built-in local profile; see FILES (locadm help files)."),
        Item(EnvVars::COMPLETE, "Set by the shell completion scripts of locadm completions: locadm prints the completions of the command line instead of running it."),
        Text("Variables of other programs that locadm follows:"),
        Item("CI", "When set (and not false or 0), nothing prompts: a missing value is an error that names the flag or the variable to set."),
        Item("NO_COLOR", "When set (not empty), nothing is coloured (unless --color always)."),
        Item("CLICOLOR, CLICOLOR_FORCE, FORCE_COLOR", "CLICOLOR=0 turns colour off; CLICOLOR_FORCE or FORCE_COLOR (not empty) turns it on where stderr is not a terminal. --color auto|always|never wins over all of them."),
        Item("HTTPS_PROXY, ALL_PROXY", "The proxy for https requests (either case; HTTPS_PROXY first), reached with CONNECT. Plain http and loopback addresses never go through a proxy."),
        Item("NO_PROXY", "Hosts that are reached directly (either case): *, a host, a domain with its subdomains, an IP address, or a network in CIDR form."),
        Item("VISUAL, EDITOR", "The editor location edit opens the file in (VISUAL first), split into words as a shell would, the file's path the last word; without either, vi (notepad on Windows)."),
        Item("BROWSER", "The command that login --web opens the provider's page with; without it the desktop's opener (xdg-open on Linux when DISPLAY or WAYLAND_DISPLAY is set). The address is printed on stderr either way."),
        Item("DBUS_SESSION_BUS_ADDRESS", "On Linux, the OS keyring (Secret Service) is tried only when this is set."),
        Item("TMPDIR", "Where location apply keeps the checked records while it sends them (a file about the size of the input, removed on exit)."),
        Item("XDG_CONFIG_HOME, XDG_DATA_HOME", "On Linux, the directories of the config file and of the local database; see FILES (locadm help files)."),
    ],
};

const SETTINGS: Topic = Topic {
    name: "settings",
    heading: "SETTINGS",
    summary: "every setting, and where each can be given",
    blocks: &[
        Text("Each setting resolves as its flag, then its environment variable, then the profile in the config file (locadm config set KEY VALUE), then the built-in default; locadm config show lists every one with its value and where it came from."),
        Settings,
    ],
};

const FILES: Topic = Topic {
    name: "files",
    heading: "FILES",
    summary: "the config file, the local emulator's database, journals",
    blocks: &[
        Item("config.toml", "The config file: one [profiles.NAME] table per profile, with the settings a profile holds (SETTINGS; locadm help settings). It never holds a secret. It is in the OS config directory: $XDG_CONFIG_HOME/locadm/config.toml on Linux (~/.config/locadm/config.toml), ~/Library/Application Support/locadm/config.toml on macOS, %APPDATA%\\locadm\\config\\config.toml on Windows. --config or LOCADM_CONFIG names another. locadm config set writes it atomically (on Unix readable by its owner only)."),
        Item("inventory.db", "What locadm knows exists, for each service (base URL and profile): the id, storeId, name and city of every location it created, read, changed or deleted, when it last saw it, and whether it is gone. SQLite in WAL mode, beside local.db in the data directory; no secret. location list shows it; locadm inventory import, export and forget tend it."),
        Item("local.db", "The SQLite database of the built-in local profile's emulator, so that what is created is still there next time: $XDG_DATA_HOME/locadm/local.db on Linux (~/.local/share/locadm/local.db), ~/Library/Application Support/locadm/local.db on macOS, %APPDATA%\\locadm\\data\\local.db on Windows. LOCADM_LOCAL_DB names another; delete it to start afresh. locadm emulator serve keeps its data in memory unless --db FILE is given."),
        Item("edits/", "In the data directory (beside local.db): the file location edit opens in the editor, removed once the edit is sent or found unchanged, kept (and named) when it is not sent."),
        Item("journals/", "In the data directory: the journals location edit keeps when --journal is not given, each named when its change is sent (location apply --undo JOURNAL puts it back)."),
        Item("JOURNAL", "The journal of a bulk run, named by --journal of location apply, location delete or location edit; see JOURNAL (locadm help journal)."),
        Item("JOURNAL.lock", "Beside a journal while a run uses it; it holds the run's PID. A second run on the same journal is refused."),
        Item("JOURNAL.torn", "A last line of the journal cut short by a crash, set aside before anything is appended."),
        Item("JOURNAL.undo", "The journal of location apply --undo JOURNAL, so that an undo can be resumed."),
        Text("Tokens, refresh tokens and client secrets are kept in the OS keyring (see LOCADM_KEYRING), never in a file."),
    ],
};

const EXIT_STATUS: Topic = Topic {
    name: "exit-codes",
    heading: "EXIT STATUS",
    summary: "what each exit status means",
    blocks: &[
        Text("The exit status tells a script what happened; the message on stderr says which property, permission or record."),
        Item("0", "Success."),
        Item("1", "Any other failure, including a 4xx the service gave a reason for."),
        Item("2", "A usage error, or input rejected by local validation: nothing was sent."),
        Item("3", "Authentication: no credentials, the token endpoint refused them, or 401 after one renewal of the token."),
        Item("4", "Permission denied (403): the message names the permission and whether the token's scope has it."),
        Item("5", "Not found (404)."),
        Item("6", "Server or network failure: a 5xx, a timeout, a connection refused or reset, or a create that got no answer."),
        Item("7", "A bulk run finished with some records failed; each is reported."),
        Item("130", "Interrupted by Ctrl-C (143 for SIGTERM), as a shell reports a command ended by the signal. A bulk run stopped by the first Ctrl-C finishes the requests in flight, writes its journal and its summary, and exits 1 naming how many records were not sent; a second Ctrl-C ends it at once with 130."),
        Text("smoke exits with the class of the step that failed (3, 4, 5 or 6; 1 for anything else). With an explicit -o json or -o ndjson, an error is also written to stderr as one JSON object: {\"error\":{\"code\",\"exit\",\"status\",\"message\",\"property\"}}."),
    ],
};

const CSV: Topic = Topic {
    name: "csv",
    heading: "CSV INPUT",
    summary: "how location apply and location validate read CSV",
    blocks: &[
        Text("location apply and location validate read CSV from a file whose name ends in .csv, or with --format csv (standard input too). Each row becomes a JSON body and is checked by exactly the rules of a JSON body."),
        Item("Header row", "The field names of the location's write form, as in JSON (storeId, storeName, latitude, ...); nested fields with a dot (structuredAddress.city, locationProvider.id); id to change an existing location. In a change, a top-level city, postCode or countryCode goes into whichever address form the location has; beside structuredAddress columns they are the read form's copies instead, which must equal the merged location's."),
        Item("Delimiter", "Told from the header row: comma, semicolon or tab, whichever it has most of (a comma on a tie); --delimiter CHAR says it (tab for a tab)."),
        Item("Unknown columns", "A column that is not a field is one error naming it, with the field it is nearest to, before any row is read; --ignore-column NAME skips it (repeatable). Empty header cells at the end of the row are ignored; an empty one elsewhere is an error."),
        Item("Empty cells", "A field left empty is absent: a new location does not get it, and a change leaves it as it is (--replace clears it)."),
        Item("Numbers", "Taken as written (52.5); a decimal comma (52,5) only with --decimal-comma. A cell that is not a number is reported by validation with its field."),
        Item("Booleans", "true, false, TRUE, FALSE, yes, no, 1 or 0."),
        Item("tags", "Comma-separated in one cell (quote the cell: \"a, b\")."),
        Item("photoUrls", "As written: the comma-separated form of the create body."),
        Item("Lines", "Results and problems name the line a row starts on (the header is line 1; a quoted cell may span lines). A byte order mark is ignored."),
        Example(&[
            "storeId,storeName,structuredAddress.city,structuredAddress.postCode,latitude,longitude,tags",
            "BER-001,Alexanderplatz,Berlin,10178,52.52149,13.41140,\"collection-point,24h\"",
            "",
            "locadm location apply --file stores.csv --plan",
            "locadm location apply --file sheet.csv --delimiter ';' --decimal-comma --ignore-column notes",
        ]),
    ],
};

const JOURNAL: Topic = Topic {
    name: "journal",
    heading: "JOURNAL",
    summary: "how a bulk run is resumed and undone",
    blocks: &[
        Text("With --journal FILE, location apply and location delete record every request before it is sent (a create, or a change or delete with its before-image) and every finished record, so that a run stopped by Ctrl-C, a crash or a network loss can be run again with the same journal: what is done is skipped, and nothing is sent twice."),
        Item("Format", "JSON lines, appended and written through. The first line binds the journal to the command, to the input (a digest) and to the service (base URL and profile); each other line is one record's outcome with its storeId, its id and, for a location changed or deleted, its before-image (its write form before the run)."),
        Item("Outcomes", "started (a request about to be sent), created, updated, unchanged, deleted, failed, unknown (sent without an answer: it may or may not have been carried out), unconfirmed (answered, but the answer cannot be read or understood: over 2 MiB, a status outside 100-599, a success without the new id), undone (the journal was reversed by --undo)."),
        Item("Disk full", "A journal line that cannot be written stops the run: nothing more is sent, what is in flight finishes, and the run exits 1 naming the journal and the cause. Run the same command again once the cause is mended: nothing is sent twice."),
        Item("Re-run", "Records done are skipped and failed ones sent again. Creates whose outcome is unknown are sent again only with --retry-unknown, unconfirmed ones only with --retry-unconfirmed (either may make a duplicate)."),
        Item("Other input", "A journal is refused with input other than its own, or against another service. After fixing some records: --only-failed OLD_JOURNAL --journal NEW_JOURNAL (a results file of an earlier run works too)."),
        Item("Undo", "location apply --undo JOURNAL (with --plan first) deletes what the run created, puts the before-images back, and creates again what it deleted (under new ids, which are reported). It keeps its own journal, JOURNAL.undo, so that an undo can be resumed; each result says deleted, restored or re-created, on the undone run's line. The undone journal is marked, and applying its input with it again is refused: use a new journal, or undo the undo (--undo JOURNAL.undo)."),
        Item("Lock", "A run holds JOURNAL.lock, which names its PID, and removes it when it ends; a second run on the journal is refused at once."),
        Item("Crash", "A last line cut short is moved to JOURNAL.torn before anything is appended: a cut create line means it was never sent, a cut outcome leaves the create unknown."),
        Item("Interrupt", "The first Ctrl-C (or SIGTERM) stops sending, waits for the requests in flight and writes the journal and the summary; a second one ends the run at once (creates in flight stay started, so a re-run reports them unknown)."),
        Example(&[
            "locadm location apply --file stores.ndjson --journal run.journal",
            "locadm location apply --file stores.ndjson --journal run.journal   # resumes",
            "locadm location apply --undo run.journal --plan",
        ]),
    ],
};
