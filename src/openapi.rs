//! The OpenAPI document of every endpoint, generated: each crate's `openapi()` (the handlers'
//! `#[utoipa::path]` attributes and the `ToSchema` derives of the serde types they answer),
//! then what every operation shares (`kernel::openapi::finish`). `docs/openapi.json` holds it
//! as `storefront openapi` prints it; a test fails when the two differ, and the web's API types
//! are generated from that file (`web/src/shared/api/schema.d.ts`).

use utoipa::OpenApi;

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Storefront API",
        version = "1.0.0",
        description = "Every endpoint of the storefront. Every error answers in one JSON shape, `{\"success\": false, \"code\": string, \"message\": string}` (components/schemas/Error); `code` is machine-readable, `message` is safe to show. Common answers of every operation: 400 `InvalidText` when the URL holds an encoded NUL (`%00`); 500 `Internal` for an unexpected failure and 503 `Unavailable` or `Overloaded` when a dependency (PostgreSQL) is down or the server sheds load, both with the generic message \"Something went wrong. Please try again later.\". Operations with a request body also answer 400 `MalformedJson` (the body is not JSON), 400 `InvalidText` (a string holds a NUL character, which PostgreSQL cannot store: the strings the API takes say so with the pattern `^[^\\u0000]*$`; the tracking pixel answers every input), 413 `TooLarge` (a body over 64 KiB), 415 `UnsupportedMediaType` (no JSON content type) and 422 `InvalidInput` (well-formed JSON of the wrong shape, a top-level value that is not an object included). Every POST takes an optional `Idempotency-Key` header. Unknown API paths answer 404 `NotFound` and undocumented methods 405 `MethodNotAllowed` (with `Allow`), in the same shape. Every answer sets the visitor's identity cookies (`sf_vid`, `sf_visit`; `sf_cart` once the visitor has a cart)."
    ),
    components(schemas(kernel::http::ErrorBody))
)]
struct Storefront;

/// The whole document, as JSON.
pub fn document() -> serde_json::Value {
    let mut doc = Storefront::openapi();
    doc.merge(crate::app::ops::Api::openapi());
    doc.merge(query::openapi());
    doc.merge(command::routes::openapi());
    doc.merge(tracker::openapi());
    // The document names no licence or contact of a template.
    doc.info.license = None;
    doc.info.contact = None;
    kernel::openapi::to_json(&doc, kernel::staff::FORMER_PATHS)
}

/// The document as `docs/openapi.json` holds it: pretty JSON and a final newline.
pub fn document_text() -> String {
    let mut text = serde_json::to_string_pretty(&document()).expect("JSON serialises");
    text.push('\n');
    text
}
