//! The header port: the shell's header data (spec 3, 'Header data') of a visitor, as the read
//! side builds it for `GET /globalresource/header/`. Every account answer that changes who the
//! visitor is carries it as `headerJson`, so the page shows the greeting, the cart count and the
//! store without asking again. The write side holds none of the header's read models; the binary
//! wires the query role's builder (`query::shopping::header::header_json`).

use std::sync::Arc;

use kernel::identity::Identity;

#[async_trait::async_trait]
pub trait HeaderSource: Send + Sync {
    /// `identity`'s header data without the department menu (the client keeps the menu of
    /// `deptMenuVersion`), for the browser of `user_agent`.
    async fn header_json(
        &self,
        identity: &Identity,
        user_agent: &str,
    ) -> Result<serde_json::Value, String>;
}

pub type HeaderSourceRef = Arc<dyn HeaderSource>;

/// No header data: answers carry `headerJson` null (tools and tests without a read side).
pub struct NoHeader;

#[async_trait::async_trait]
impl HeaderSource for NoHeader {
    async fn header_json(&self, _: &Identity, _: &str) -> Result<serde_json::Value, String> {
        Ok(serde_json::Value::Null)
    }
}
