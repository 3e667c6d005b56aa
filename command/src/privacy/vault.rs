//! Data keys in PostgreSQL (`subject_keys`): one per subject, wrapped by a master key. Sealing
//! makes the subject's key on first use; opening reads it in the caller's transaction (a
//! projection building read models); destroying it shreds every field sealed with it.

use std::sync::Arc;

use base64::engine::general_purpose::STANDARD as B64;
use base64::Engine;
use sqlx::{PgConnection, PgPool, Row};

use super::envelope::{field_aad, SecretKey};
use super::{keys, PrivacyError, PrivacyKeys, Sealed, DROPPED_KEY};

/// Seals personal fields (the services of aggregates whose events carry them).
#[async_trait::async_trait]
pub trait Sealer: Send + Sync {
    async fn seal(&self, subject: &str, plain: &str) -> Result<Sealed, PrivacyError>;
}

pub type SealerRef = Arc<dyn Sealer>;

/// The [`Sealer`] of the running store: data keys in `subject_keys`.
pub struct PgSealer {
    pub pool: PgPool,
}

#[async_trait::async_trait]
impl Sealer for PgSealer {
    async fn seal(&self, subject: &str, plain: &str) -> Result<Sealed, PrivacyError> {
        let keys = keys()?;
        let mut conn = self.pool.acquire().await?;
        // The subject's key, made when missing in the same statement. A `privacy forget` or a
        // first seal of the same subject racing it can leave the statement's snapshot without
        // the row: it is asked again, a few times, and then refused, never a panic.
        for _ in 0..3 {
            if let Some((key_id, key)) = data_key(&mut conn, keys, subject, true).await? {
                return Ok(seal_with(subject, &key_id, &key, plain));
            }
        }
        Err(PrivacyError::KeyUnavailable)
    }
}

/// Seals `plain` for `subject` under a data key the caller holds.
pub fn seal_with(subject: &str, key_id: &str, key: &SecretKey, plain: &str) -> Sealed {
    Sealed {
        subject: subject.to_string(),
        key: key_id.to_string(),
        sealed: B64.encode(key.seal(&field_aad(subject, key_id), plain.as_bytes())),
    }
}

/// The subject's data key and its id; with `create`, a new one when it has none.
pub async fn data_key(
    conn: &mut PgConnection,
    keys: &PrivacyKeys,
    subject: &str,
    create: bool,
) -> Result<Option<(String, SecretKey)>, PrivacyError> {
    let row = if create {
        // One statement: the new key, or the one already there.
        let key_id = uuid::Uuid::new_v4().simple().to_string()[..12].to_string();
        let key = SecretKey::generate();
        let master = keys.current_master();
        sqlx::query(
            "WITH made AS ( \
               INSERT INTO subject_keys (subject_id, key_id, master_key_id, wrapped) VALUES ($1, $2, $3, $4) \
               ON CONFLICT (subject_id) DO NOTHING RETURNING key_id, master_key_id, wrapped) \
             SELECT key_id, master_key_id, wrapped FROM made \
             UNION ALL SELECT key_id, master_key_id, wrapped FROM subject_keys WHERE subject_id = $1 \
             LIMIT 1",
        )
        .bind(subject)
        .bind(&key_id)
        .bind(master.id())
        .bind(master.wrap(subject, &key_id, &key))
        .fetch_optional(&mut *conn)
        .await?
    } else {
        sqlx::query("SELECT key_id, master_key_id, wrapped FROM subject_keys WHERE subject_id = $1")
            .bind(subject)
            .fetch_optional(&mut *conn)
            .await?
    };
    let Some(row) = row else {
        return Ok(None);
    };
    let key_id: String = row.get("key_id");
    let key = unwrap_row(keys, subject, &key_id, &row)?;
    Ok(Some((key_id, key)))
}

/// The data key of a `subject_keys` row (with `master_key_id` and `wrapped`).
fn unwrap_row(
    keys: &PrivacyKeys,
    subject: &str,
    key_id: &str,
    row: &sqlx::postgres::PgRow,
) -> Result<SecretKey, PrivacyError> {
    let master_id: String = row.get("master_key_id");
    let wrapped: Vec<u8> = row.get("wrapped");
    let master = keys
        .master(&master_id)
        .ok_or(PrivacyError::UnknownMasterKey(master_id))?;
    master
        .unwrap(subject, key_id, &wrapped)
        .map_err(PrivacyError::Unwrap)
}

/// What a sealed field holds now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Opened {
    Text(String),
    /// Its key was destroyed (the subject was forgotten), or it was dropped when upcast.
    Erased,
}

impl Opened {
    pub fn text(self) -> Option<String> {
        match self {
            Opened::Text(t) => Some(t),
            Opened::Erased => None,
        }
    }
}

/// Opens a sealed field, reading the subject's key in the caller's transaction. A field whose
/// key is gone reads as [`Opened::Erased`]; a field that does not open under a key that is
/// there (tampered) is an error.
pub async fn open(conn: &mut PgConnection, sealed: &Sealed) -> Result<Opened, PrivacyError> {
    if sealed.key == DROPPED_KEY {
        return Ok(Opened::Erased);
    }
    let keys = keys()?;
    match data_key(conn, keys, &sealed.subject, false).await? {
        Some((key_id, key)) if key_id == sealed.key => open_with(&key, sealed).map(Opened::Text),
        _ => Ok(Opened::Erased),
    }
}

/// Opens a sealed field with its data key.
pub fn open_with(key: &SecretKey, sealed: &Sealed) -> Result<String, PrivacyError> {
    let field = |error| PrivacyError::Field {
        subject: sealed.subject.clone(),
        error,
    };
    let bytes = B64
        .decode(&sealed.sealed)
        .map_err(|_| field(super::envelope::EnvelopeError::Truncated))?;
    let plain = key
        .open(&field_aad(&sealed.subject, &sealed.key), &bytes)
        .map_err(field)?;
    String::from_utf8(plain).map_err(|_| field(super::envelope::EnvelopeError::Unauthentic))
}

/// Destroys the subject's data key (crypto-shredding): answers whether there was one.
pub async fn destroy(conn: &mut PgConnection, subject: &str) -> Result<bool, PrivacyError> {
    Ok(
        sqlx::query("DELETE FROM subject_keys WHERE subject_id = $1")
            .bind(subject)
            .execute(conn)
            .await?
            .rows_affected()
            > 0,
    )
}

/// Wraps every data key not yet under the newest master key with it (after a new master key
/// was put first in `MASTER_KEYS`); afterwards the old master key can be dropped. Answers how
/// many keys were rewrapped. Reports progress as (done, total).
pub async fn rewrap(
    pool: &PgPool,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> Result<u64, PrivacyError> {
    let keys = keys()?;
    let current = keys.current_master();
    let total: i64 =
        sqlx::query_scalar("SELECT count(*) FROM subject_keys WHERE master_key_id <> $1")
            .bind(current.id())
            .fetch_one(pool)
            .await?;
    let mut done = 0u64;
    progress(0, total as u64);
    loop {
        let mut tx = pool.begin().await?;
        let rows = sqlx::query(
            "SELECT subject_id, key_id, master_key_id, wrapped FROM subject_keys \
             WHERE master_key_id <> $1 LIMIT 500 FOR UPDATE SKIP LOCKED",
        )
        .bind(current.id())
        .fetch_all(&mut *tx)
        .await?;
        if rows.is_empty() {
            break;
        }
        for row in rows {
            let subject: String = row.get("subject_id");
            let key_id: String = row.get("key_id");
            let key = unwrap_row(keys, &subject, &key_id, &row)?;
            sqlx::query(
                "UPDATE subject_keys SET master_key_id = $2, wrapped = $3 WHERE subject_id = $1",
            )
            .bind(&subject)
            .bind(current.id())
            .bind(current.wrap(&subject, &key_id, &key))
            .execute(&mut *tx)
            .await?;
            done += 1;
        }
        tx.commit().await?;
        progress(done, total as u64);
    }
    Ok(done)
}

/// A [`Sealer`] for aggregate tests: seals with fixed keys, no database.
#[derive(Debug, Default)]
pub struct FixedSealer;

#[async_trait::async_trait]
impl Sealer for FixedSealer {
    async fn seal(&self, subject: &str, plain: &str) -> Result<Sealed, PrivacyError> {
        // Deterministic, so given/when/then can name the event: not encryption.
        Ok(Sealed {
            subject: subject.to_string(),
            key: "test".into(),
            sealed: format!("sealed({})", plain.len()),
        })
    }
}
