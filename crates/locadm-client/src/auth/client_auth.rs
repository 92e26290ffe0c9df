//! How the client authenticates at the token endpoint: a setting of its own, since the
//! profile, `LOCADM_CLIENT_AUTH` and the credentials found all choose it.

use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};

/// How the client authenticates at the token endpoint, by the names of the OAuth 2.0
/// registry (RFC 7591 §2); the names of earlier versions (`basic`, `request-body`) are
/// still read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum ClientAuth {
    /// HTTP Basic with the client secret (RFC 6749 §2.3.1), the default with a secret.
    #[default]
    #[serde(alias = "basic")]
    ClientSecretBasic,
    /// `client_id` and `client_secret` in the form body.
    #[serde(alias = "request-body")]
    ClientSecretPost,
    /// A JWT signed with the client's private key (RFC 7523 §2.2, OpenID Connect Core
    /// §9), the default when a key is given.
    PrivateKeyJwt,
}

impl ClientAuth {
    pub const NAMES: &'static [&'static str] = &[
        "client_secret_basic",
        "client_secret_post",
        "private_key_jwt",
    ];

    /// A name of [`ClientAuth::NAMES`], or one of the earlier versions' names.
    pub fn parse(value: &str) -> Result<ClientAuth> {
        match value {
            "client_secret_basic" | "basic" => Ok(ClientAuth::ClientSecretBasic),
            "client_secret_post" | "request-body" => Ok(ClientAuth::ClientSecretPost),
            "private_key_jwt" => Ok(ClientAuth::PrivateKeyJwt),
            _ => Err(Error::usage(format!(
                "`client_auth` must be one of {}, not `{value}`",
                ClientAuth::NAMES.join(", ")
            ))),
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            ClientAuth::ClientSecretBasic => "client_secret_basic",
            ClientAuth::ClientSecretPost => "client_secret_post",
            ClientAuth::PrivateKeyJwt => "private_key_jwt",
        }
    }
}
