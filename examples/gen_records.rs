//! Writes N valid location bodies as NDJSON, for the validation benchmark.
//!
//!     cargo run --release --example gen_records -- 100000 > records.ndjson
//!
//! The records vary like a real export: both address forms, multi-byte names, optional
//! contact data, photo URLs in both forms, tags, and coordinates with up to 8 decimals.
// A developer's tool that reports on its own streams (the lints we deny are restriction
// lints, and `disallowed_methods` names stdout and stderr).
#![allow(clippy::restriction, clippy::disallowed_methods)]

use std::io::{self, BufWriter, Write};

/// City, post code, country code for the structured form, and for the legacy form.
const CITIES: [(&str, &str, &str, &str); 6] = [
    ("Berlin", "10178", "DE", "DEU"),
    ("München", "80331", "DEU", "DE"),
    ("Zürich", "8001", "CH", "756"),
    ("Paris", "75001", "FR", "FRA"),
    ("Kraków", "31-001", "PL", "POL"),
    ("Wien", "1010", "040", "AT"),
];

fn main() -> io::Result<()> {
    let n: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(100_000);
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for i in 0..n {
        let r = next();
        let (city, post, country, legacy_country) = CITIES[(r % CITIES.len() as u64) as usize];
        let lat = (r >> 8) % 180_000_000;
        let lon = (r >> 16) % 360_000_000;
        let lat = format!(
            "{}{}.{:06}",
            if lat < 90_000_000 { "-" } else { "" },
            (lat % 90_000_000) / 1_000_000,
            lat % 1_000_000
        );
        let lon = format!(
            "{}{}.{:08}",
            if lon < 180_000_000 { "-" } else { "" },
            (lon % 180_000_000) / 1_000_000,
            lon % 100_000_000
        );
        write!(
            out,
            r#"{{"storeId":"STORE-{i:08}","storeName":"Filiale {city} Nr. {i}","#
        )?;
        if r & 1 == 0 {
            write!(
                out,
                r#""structuredAddress":{{"street":"Hauptstraße","houseNumber":"{}","city":"{city}","postCode":"{post}","countryCode":"{country}"}},"#,
                i % 200 + 1
            )?;
        } else {
            write!(
                out,
                r#""address":"Hauptstraße {}","city":"{city}","postCode":"{post}","countryCode":"{legacy_country}","#,
                i % 200 + 1
            )?;
        }
        write!(
            out,
            r#""latitude":{lat},"longitude":{lon},"locationProvider":{{"id":"8f2c6e2a-3b1d-4c5e-9f7a-0d1e2f3a4b5c"}}"#
        )?;
        if r & 2 == 0 {
            write!(
                out,
                r#","telephoneNumber":"+49 30 {:07}","email":"store{i}@example.com""#,
                r % 10_000_000
            )?;
        }
        if r & 4 == 0 {
            write!(
                out,
                r#","logoUrl":"https://cdn.example.com/logo.png","photoUrls":["https://cdn.example.com/p/{i}-1.jpg","https://cdn.example.com/p/{i}-2.jpg"]"#
            )?;
        } else {
            write!(out, r#","photoUrls":"https://cdn.example.com/p/{i}.jpg""#)?;
        }
        write!(
            out,
            r#","hasDisabledAccess":{},"description":{},"tags":["collection-point","{city}"]}}"#,
            r & 8 == 0,
            if r & 16 == 0 {
                "null".to_string()
            } else {
                format!(r#""Öffnungszeiten Mo–Sa 8–20 Uhr, Filiale {i}""#)
            }
        )?;
        out.write_all(b"\n")?;
    }
    out.flush()
}
