//! The `Idempotency-Key` request header, read by the idempotency layer (the stored answer):
//! its name, its bounds and how it is read. It never names a visitor: a request without a
//! visitor cookie is a new visitor with a random id, key or no key.

use axum::http::HeaderMap;

pub const HEADER: &str = "idempotency-key";
pub const MAX_KEY_CHARS: usize = 255;

/// The `Idempotency-Key` header: none, a valid key, or an invalid one.
pub fn key_header(headers: &HeaderMap) -> Option<Result<&str, ()>> {
    let value = headers.get(HEADER)?;
    let valid = value
        .to_str()
        .ok()
        .filter(|k| !k.is_empty() && k.len() <= MAX_KEY_CHARS)
        .filter(|k| k.bytes().all(|b| (0x21..=0x7e).contains(&b)));
    Some(valid.ok_or(()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    #[test]
    fn keys_are_one_to_255_visible_ascii_characters() {
        let mut h = HeaderMap::new();
        assert_eq!(key_header(&h), None);
        h.insert(HEADER, HeaderValue::from_static("4f1c-aa_09:x"));
        assert_eq!(key_header(&h), Some(Ok("4f1c-aa_09:x")));
        for bad in ["", "has space", &"k".repeat(256)] {
            h.insert(HEADER, HeaderValue::from_str(bad).unwrap());
            assert_eq!(key_header(&h), Some(Err(())), "{bad:?}");
        }
        h.insert(HEADER, HeaderValue::from_bytes(b"caf\xe9").unwrap());
        assert_eq!(key_header(&h), Some(Err(())));
    }
}
