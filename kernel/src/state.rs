//! A router's state: its parts behind one `Arc`. axum hands every request a copy of the state
//! (several, through a router's layers), and a copy of the parts themselves was a dozen
//! reference counts and two allocations, a fifth of the store's CPU on `/healthz`
//! (docs/performance.md). Each layer names its parts (`CommandParts`, `QueryParts`, …) and its
//! state is `Shared<TheParts>`: fields read through `Deref`.

use std::sync::Arc;

use axum::extract::FromRef;

use crate::staff::StaffTokens;

pub struct Shared<T>(Arc<T>);

impl<T> Clone for Shared<T> {
    fn clone(&self) -> Self {
        Shared(Arc::clone(&self.0))
    }
}

impl<T> std::ops::Deref for Shared<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.0
    }
}

/// A mutable borrow (tests, before serving) copies the parts if they are shared.
impl<T: Clone> std::ops::DerefMut for Shared<T> {
    fn deref_mut(&mut self) -> &mut T {
        Arc::make_mut(&mut self.0)
    }
}

impl<T> From<T> for Shared<T> {
    fn from(parts: T) -> Self {
        Shared(Arc::new(parts))
    }
}

/// Parts that say who may call staff operations: the [`crate::staff::Staff`] extractor finds
/// them in any state made of such parts.
pub trait HasStaffTokens {
    fn staff_tokens(&self) -> &Arc<StaffTokens>;
}

impl<T: HasStaffTokens> FromRef<Shared<T>> for Arc<StaffTokens> {
    fn from_ref(state: &Shared<T>) -> Self {
        Arc::clone(state.staff_tokens())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone)]
    struct Parts {
        n: u32,
        staff: Arc<StaffTokens>,
    }

    impl HasStaffTokens for Parts {
        fn staff_tokens(&self) -> &Arc<StaffTokens> {
            &self.staff
        }
    }

    #[test]
    fn copies_share_the_parts_and_a_mutable_borrow_copies_them_first() {
        let a: Shared<Parts> = Parts {
            n: 1,
            staff: Default::default(),
        }
        .into();
        let mut b = a.clone();
        assert!(Arc::ptr_eq(&a.0, &b.0));
        b.n = 2;
        assert_eq!((a.n, b.n), (1, 2));
        assert!(Arc::ptr_eq(&Arc::<StaffTokens>::from_ref(&a), &a.staff));
    }
}
