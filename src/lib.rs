//! The `storefront` binary's library: configuration, CLI commands and wiring of the roles.

pub mod app;
pub mod cli;
pub mod config;
pub mod importer;
pub mod money;
pub mod openapi;
pub mod privacy;
pub mod progress;
pub mod seed;
pub mod seeding;
pub mod serve;
pub mod topic;
pub mod web_renderer;
pub mod zips;

/// Which parts of the system this process runs (`--roles`); all by default.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Roles {
    pub command: bool,
    pub query: bool,
    pub tracker: bool,
    pub indexer: bool,
    pub analytics: bool,
    pub relay: bool,
    pub projections: bool,
}

pub const ROLE_NAMES: &str = "command,query,tracker,indexer,analytics,relay,projections";

impl Roles {
    pub fn all() -> Self {
        Self::parse(ROLE_NAMES).expect("all role names are valid")
    }

    /// Parses a comma list like "query,relay".
    pub fn parse(list: &str) -> Result<Self, config::SettingError> {
        let mut roles = Roles {
            command: false,
            query: false,
            tracker: false,
            indexer: false,
            analytics: false,
            relay: false,
            projections: false,
        };
        for name in list.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let flag = match name {
                "command" => &mut roles.command,
                "query" => &mut roles.query,
                "tracker" => &mut roles.tracker,
                "indexer" => &mut roles.indexer,
                "analytics" => &mut roles.analytics,
                "relay" => &mut roles.relay,
                "projections" => &mut roles.projections,
                other => {
                    return Err(config::setting_error(
                        "ROLES",
                        format!("unknown role '{other}'; roles are {ROLE_NAMES}"),
                    ))
                }
            };
            *flag = true;
        }
        Ok(roles)
    }

    pub fn serves_http(&self) -> bool {
        self.command || self.query || self.tracker
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roles_parse_and_unknown_ones_are_named() {
        let r = Roles::parse("query, relay").unwrap();
        assert!(r.query && r.relay && !r.command);
        let e = Roles::parse("query,quary").unwrap_err();
        assert!(e.to_string().contains("unknown role 'quary'"), "{e}");
    }
}
