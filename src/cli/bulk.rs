//! Options the bulk verbs share (`apply`, `validate`, bulk `get` and `delete`): which ids,
//! at what pace, how large a record may be, and how an input is read.

use std::path::PathBuf;

use clap::Args;

/// Ids for a bulk read or delete.
#[derive(Debug, Clone, Args)]
pub struct BulkIds {
    /// Read the ids from a file (`-`: standard input): one a line, or JSON lines with an
    /// `id` (what `apply` prints, a journal, an export)
    #[arg(long, value_name = "PATH")]
    pub ids_from: Option<PathBuf>,
    /// A location by its storeId, from locadm's inventory (repeatable); a line of
    /// `--ids-from` with a `storeId` and no `id` is taken the same way
    #[arg(long = "store-id", value_name = "STORE_ID")]
    pub store_ids: Vec<String>,
    /// A location that does not exist is not a failure
    #[arg(long)]
    pub ignore_not_found: bool,
    #[command(flatten)]
    pub pace: Pace,
}

/// The pace of a bulk run (`apply`, bulk `get` and `delete`).
#[derive(Debug, Clone, Copy, Args)]
pub struct Pace {
    /// Requests in flight at once (each on an HTTP/1.1 connection of its own, unless
    /// connections are scarce: see `--max-connections`): `auto`
    /// finds the most the service takes (grows while answers come as fast, backs off on
    /// 429 or 503 and on answers slowing down), or a number from 1 to 512
    #[arg(long, value_name = "auto|N", default_value = "auto", value_parser = Concurrency::parse)]
    pub concurrency: Concurrency,
    /// Requests a second at most, for the whole run (`N` or `N/s`; 0.5 is one each 2 s)
    #[arg(long, value_name = "N", value_parser = requests_a_second)]
    pub rate: Option<f64>,
    /// Connections the service allows this client at once: the requests share that many
    /// (as HTTP/2 streams where the service offers it over TLS). Learned by the run when
    /// the service refuses a connection
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=i64::from(MOST_IN_FLIGHT)))]
    pub max_connections: Option<u16>,
    /// Start from zero: not from the pace the last run against this service learned
    /// (`auto` starts from it, trusting it less as it ages; what this run learns is
    /// still remembered)
    #[arg(long)]
    pub fresh_pace: bool,
}

/// The most `--concurrency` and `--max-connections` take, and the most `auto` grows to:
/// 512 connections and the run's files fit the open-files limit of 1024 many systems
/// give a process. Behind the 30 ms delaying proxy, 2,000 creates at a fixed 512 went at
/// 5,154 to 5,619 a second against 4,137 to 4,607 at 256 (the run is 4 round trips, not
/// 8), and `auto`, its most then 256, could not follow.
pub(crate) const MOST_IN_FLIGHT: u16 = 512;

/// `--concurrency`: found by the run itself, or fixed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Concurrency {
    Auto,
    Fixed(u16),
}

impl Concurrency {
    fn parse(text: &str) -> Result<Concurrency, String> {
        if text.trim().eq_ignore_ascii_case("auto") {
            return Ok(Concurrency::Auto);
        }
        match text.trim().parse::<u16>() {
            Ok(n) if (1..=MOST_IN_FLIGHT).contains(&n) => Ok(Concurrency::Fixed(n)),
            _ => Err(format!(
                "`{text}` is not `auto` or a number from 1 to {MOST_IN_FLIGHT}"
            )),
        }
    }

    /// The fixed number, if one was given.
    pub fn fixed(self) -> Option<usize> {
        match self {
            Concurrency::Auto => None,
            Concurrency::Fixed(n) => Some(usize::from(n)),
        }
    }
}

/// `--rate`: requests a second, as `N` or `N/s` (the model's rule, which the emulator's
/// `--rate-limit` keeps too).
fn requests_a_second(text: &str) -> Result<f64, String> {
    use locadm_model::rate;
    rate::requests_a_second(text).ok_or_else(|| {
        format!(
            "`{text}` is not a number of requests a second from {} (one each 1,000 s) up",
            rate::SLOWEST
        )
    })
}

/// The size limit of one input record.
#[derive(Debug, Clone, Args)]
pub struct RecordArgs {
    /// The largest record read, in bytes or with a unit (`512KiB`, `4MiB`); a longer one
    /// is a problem of that record, read past without holding it
    #[arg(long, value_name = "SIZE", default_value = "1MiB", value_parser = parse_size)]
    pub max_record_size: usize,
}

/// A size in bytes: digits, then optionally `B`, `KiB`/`K`, `MiB`/`M` or `GiB`/`G`
/// (powers of 1024; `KB` and `MB` are taken the same way, as curl and wget do).
fn parse_size(text: &str) -> Result<usize, String> {
    let text = text.trim();
    let split = text
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(text.len());
    let (digits, unit) = text.split_at(split);
    let number: usize = digits
        .parse()
        .map_err(|_| format!("`{text}` is not a size (a number, then `KiB`, `MiB` or `GiB`)"))?;
    let shift = match unit.trim().to_ascii_lowercase().as_str() {
        "" | "b" => 0,
        "k" | "kb" | "kib" => 10,
        "m" | "mb" | "mib" => 20,
        "g" | "gb" | "gib" => 30,
        other => {
            return Err(format!(
                "`{other}` is not a size unit (use KiB, MiB or GiB)"
            ))
        }
    };
    match number.checked_mul(1 << shift) {
        Some(0) | None => Err(format!("`{text}` is not a size of at least 1 byte")),
        Some(bytes) => Ok(bytes),
    }
}
