//! Reviews context: a signed-in customer rates a product 1 to 5, with a title and a text if
//! they like; one review per customer and product (the aggregate id names both), which its
//! author edits or removes. A review is published at once unless the moderation rule holds it
//! ([`moderation::screen`]); merchandisers publish, hide or answer reviews, shoppers report
//! them and vote them helpful (once per visitor).
//!
//! The title, the text and the name shown ("Jane D.") are the customer's personal data: they
//! travel sealed under the customer's email subject, so erasing the customer erases them (the
//! rating stays in the product's average, from 'A customer').

pub mod aggregate;
pub mod commands;
pub mod events;
pub mod moderation;

#[cfg(test)]
mod tests;

pub use aggregate::*;
pub use commands::*;
pub use events::*;

/// Ratings run from 1 to 5 (spec 9).
pub const RATINGS: std::ops::RangeInclusive<u8> = 1..=5;
/// The most characters of a review's title.
pub const MAX_TITLE_CHARS: usize = 100;
/// The most characters of a review's text.
pub const MAX_TEXT_CHARS: usize = 4000;
/// The fewest characters of a text, when there is one.
pub const MIN_TEXT_CHARS: usize = 20;
/// The most characters of the store's reply and of a report's note.
pub const MAX_REPLY_CHARS: usize = 2000;

/// The aggregate id of `customer`'s review of `product`.
pub fn review_id(product: &str, customer: &str) -> String {
    format!("rv:{product}:{customer}")
}

/// The product a review id names.
pub fn product_of(review_id: &str) -> Option<&str> {
    review_id.strip_prefix("rv:")?.split(':').next()
}
