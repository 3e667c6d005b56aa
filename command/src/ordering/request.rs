//! What the checkout form sends, and its checks on the server with the spec's messages: the
//! same rules as the form's, so a request that skips the browser is refused in the same words.

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use super::card::{self, Card};
use kernel::validation::{normalize_phone, valid_email, valid_zip, EMAIL_MESSAGE, ZIP_MESSAGE};

pub const REQUIRED: &str = "This field is required.";
/// The phone message (spec: the newer of its two wordings).
pub const PHONE_MESSAGE: &str = "Please enter a valid 10-digit phone number.";
/// Longest text kept of a name or address field.
pub const MAX_FIELD_CHARS: usize = 100;

#[derive(Debug, Clone, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ShippingAddress {
    #[schema(max_length = 100)]
    pub first_name: String,
    #[schema(max_length = 100)]
    pub last_name: String,
    #[schema(max_length = 100)]
    pub address1: String,
    #[serde(default)]
    #[schema(max_length = 100)]
    pub address2: Option<String>,
    #[schema(max_length = 100)]
    pub city: String,
    /// Two-letter state code.
    #[schema(max_length = 2)]
    pub state: String,
    #[schema(max_length = 10)]
    pub zip: String,
}

#[derive(Clone, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CardInput {
    /// Digits, spaces and dashes.
    #[schema(max_length = 40)]
    pub number: String,
    /// `MM/YY`.
    #[schema(max_length = 10)]
    pub expiry: String,
    #[schema(max_length = 10)]
    pub security_code: String,
    #[schema(max_length = 100)]
    pub name_on_card: String,
}

/// Never shows the number or the code.
impl std::fmt::Debug for CardInput {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("CardInput { .. }")
    }
}

#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PlaceOrderRequest {
    #[schema(max_length = 254)]
    pub email: String,
    #[schema(max_length = 30)]
    pub phone: String,
    /// Required when a line ships or goes by same-day delivery.
    #[serde(default)]
    pub shipping_address: Option<ShippingAddress>,
    pub card: CardInput,
    /// The total the shopper reviewed; a different total now is refused (`TotalChanged`).
    pub expected_total_cents: i64,
}

/// A field the server refused, named as the request names it, with the spec's message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldError {
    pub field: &'static str,
    pub message: &'static str,
}

fn refuse(field: &'static str, message: &'static str) -> FieldError {
    FieldError { field, message }
}

/// A checked address: trimmed, the state upper-case.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Address {
    pub first_name: String,
    pub last_name: String,
    pub address1: String,
    pub address2: Option<String>,
    pub city: String,
    pub state: String,
    pub zip: String,
}

/// A request that passed every check.
#[derive(Debug, Clone)]
pub struct CheckedOrder {
    pub email: String,
    /// Ten digits.
    pub phone: String,
    pub address: Option<Address>,
    pub card: Card,
    pub expected_total_cents: i64,
}

fn text(field: &'static str, value: &str) -> Result<String, FieldError> {
    let value = value.trim();
    if value.is_empty() {
        return Err(refuse(field, REQUIRED));
    }
    if value.chars().count() > MAX_FIELD_CHARS || value.chars().any(char::is_control) {
        return Err(refuse(field, "Must be 100 characters or less."));
    }
    Ok(value.to_string())
}

fn address(a: &ShippingAddress) -> Result<Address, FieldError> {
    let zip = a.zip.trim();
    let state = a.state.trim().to_ascii_uppercase();
    let address = Address {
        first_name: text("shippingAddress.firstName", &a.first_name)?,
        last_name: text("shippingAddress.lastName", &a.last_name)?,
        address1: text("shippingAddress.address1", &a.address1)?,
        address2: match a.address2.as_deref().map(str::trim) {
            None | Some("") => None,
            Some(v) => Some(text("shippingAddress.address2", v)?),
        },
        city: text("shippingAddress.city", &a.city)?,
        state: text("shippingAddress.state", &state)?,
        zip: zip.to_string(),
    };
    if state.len() != 2 || !state.chars().all(|c| c.is_ascii_uppercase()) {
        return Err(refuse("shippingAddress.state", "Please make a selection."));
    }
    if !valid_zip(zip) {
        return Err(refuse("shippingAddress.zip", ZIP_MESSAGE));
    }
    Ok(address)
}

/// Checks a request in the form's order (contact, address, card) and answers the first
/// refusal.
pub fn check(request: &PlaceOrderRequest, today: NaiveDate) -> Result<CheckedOrder, FieldError> {
    let email = request.email.trim();
    if email.is_empty() {
        return Err(refuse("email", REQUIRED));
    }
    if email.len() > 254 || !valid_email(email) {
        return Err(refuse("email", EMAIL_MESSAGE));
    }
    if request.phone.trim().is_empty() {
        return Err(refuse("phone", REQUIRED));
    }
    let phone = normalize_phone(&request.phone).ok_or(refuse("phone", PHONE_MESSAGE))?;
    let address = request.shipping_address.as_ref().map(address).transpose()?;
    let c = &request.card;
    let name = text("card.nameOnCard", &c.name_on_card)?;
    if c.number.trim().is_empty() {
        return Err(refuse("card.number", REQUIRED));
    }
    let (digits, brand) = card::number(&c.number).map_err(|m| refuse("card.number", m))?;
    if c.expiry.trim().is_empty() {
        return Err(refuse("card.expiry", REQUIRED));
    }
    let (month, year) = card::expiry(&c.expiry, today).map_err(|m| refuse("card.expiry", m))?;
    card::security_code(&c.security_code, brand).map_err(|m| refuse("card.securityCode", m))?;
    Ok(CheckedOrder {
        email: email.to_string(),
        phone,
        address,
        card: Card {
            digits,
            brand,
            month,
            year,
            security_code: c.security_code.trim().to_string(),
            name,
        },
        expected_total_cents: request.expected_total_cents,
    })
}
