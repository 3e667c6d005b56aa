//! The gift registries projection (`gift_registries`, `gift_registry_items`) from the Registry
//! aggregate's events, projected inline so a registry shows in the answer's next read. The name
//! stays sealed in the row (opened for the owner or a shared link's visitor on the read side);
//! erasing the owner's subject removes the rows.

use command::accounts::{Registry, RegistryEvent};
use command::privacy::subject::{Subject, SubjectEvent};
use cqrs_es::Aggregate;
use sqlx::PgConnection;

use crate::engine::{Projection, ProjectionError, StoredEvent, Typed};

pub struct RegistriesProjection;

const TYPES: [&str; 2] = [Registry::TYPE, Subject::TYPE];
const TABLES: [&str; 2] = ["gift_registry_items", "gift_registries"];

#[async_trait::async_trait]
impl Projection for RegistriesProjection {
    fn name(&self) -> &'static str {
        "registries"
    }
    fn aggregate_types(&self) -> &'static [&'static str] {
        &TYPES
    }
    fn tables(&self) -> &'static [&'static str] {
        &TABLES
    }
    fn inline(&self) -> bool {
        true
    }
    async fn apply_one(
        &self,
        conn: &mut PgConnection,
        e: &StoredEvent,
    ) -> Result<(), ProjectionError> {
        let id = &e.aggregate_id;
        if e.aggregate_type == Subject::TYPE {
            let SubjectEvent::SubjectForgotten { .. } = e.typed()?;
            sqlx::query(
                "DELETE FROM gift_registry_items WHERE registry_id IN \
                 (SELECT registry_id FROM gift_registries WHERE subject = $1)",
            )
            .bind(id)
            .execute(&mut *conn)
            .await?;
            sqlx::query("DELETE FROM gift_registries WHERE subject = $1")
                .bind(id)
                .execute(conn)
                .await?;
            return Ok(());
        }
        match e.typed::<RegistryEvent>()? {
            RegistryEvent::RegistryCreated {
                owner,
                subject,
                name,
                event_type,
                event_date,
            } => {
                let name =
                    serde_json::to_value(&name).map_err(|source| ProjectionError::Decode {
                        aggregate_type: e.aggregate_type.clone(),
                        aggregate_id: id.clone(),
                        sequence: e.sequence,
                        source,
                    })?;
                sqlx::query(
                    "INSERT INTO gift_registries (registry_id, customer_id, subject, name, \
                     event_type, event_date, created_at) \
                     VALUES ($1, $2, $3, $4, $5, $6, coalesce($7, now())) \
                     ON CONFLICT (registry_id) DO NOTHING",
                )
                .bind(id)
                .bind(owner)
                .bind(subject)
                .bind(name)
                .bind(event_type.name())
                .bind(event_date)
                .bind(e.recorded_at)
                .execute(conn)
                .await?;
            }
            RegistryEvent::RegistryItemSet {
                blain_number,
                quantity,
            } => {
                sqlx::query(
                    "INSERT INTO gift_registry_items (registry_id, blain_number, quantity, added_at) \
                     SELECT $1, $2, $3, coalesce($4, now()) \
                     WHERE EXISTS (SELECT 1 FROM gift_registries WHERE registry_id = $1) \
                     ON CONFLICT (registry_id, blain_number) DO UPDATE SET quantity = EXCLUDED.quantity",
                )
                .bind(id)
                .bind(blain_number)
                .bind(quantity as i32)
                .bind(e.recorded_at)
                .execute(conn)
                .await?;
            }
            RegistryEvent::RegistryItemRemoved { blain_number } => {
                sqlx::query(
                    "DELETE FROM gift_registry_items WHERE registry_id = $1 AND blain_number = $2",
                )
                .bind(id)
                .bind(blain_number)
                .execute(conn)
                .await?;
            }
            RegistryEvent::RegistryShared {} => {
                sqlx::query("UPDATE gift_registries SET shared = true WHERE registry_id = $1")
                    .bind(id)
                    .execute(conn)
                    .await?;
            }
            RegistryEvent::RegistryDeleted {} => {
                sqlx::query("DELETE FROM gift_registry_items WHERE registry_id = $1")
                    .bind(id)
                    .execute(&mut *conn)
                    .await?;
                sqlx::query("DELETE FROM gift_registries WHERE registry_id = $1")
                    .bind(id)
                    .execute(conn)
                    .await?;
            }
        }
        Ok(())
    }
}
