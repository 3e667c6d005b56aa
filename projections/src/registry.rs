//! The registry of projections: every projection of the system, in rebuild order, and the
//! inline ones applied by the write side in the appending transaction. The engine knows only
//! the [`Projection`] trait; the concrete projections are named here.

use command::eventstore::InlineProjection;
use sqlx::PgConnection;

use crate::engine::{self, Projection, StoredEvent};

/// Every projection of the system, in rebuild order.
pub fn all() -> Vec<&'static dyn Projection> {
    vec![
        &crate::catalog::CatalogProjection,
        &crate::shopping::ShoppingProjection,
        &crate::merch::MerchProjection,
        &crate::accounts::AccountsProjection,
        &crate::rewards::RewardsProjection,
        &crate::registries::RegistriesProjection,
        &crate::ordering::OrderingProjection,
        &crate::reviews::ReviewsProjection,
    ]
}

/// Every inline projection (shopping, merchandising) applied inside the appending transaction.
pub struct InlineShopping;

#[async_trait::async_trait]
impl InlineProjection for InlineShopping {
    async fn apply(
        &self,
        conn: &mut PgConnection,
        events: &[StoredEvent],
    ) -> Result<(), sqlx::Error> {
        for projection in all().into_iter().filter(|p| p.inline()) {
            engine::apply_inline(projection, conn, events)
                .await
                .map_err(engine::into_sqlx)?;
        }
        Ok(())
    }
}
