//! The store's own rewards provider: members, their phone and email claims and their ledgers
//! in our event store (`RewardsMember`, `RewardsClaim`), the `rewards_members` read model for
//! "the member of this customer". The default adapter of [`RewardsProvider`].

use std::sync::Arc;

use chrono::{DateTime, Utc};
use cqrs_es::Aggregate;
use sqlx::PgPool;

use super::provider::{Enrolled, Enrolment, Lookup, MemberRecord, ProviderError, RewardsProvider};
use super::{
    MemberCommand, MemberError, ProviderStatus, RewardsClaim, RewardsClaimCommand,
    RewardsClaimError, RewardsMember,
};
use crate::eventstore::{self, InlineProjection};
use crate::privacy::vault::{self, SealerRef};
use crate::privacy::{self, Sealed};

/// How often (50 ms apart) a join that lost the phone's claim looks for the winner's member.
const ENROL_WAIT_TRIES: usize = 40;

pub struct LocalProvider {
    pub pool: PgPool,
    pub sealer: SealerRef,
    pub inline: Arc<dyn InlineProjection>,
}

/// A new rewards number: 13 digits, the first of them 4 (the store's range), the rest random.
pub fn new_rewards_number() -> String {
    let random = uuid::Uuid::new_v4().as_u128() % 1_000_000_000_000;
    format!("4{random:012}")
}

impl LocalProvider {
    async fn load<A: Aggregate>(&self, id: &str) -> Result<Option<A>, ProviderError> {
        let (mut found, _) = eventstore::load_many::<A>(&self.pool, &[id.to_string()])
            .await
            .map_err(ProviderError::new)?;
        Ok(found.remove(id).map(|(aggregate, _)| aggregate))
    }

    async fn run<A>(
        &self,
        services: &A::Services,
        id: &str,
        command: A::Command,
    ) -> Result<Result<A, A::Error>, ProviderError>
    where
        A: Aggregate + Clone,
        A::Command: Clone,
    {
        let executed = eventstore::run::<A>(&self.pool, services)
            .command(id, command)
            .inline(Some(self.inline.as_ref()))
            .executed()
            .await
            .map_err(ProviderError::new)?;
        Ok(executed.outcome.map(|_| executed.aggregate))
    }

    async fn open(&self, sealed: &Option<Sealed>) -> Result<Option<String>, ProviderError> {
        let Some(sealed) = sealed else {
            return Ok(None);
        };
        let mut conn = self.pool.acquire().await.map_err(ProviderError::new)?;
        let opened = vault::open(&mut conn, sealed)
            .await
            .map_err(ProviderError::new)?;
        Ok(opened.text())
    }

    async fn record(
        &self,
        number: &str,
        member: &RewardsMember,
    ) -> Result<Option<MemberRecord>, ProviderError> {
        let Some(joined_at) = member
            .joined_at
            .filter(|_| member.enrolled && !member.closed)
        else {
            return Ok(None);
        };
        Ok(Some(MemberRecord {
            rewards_number: number.to_string(),
            customer_id: member.customer_id.clone(),
            phone: self.open(&member.phone).await?,
            email: self.open(&member.email).await?,
            joined_at,
        }))
    }

    async fn member(&self, number: &str) -> Result<Option<MemberRecord>, ProviderError> {
        match self.load::<RewardsMember>(number).await? {
            Some(member) => self.record(number, &member).await,
            None => Ok(None),
        }
    }

    async fn holder(&self, claim: &str) -> Result<Option<String>, ProviderError> {
        Ok(self
            .load::<RewardsClaim>(claim)
            .await?
            .and_then(|claim| claim.holder))
    }
}

#[async_trait::async_trait]
impl RewardsProvider for LocalProvider {
    async fn find(&self, by: &Lookup) -> Result<Option<MemberRecord>, ProviderError> {
        let number = match by {
            Lookup::Number(number) => Some(number.clone()),
            Lookup::PhoneKey(key) | Lookup::EmailSubject(key) => self.holder(key).await?,
        };
        match number {
            Some(number) => self.member(&number).await,
            None => Ok(None),
        }
    }

    async fn of_customer(&self, customer_id: &str) -> Result<Option<MemberRecord>, ProviderError> {
        let number: Option<String> =
            sqlx::query_scalar("SELECT rewards_number FROM rewards_members WHERE customer_id = $1")
                .bind(customer_id)
                .fetch_optional(&self.pool)
                .await
                .map_err(ProviderError::new)?;
        match number {
            Some(number) => self.member(&number).await,
            None => Ok(None),
        }
    }

    async fn enrol(&self, enrolment: Enrolment) -> Result<Enrolled, ProviderError> {
        let keys = privacy::keys().map_err(ProviderError::new)?;
        let phone_key = keys.phone_key(&enrolment.phone);
        let email_subject = enrolment
            .email
            .as_deref()
            .map(|email| keys.subject_for_email(email));
        let number = new_rewards_number();
        // The phone first: of racing joins with one phone, one holds it.
        let claim = RewardsClaimCommand::Claim {
            rewards_number: number.clone(),
        };
        match self.run::<RewardsClaim>(&(), &phone_key, claim).await? {
            Ok(_) => {}
            Err(RewardsClaimError::Taken { holder }) => {
                // A racing join may hold the claim a moment before its member is enrolled.
                for _ in 0..ENROL_WAIT_TRIES {
                    if let Some(record) = self.member(&holder).await? {
                        return Ok(Enrolled::PhoneTaken(record));
                    }
                    tokio::time::sleep(std::time::Duration::from_millis(50)).await;
                }
                return Err(ProviderError::new(
                    "the phone's rewards account is still being opened",
                ));
            }
        }
        // The email goes with the membership when no other member holds it.
        let mut email_indexed = None;
        if let Some(subject) = &email_subject {
            let claim = RewardsClaimCommand::Claim {
                rewards_number: number.clone(),
            };
            if let Ok(Ok(_)) = self.run::<RewardsClaim>(&(), subject, claim).await {
                email_indexed = Some(subject.clone());
            }
        }
        let enrol = MemberCommand::Enrol {
            phone: enrolment.phone.clone(),
            phone_key: phone_key.clone(),
            email: enrolment.email.clone(),
            email_subject: email_indexed.clone(),
            subject: email_subject.clone().unwrap_or_else(|| phone_key.clone()),
            customer_id: enrolment.customer_id.clone(),
            joined_at: enrolment.joined_at,
            now: enrolment.now,
        };
        let error = match self
            .run::<RewardsMember>(&self.sealer, &number, enrol)
            .await
        {
            Ok(Ok(member)) => {
                return match self.record(&number, &member).await? {
                    Some(record) => Ok(Enrolled::Created(record)),
                    None => Err(ProviderError::new("an enrolled member reads as none")),
                }
            }
            Ok(Err(e)) => ProviderError::new(e),
            Err(e) => e,
        };
        // The phone and email are free again.
        for claim in std::iter::once(&phone_key).chain(email_indexed.iter()) {
            let release = RewardsClaimCommand::Release {
                rewards_number: number.clone(),
            };
            if let Err(e) = self.run::<RewardsClaim>(&(), claim, release).await {
                tracing::error!(error = %e, "a rewards claim could not be released");
            }
        }
        Err(error)
    }

    async fn link(
        &self,
        rewards_number: &str,
        customer_id: &str,
        now: DateTime<Utc>,
    ) -> Result<ProviderStatus, ProviderError> {
        let link = MemberCommand::Link {
            customer_id: customer_id.to_string(),
            now,
        };
        Ok(
            match self
                .run::<RewardsMember>(&self.sealer, rewards_number, link)
                .await?
            {
                Ok(_) => ProviderStatus::NoError,
                Err(MemberError::AlreadyLinked) => ProviderStatus::AlreadyLinked,
                Err(MemberError::NotFound) => ProviderStatus::NotFound,
                Err(e) => return Err(ProviderError::new(e)),
            },
        )
    }
}
