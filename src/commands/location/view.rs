//! How a location and a link look in a table.

use locadm_model::{Link, LocationRead};

/// The field/value rows of a location, in the spec's order; absent values are left out.
pub(crate) fn rows(location: &LocationRead) -> Vec<(&'static str, String)> {
    let mut rows = vec![
        ("id", location.id.to_string()),
        ("storeId", location.store_id.clone()),
        ("storeName", location.store_name.clone()),
    ];
    let mut push = |name: &'static str, value: Option<String>| {
        if let Some(value) = value.filter(|v| !v.is_empty()) {
            rows.push((name, value));
        }
    };
    push("supplementaryName", location.supplementary_name.clone());
    if let Some(a) = &location.structured_address {
        let line = [
            Some(a.street.as_str()),
            a.house_number.as_deref(),
            a.building_name.as_deref(),
        ]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(" ");
        push("street", Some(line));
        push("district", a.district.clone());
        push("city", Some(a.city.clone()));
        push("province", a.province.clone());
        push("postCode", Some(a.post_code.clone()));
        push("countryCode", Some(a.country_code.clone()));
    } else {
        push("address", location.address.clone());
        push("city", location.city.clone());
        push("postCode", location.post_code.clone());
        push("countryCode", location.country_code.clone());
    }
    push("latitude", Some(location.latitude.to_string()));
    push("longitude", Some(location.longitude.to_string()));
    let provider = match &location.location_provider.name {
        Some(name) => format!("{name} ({})", location.location_provider.id),
        None => location.location_provider.id.to_string(),
    };
    push("provider", Some(provider));
    push("telephoneNumber", location.telephone_number.clone());
    push("email", location.email.clone());
    push(
        "hasDisabledAccess",
        location
            .has_disabled_access
            .map(|b| if b { "yes" } else { "no" }.into()),
    );
    push("description", location.description.clone());
    push("logoUrl", location.logo_url.clone());
    push("photoUrls", Some(location.photo_urls.join("\n")));
    push("tags", location.tags.as_ref().map(|t| t.join(", ")));
    push(
        "translations",
        location
            .translations
            .as_ref()
            .map(|t| t.keys().cloned().collect::<Vec<_>>().join(", ")),
    );
    rows
}

/// The rows for a link answer (create, update, provider update).
pub(crate) fn link_rows(verb: &'static str, link: &Link) -> Vec<(&'static str, String)> {
    vec![
        ("result", verb.to_owned()),
        ("id", link.id().map(|id| id.to_string()).unwrap_or_default()),
        ("href", link.href.clone()),
    ]
}
