//! `locadm location`: its verbs and their options, and the field flags a location body
//! can be built from.

use std::path::PathBuf;

use clap::{Args, Subcommand};

use super::{BulkIds, CsvOptions, InputFormat, Pace, RecordArgs};

#[derive(Debug, Subcommand)]
#[allow(clippy::large_enum_variant)]
pub enum LocationCommand {
    /// Create a location from a file or from field flags
    ///
    /// At a terminal, field flags that leave out a field every location needs are
    /// completed by asking for the missing ones; with no input at all, every field is
    /// asked.
    ///
    /// A storeId locadm knows (confirmed by reading that location) is refused, naming
    /// the location: `--create-new` creates a second one anyway.
    ///
    /// Example: id=$(locadm location create -q --file store.json)
    Create(CreateArgs),
    /// Read one location, or export many as NDJSON
    ///
    /// With several ids or `--ids-from`, the locations are read concurrently and printed
    /// as they come, one read form a line with `-o ndjson` (the default in a pipe); an id
    /// that fails is a result line of its own, and the run ends with exit 7. What it
    /// prints can be edited and given back to `location apply`.
    ///
    /// Example: locadm location get --ids-from ids.txt -o ndjson > locations.ndjson
    ///
    /// Example: locadm location get --store-id S-1042
    Get(GetArgs),
    /// List the locations locadm knows: its inventory, not the service's
    ///
    /// The service cannot list or search its locations; locadm remembers every location
    /// it created, read, changed or deleted on this service (and what `locadm inventory
    /// import` taught it), with when it last saw each. `--refresh` reads every listed
    /// one again (concurrently, paced like a bulk run) and names those that are gone
    /// (kept as deleted: `--deleted` lists them).
    ///
    /// Example: locadm location list --store-id 'S-10*' --city Dresden -o csv
    #[command(visible_alias = "ls")]
    List(ListArgs),
    /// Replace a location with a complete body from a file or from field flags
    ///
    /// With field flags and no --file, the body starts from the location's current state;
    /// fields the read form does not carry are named before anything is sent.
    ///
    /// Without an id, `--store-id S` names the location (by locadm's inventory) and the
    /// other field flags change it.
    ///
    /// Example: locadm location update "$id" --file store.json
    ///
    /// Example: locadm location update --store-id S-1042 --city Leipzig
    Update {
        /// The location's id (a UUID); without it, `--store-id` names the location
        #[arg(required_unless_present = "store_id")]
        id: Option<String>,
        #[command(flatten)]
        write: WriteArgs,
        /// Send even when the read form cannot carry some fields (they are named first)
        #[arg(long, short = 'y')]
        yes: bool,
    },
    /// Delete one location or many
    ///
    /// Each location is read first (its storeId is shown, and its last state kept in the
    /// journal so `apply --undo` can re-create it). At a terminal one confirmation names
    /// the count and the first storeIds; without a terminal `--yes` is required.
    ///
    /// Example: locadm location delete --ids-from closing.txt --plan
    Delete(DeleteArgs),
    /// Check location bodies offline: nothing is sent
    ///
    /// Input: one body, a JSON array of bodies, NDJSON (one body a line), CSV or a
    /// workbook (.xlsx, .ods: the first sheet). Every problem of every record is reported
    /// with its line (NDJSON, a sheet's row) or index (array).
    ///
    /// Example: locadm location validate --file stores.ndjson -o ndjson
    Validate(ValidateArgs),
    /// Create, change and undo locations in bulk from NDJSON, a JSON array, CSV or a workbook
    ///
    /// A record without `id` creates a location, unless locadm knows a location of its
    /// storeId (its inventory: `location list`): then it changes that one, as a record
    /// with that `id` would (`--create-new` creates anyway), so a file of new locations
    /// applied twice creates nothing twice. A record with `id` changes that location:
    /// only the fields it carries (a JSON merge patch over the current state; `null`
    /// removes a field), so a CSV of just `id,city` works; `--replace` takes records as
    /// complete bodies instead. What `location get` prints is taken as it is. Every record
    /// is validated first, and nothing is sent if any is invalid. `--plan` shows every
    /// change and writes nothing. One NDJSON result per record goes to stdout; progress
    /// and the summary to stderr. From a sheet (CSV, a workbook), a change that looks like
    /// a spreadsheet's damage (a leading zero dropped, `1.23E+15`, a number rounded, a
    /// date) is marked `suspect` and sent only with `--yes`.
    ///
    /// Example: locadm location get --ids-from results.ndjson -o xlsx > stores.xlsx
    ///
    /// Example: locadm location apply --file stores.xlsx --plan
    Apply(ApplyArgs),
    /// Edit locations in your editor; what you change is sent as a merge
    ///
    /// The read form (what `location get -o json` prints) is opened in `VISUAL`, else
    /// `EDITOR`, else `vi` (`notepad` on Windows); several ids or `--store-id`s open one
    /// file holding a JSON array of them. On save the text is checked as `location
    /// apply` checks a record. At a terminal, problems are written at the top of the file
    /// as `#` lines and the editor opens again (save it unchanged to give up); without
    /// one, the command exits 2 naming them and the file, which is kept. Nothing
    /// unchanged is sent. A change goes as a merge with a journal (`location apply --undo
    /// JOURNAL` puts it back); a field changed on the service while the editor was open,
    /// and in the file too, is a conflict, not sent (exit 7), unless `--force`.
    ///
    /// Example: locadm location edit --store-id S-1042
    ///
    /// Example: VISUAL='code --wait' locadm location edit "$id"
    Edit(EditArgs),
}

#[derive(Debug, Clone, Args)]
pub struct EditArgs {
    /// The locations' ids (UUIDs); or name them with `--store-id`
    #[arg(value_name = "ID", required_unless_present = "store_ids")]
    pub ids: Vec<String>,
    /// A location by its storeId, from locadm's inventory (repeatable)
    #[arg(long = "store-id", value_name = "STORE_ID")]
    pub store_ids: Vec<String>,
    /// Send the file's value of a field that was also changed on the service while the
    /// editor was open (a conflict: without this, that location is not sent)
    #[arg(long)]
    pub force: bool,
    /// Send even when the service's read form cannot carry some fields (named first)
    #[arg(long, short = 'y')]
    pub yes: bool,
    /// The journal of the change, for `location apply --undo` [default: a new one in
    /// locadm's data directory, named when the change is sent]
    #[arg(long, value_name = "FILE")]
    pub journal: Option<PathBuf>,
}

#[derive(Debug, Clone, Args)]
pub struct GetArgs {
    /// The locations' ids (UUIDs)
    #[arg(value_name = "ID", required_unless_present_any = ["ids_from", "store_ids"])]
    pub ids: Vec<String>,
    #[command(flatten)]
    pub bulk: BulkIds,
}

#[derive(Debug, Clone, Args)]
pub struct DeleteArgs {
    /// The locations' ids (UUIDs)
    #[arg(value_name = "ID", required_unless_present_any = ["ids_from", "store_ids"])]
    pub ids: Vec<String>,
    #[command(flatten)]
    pub bulk: BulkIds,
    /// Do not ask for confirmation (required without a terminal)
    #[arg(long, short = 'y')]
    pub yes: bool,
    /// Read every location and show what would be deleted; delete nothing
    #[arg(long)]
    pub plan: bool,
    /// Record each deletion and the location's last state here (`apply --undo` reads it)
    #[arg(long, value_name = "FILE")]
    pub journal: Option<PathBuf>,
}

#[derive(Debug, Clone, Args)]
pub struct ListArgs {
    /// Only storeIds matching this glob (`*`, `?`, `[...]`; case matters)
    #[arg(long = "store-id", value_name = "GLOB")]
    pub store_id: Option<String>,
    /// Only this city (case ignored)
    #[arg(long)]
    pub city: Option<String>,
    /// Show the locations known to be gone too
    #[arg(long)]
    pub deleted: bool,
    /// Read every listed location again first, and name those that are gone (marked
    /// deleted)
    #[arg(long)]
    pub refresh: bool,
    #[command(flatten)]
    pub pace: Pace,
}

#[derive(Debug, Clone, Args)]
pub struct ApplyArgs {
    /// Input file; `-` reads standard input
    #[arg(
        long,
        short = 'f',
        value_name = "PATH",
        required_unless_present = "undo",
        conflicts_with = "undo"
    )]
    pub file: Option<PathBuf>,
    /// Put back what the run of this journal did: delete what it created, restore what it
    /// changed, re-create what it deleted (new ids are reported)
    #[arg(long, value_name = "JOURNAL")]
    pub undo: Option<PathBuf>,
    /// Input format [default: from the file name's extension, else told from the content]
    #[arg(long, value_enum)]
    pub format: Option<InputFormat>,
    /// Read the current state of every record with an id and print the changes; write
    /// nothing
    #[arg(long)]
    pub plan: bool,
    /// Records with an `id` are complete bodies: every field they leave out is cleared
    #[arg(long)]
    pub replace: bool,
    /// Create every record without `id`, even when locadm knows a location of its
    /// storeId (by default such a record changes that location)
    #[arg(long)]
    pub create_new: bool,
    /// Send even when the service's read form cannot carry some fields, or a sheet's
    /// changes look like a spreadsheet's damage (named first)
    #[arg(long, short = 'y')]
    pub yes: bool,
    #[command(flatten)]
    pub pace: Pace,
    /// Validate and print what would be sent; send nothing
    #[arg(long)]
    pub dry_run: bool,
    /// Send the valid records even when some are invalid (each invalid one is reported)
    #[arg(long)]
    pub skip_invalid: bool,
    /// Treat warnings (such as an unassigned country code) as errors: such a record is
    /// invalid, and nothing is sent unless `--skip-invalid`
    #[arg(long)]
    pub strict: bool,
    /// Send the file's value of a field that was also changed on the service since the
    /// file's export (a conflict: without this, such a record is not sent)
    #[arg(long)]
    pub force: bool,
    /// Append each finished record here; a re-run with the same journal skips what is done
    #[arg(long, value_name = "FILE")]
    pub journal: Option<PathBuf>,
    /// Skip what an earlier run did (its results or journal): creates matched by storeId,
    /// changes by id; re-run a fixed file without sending anything twice
    #[arg(long, value_name = "RESULTS_OR_JOURNAL")]
    pub only_failed: Option<PathBuf>,
    /// Send again the creates whose outcome an earlier run records as unknown (may
    /// duplicate)
    #[arg(long)]
    pub retry_unknown: bool,
    /// Send again the creates an earlier run saw answered without an id (may duplicate)
    #[arg(long)]
    pub retry_unconfirmed: bool,
    /// Attempts per record for retryable failures (429, 502, 503, 504, refused connection)
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u32).range(1..=20))]
    pub attempts: u32,
    #[command(flatten)]
    pub csv: CsvOptions,
    #[command(flatten)]
    pub record: RecordArgs,
}

#[derive(Debug, Clone, Args)]
pub struct ValidateArgs {
    /// Input file; `-` or nothing reads standard input
    #[arg(long, short = 'f', value_name = "PATH", default_value = "-")]
    pub file: PathBuf,
    /// Treat warnings (such as an unassigned country code) as errors
    #[arg(long)]
    pub strict: bool,
    /// Input format [default: from the file name's extension, else told from the content]
    #[arg(long, value_enum)]
    pub format: Option<InputFormat>,
    /// Records with an `id` are complete bodies, as `apply --replace` takes them
    #[arg(long)]
    pub replace: bool,
    #[command(flatten)]
    pub csv: CsvOptions,
    #[command(flatten)]
    pub record: RecordArgs,
}

#[derive(Debug, Clone, Args)]
pub struct CreateArgs {
    #[command(flatten)]
    pub write: WriteArgs,
    /// Create even when locadm knows a location of this storeId (or cannot read what it
    /// knows)
    #[arg(long)]
    pub create_new: bool,
}

#[derive(Debug, Clone, Args)]
pub struct WriteArgs {
    /// The request body as JSON (the spec's camelCase names); `-` reads standard input
    #[arg(long, short = 'f', value_name = "PATH", conflicts_with_all = LOCATION_FIELD_IDS)]
    pub file: Option<PathBuf>,
    /// Ask at the terminal for each field the flags do not give, optional ones too, then
    /// show the body before sending
    #[arg(long, short = 'i', conflicts_with = "file")]
    pub interactive: bool,
    #[command(flatten)]
    pub fields: LocationFields,
}

/// The ids of every field flag, for `conflicts_with_all`.
pub(crate) const LOCATION_FIELD_IDS: &[&str] = &[
    "store_id",
    "store_name",
    "supplementary_name",
    "street",
    "building_name",
    "house_number",
    "district",
    "province",
    "address",
    "city",
    "post_code",
    "country_code",
    "latitude",
    "longitude",
    "provider_id",
    "telephone",
    "email",
    "logo_url",
    "photo_url",
    "disabled_access",
    "description",
    "tag",
];

/// Field flags for a location body. `--street` and the other structured flags make a
/// `structuredAddress`; `--address` makes the legacy form; `--city`, `--post-code` and
/// `--country-code` go into whichever form is used.
#[derive(Debug, Clone, Default, Args)]
#[command(next_help_heading = "Location fields")]
pub struct LocationFields {
    /// storeId (at most 36 characters)
    #[arg(long)]
    pub store_id: Option<String>,
    /// storeName (at most 128 characters)
    #[arg(long)]
    pub store_name: Option<String>,
    /// supplementaryName (at most 128 characters)
    #[arg(long)]
    pub supplementary_name: Option<String>,
    /// structuredAddress.street (structured form; at most 256 characters)
    #[arg(long)]
    pub street: Option<String>,
    /// structuredAddress.buildingName (structured form; at most 64)
    #[arg(long)]
    pub building_name: Option<String>,
    /// structuredAddress.houseNumber (structured form; at most 64)
    #[arg(long)]
    pub house_number: Option<String>,
    /// structuredAddress.district (structured form; at most 64)
    #[arg(long)]
    pub district: Option<String>,
    /// structuredAddress.province (structured form; at most 64)
    #[arg(long)]
    pub province: Option<String>,
    /// address, the legacy one-line address (legacy form; at most 256)
    #[arg(long)]
    pub address: Option<String>,
    /// city (either form; at most 64)
    #[arg(long)]
    pub city: Option<String>,
    /// postCode (either form; at most 16)
    #[arg(long)]
    pub post_code: Option<String>,
    /// countryCode: 2 letters, 3 letters or 3 digits (either form)
    #[arg(long)]
    pub country_code: Option<String>,
    /// latitude, -90 to 90, at most 8 decimals
    #[arg(long, allow_hyphen_values = true)]
    pub latitude: Option<String>,
    /// longitude, -180 to 180, at most 8 decimals
    #[arg(long, allow_hyphen_values = true)]
    pub longitude: Option<String>,
    /// locationProvider.id (a UUID)
    #[arg(long)]
    pub provider_id: Option<String>,
    /// telephoneNumber (at most 16)
    #[arg(long)]
    pub telephone: Option<String>,
    /// email (at most 127; local and domain part at most 63 each)
    #[arg(long)]
    pub email: Option<String>,
    /// logoUrl, an absolute URL (at most 128)
    #[arg(long)]
    pub logo_url: Option<String>,
    /// A photo URL; repeat for several, or give them comma-separated (512 in all)
    #[arg(long = "photo-url", value_delimiter = ',')]
    pub photo_url: Vec<String>,
    /// hasDisabledAccess
    #[arg(long, value_name = "BOOL")]
    pub disabled_access: Option<bool>,
    /// description (at most 512)
    #[arg(long)]
    pub description: Option<String>,
    /// A tag; repeat for several
    #[arg(long = "tag")]
    pub tag: Vec<String>,
}

impl LocationFields {
    /// True when any field flag was given.
    pub fn any(&self) -> bool {
        [
            &self.store_id,
            &self.store_name,
            &self.supplementary_name,
            &self.street,
            &self.building_name,
            &self.house_number,
            &self.district,
            &self.province,
            &self.address,
            &self.city,
            &self.post_code,
            &self.country_code,
            &self.latitude,
            &self.longitude,
            &self.provider_id,
            &self.telephone,
            &self.email,
            &self.logo_url,
            &self.description,
        ]
        .iter()
        .any(|v| v.is_some())
            || !self.photo_url.is_empty()
            || !self.tag.is_empty()
            || self.disabled_access.is_some()
    }
}
