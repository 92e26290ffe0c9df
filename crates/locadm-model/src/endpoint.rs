//! The service's endpoints, from the spec's table: each one's method, path, the
//! permission it needs and whether sending it twice is safe. The API client sends
//! through them and the emulator routes and authorizes by them, so neither can drift
//! from the other.

use uuid::Uuid;

/// The permission each operation needs (the spec's table, and docs/service-contract.md for read and
/// delete).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Permission {
    CreateLocations,
    ReadLocations,
    UpdateLocations,
    DeleteLocations,
    UpdateLocationProviders,
}

impl Permission {
    pub const ALL: [Permission; 5] = [
        Permission::CreateLocations,
        Permission::ReadLocations,
        Permission::UpdateLocations,
        Permission::DeleteLocations,
        Permission::UpdateLocationProviders,
    ];

    /// The scope that grants it.
    pub const fn name(self) -> &'static str {
        match self {
            Permission::CreateLocations => "can-create-locations",
            Permission::ReadLocations => "can-read-locations",
            Permission::UpdateLocations => "can-update-locations",
            Permission::DeleteLocations => "can-delete-locations",
            Permission::UpdateLocationProviders => "can-update-location-providers",
        }
    }

    /// The commands that need this permission, for `auth status`.
    pub fn commands(self) -> &'static str {
        match self {
            Permission::CreateLocations => "location create, location apply",
            Permission::ReadLocations => "location get, location update (from flags)",
            Permission::UpdateLocations => "location update, location apply",
            Permission::DeleteLocations => "location delete",
            Permission::UpdateLocationProviders => "provider update",
        }
    }
}

/// When a failed request may be sent again.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Idempotency {
    /// GET, PUT, DELETE: sending twice has the effect of sending once.
    Idempotent,
    /// POST create: retried only when the service certainly did not act on it.
    Create,
    /// Any other request that may not be sent twice (a POST or PATCH of `locadm api`):
    /// retried, as a create, only when the service certainly did not act on it.
    NotIdempotent,
}

impl Idempotency {
    /// What RFC 9110 (section 9.2.2) says of a method: GET, HEAD, OPTIONS, TRACE, PUT
    /// and DELETE may be sent twice; any other (POST, PATCH, one it does not define) not.
    pub fn of_method(method: &str) -> Idempotency {
        match method {
            "GET" | "HEAD" | "OPTIONS" | "TRACE" | "PUT" | "DELETE" => Idempotency::Idempotent,
            _ => Idempotency::NotIdempotent,
        }
    }
}

/// One request the service answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Endpoint {
    CreateLocation,
    GetLocation(Uuid),
    UpdateLocation(Uuid),
    DeleteLocation(Uuid),
    UpdateProvider(Uuid),
}

/// The routes, as templates (axum's `{id}`).
pub mod route {
    pub const LOCATIONS: &str = "/locations";
    pub const LOCATION: &str = "/locations/{id}";
    pub const LOCATION_DETAILS: &str = "/locations/{id}/details";
    pub const PROVIDER: &str = "/locationProviders/{id}";
}

impl Endpoint {
    pub fn method(self) -> &'static str {
        match self {
            Endpoint::CreateLocation => "POST",
            Endpoint::GetLocation(_) => "GET",
            Endpoint::UpdateLocation(_) | Endpoint::UpdateProvider(_) => "PUT",
            Endpoint::DeleteLocation(_) => "DELETE",
        }
    }

    /// The path below the base URL. `read_prefix` (a profile's, `/v1`) goes before a
    /// read's path only: some gateways serve reads under their own prefix.
    /// (Every request builds one: written out rather than filled into [`route`]'s
    /// templates, which a test holds them to.)
    pub fn path(self, read_prefix: &str) -> String {
        match self {
            Endpoint::CreateLocation => route::LOCATIONS.to_owned(),
            Endpoint::GetLocation(id) => format!("{read_prefix}/locations/{id}"),
            Endpoint::UpdateLocation(id) | Endpoint::DeleteLocation(id) => {
                format!("/locations/{id}")
            }
            Endpoint::UpdateProvider(id) => format!("/locationProviders/{id}"),
        }
    }

    pub fn permission(self) -> Permission {
        match self {
            Endpoint::CreateLocation => Permission::CreateLocations,
            Endpoint::GetLocation(_) => Permission::ReadLocations,
            Endpoint::UpdateLocation(_) => Permission::UpdateLocations,
            Endpoint::DeleteLocation(_) => Permission::DeleteLocations,
            Endpoint::UpdateProvider(_) => Permission::UpdateLocationProviders,
        }
    }

    pub fn idempotency(self) -> Idempotency {
        match self {
            Endpoint::CreateLocation => Idempotency::Create,
            _ => Idempotency::Idempotent,
        }
    }

    /// The id of the resource it names, when it names one.
    pub fn id(self) -> Option<Uuid> {
        match self {
            Endpoint::CreateLocation => None,
            Endpoint::GetLocation(id)
            | Endpoint::UpdateLocation(id)
            | Endpoint::DeleteLocation(id)
            | Endpoint::UpdateProvider(id) => Some(id),
        }
    }

    /// What a 404 means here, as a person reads it; `None` for a create, whose 404
    /// means the base URL does not lead to the service.
    pub fn not_found(self) -> Option<String> {
        match self {
            Endpoint::CreateLocation => None,
            Endpoint::UpdateProvider(id) => Some(format!("location provider `{id}` not found")),
            Endpoint::GetLocation(id)
            | Endpoint::UpdateLocation(id)
            | Endpoint::DeleteLocation(id) => Some(format!("location `{id}` not found")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_endpoint_has_its_method_path_and_permission() {
        let id = Uuid::from_u128(7);
        let text = id.to_string();
        use Endpoint::*;
        #[rustfmt::skip] // one case a line
        let cases = [
            (CreateLocation, "POST", "/locations".to_owned(), "can-create-locations"),
            (GetLocation(id), "GET", format!("/v1/locations/{text}"), "can-read-locations"),
            (UpdateLocation(id), "PUT", format!("/locations/{text}"), "can-update-locations"),
            (DeleteLocation(id), "DELETE", format!("/locations/{text}"), "can-delete-locations"),
            (UpdateProvider(id), "PUT", format!("/locationProviders/{text}"), "can-update-location-providers"),
        ];
        for (endpoint, method, path, permission) in cases {
            assert_eq!(endpoint.method(), method);
            assert_eq!(endpoint.path("/v1"), path);
            assert_eq!(endpoint.permission().name(), permission);
            assert_eq!(
                endpoint.id().is_none(),
                endpoint == Endpoint::CreateLocation
            );
        }
        // The paths are the routes the emulator serves.
        let filled = |template: &str| template.replace("{id}", &text);
        assert_eq!(GetLocation(id).path(""), filled(route::LOCATION));
        assert_eq!(DeleteLocation(id).path(""), filled(route::LOCATION));
        assert_eq!(UpdateProvider(id).path(""), filled(route::PROVIDER));
        assert_eq!(CreateLocation.path("/v1"), route::LOCATIONS);
        assert_eq!(Endpoint::CreateLocation.idempotency(), Idempotency::Create);
        assert_eq!(
            Endpoint::DeleteLocation(id).idempotency(),
            Idempotency::Idempotent
        );
    }

    #[test]
    fn a_method_is_idempotent_as_rfc_9110_says() {
        for method in ["GET", "HEAD", "OPTIONS", "TRACE", "PUT", "DELETE"] {
            assert_eq!(Idempotency::of_method(method), Idempotency::Idempotent);
        }
        for method in ["POST", "PATCH", "PURGE", "get"] {
            assert_eq!(Idempotency::of_method(method), Idempotency::NotIdempotent);
        }
    }
}
