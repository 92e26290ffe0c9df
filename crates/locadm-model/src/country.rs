//! ISO 3166-1 lookup (alpha-2, alpha-3 and numeric codes) through `rust_iso3166`.

/// True when `code` (already of the right shape) is assigned in ISO 3166-1. Letters are
/// compared without regard to case, as people type `de` as often as `DE`.
pub fn is_assigned(code: &str) -> bool {
    if code.bytes().all(|b| b.is_ascii_digit()) {
        return rust_iso3166::from_numeric_str(code).is_some();
    }
    let upper = code.to_ascii_uppercase();
    match upper.len() {
        2 => rust_iso3166::from_alpha2(&upper).is_some(),
        3 => rust_iso3166::from_alpha3(&upper).is_some(),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::is_assigned;

    #[test]
    fn assigned_codes_in_all_three_forms() {
        for code in ["DE", "de", "DEU", "276", "AU", "AUS", "036"] {
            assert!(is_assigned(code), "{code}");
        }
        for code in ["XK", "ZZ", "ABC", "999"] {
            assert!(!is_assigned(code), "{code}");
        }
    }
}
