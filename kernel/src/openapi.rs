//! What every operation of the OpenAPI document shares, applied once to the document the
//! handlers' `#[utoipa::path]` attributes and the serde types' `ToSchema` derives generate:
//! the common answers (a URL too long, an encoded NUL, a failure, an outage, a body too large
//! or not JSON or of the wrong shape), the `Idempotency-Key` parameter of every POST, the staff
//! token and its 401/403 on every staff operation, and the NUL rule on the strings the API
//! takes. A handler's attribute names only what is its own: its parameters, its body, its
//! answer and the refusals it words itself.

use serde_json::{json, Value};

/// The pattern every string the API takes carries: PostgreSQL cannot store a NUL character,
/// and the API refuses one (400 `InvalidText`).
pub const NUL_FREE: &str = r"^[^\u0000]*$";

/// The security scheme of staff operations.
pub const STAFF_TOKEN: &str = "StaffToken";

/// Operations that answer every input the same way (the tracking pixel): no common answers,
/// no NUL rule.
const ANSWERS_EVERYTHING: &[&str] = &["/hawk.png"];

/// Operations that read their body's bytes themselves, whatever its media type (the beacons):
/// no 415 or 422.
const READS_ITS_BYTES: &[&str] = &["/event/a/"];

/// The shared components: answers, the Idempotency-Key parameter, headers, the staff token.
fn components() -> Value {
    let error = json!({"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}});
    let answer = |description: &str| json!({"description": description, "content": error});
    let mut invalid_body = answer(
        "Well-formed JSON of the wrong shape: a missing or mistyped field, or a top-level value \
         that is not an object (code `InvalidInput`); or an Idempotency-Key already used for a \
         different request (code `IdempotencyKeyReused`).",
    );
    invalid_body["headers"] =
        json!({"Idempotent-Replayed": {"$ref": "#/components/headers/IdempotentReplayed"}});
    let mut unavailable = answer(
        "A dependency is down (code `Unavailable`) or the server is overloaded (code \
         `Overloaded`); the message is \"Something went wrong. Please try again later.\". Try \
         again later.",
    );
    unavailable["headers"] = json!({"Retry-After": {"$ref": "#/components/headers/RetryAfter"}});
    let mut unauthorized =
        answer("No valid staff credentials (`Unauthorized`, 'Please sign in as staff.').");
    unauthorized["headers"] =
        json!({"WWW-Authenticate": {"schema": {"type": "string", "const": "Bearer"}}});
    json!({
        "responses": {
            "InvalidUrl": answer("Bad request: the URL holds an encoded NUL character (`%00`), code `InvalidText`."),
            "NotFound": answer("Not found (code `NotFound`)."),
            "TooLarge": answer("The request body is larger than 64 KiB (code `TooLarge`)."),
            "UnsupportedMediaType": answer("The request has no JSON content type (code `UnsupportedMediaType`): send `Content-Type: application/json`."),
            "InvalidBody": invalid_body,
            "Internal": answer("An unexpected failure (code `Internal`, message \"Something went wrong. Please try again later.\"); logged on the server."),
            "Unavailable": unavailable,
            "UriTooLong": answer("The address (path and query) is longer than 8 KiB (`UriTooLong`)."),
            "StaffUnauthorized": unauthorized,
            "StaffForbidden": answer("Valid staff credentials of another role (`Forbidden`, 'Your staff role does not allow this.')."),
        },
        "parameters": {
            "IdempotencyKey": {
                "name": "Idempotency-Key",
                "in": "header",
                "required": false,
                "description": "Makes the command safe to retry: 1 to 255 visible ASCII characters, unique per command (a UUID is a good choice). A repeat with the same key within 24 hours returns the stored answer and changes nothing; the replayed answer carries the response header `Idempotent-Replayed: true`. The same key with a different request (method, path, content type or body) is refused with 422 `IdempotencyKeyReused`; a malformed key is refused with 400 `InvalidIdempotencyKey`. Answers of 5xx are not stored: a retry runs the command again.",
                "schema": {"type": "string", "minLength": 1, "maxLength": 255, "pattern": "^[\\x21-\\x7E]{1,255}$"}
            }
        },
        "headers": {
            "IdempotentReplayed": {
                "description": "Present (and `true`) when the answer is the one stored for an earlier request with the same Idempotency-Key, replayed without running the command again.",
                "required": false,
                "schema": {"type": "string", "enum": ["true"]}
            },
            "RetryAfter": {
                "description": "When to try again (seconds, or an HTTP date).",
                "required": false,
                "schema": {"type": "string"}
            }
        },
        "securitySchemes": {
            STAFF_TOKEN: {
                "type": "http",
                "scheme": "bearer",
                "description": "A staff token of `STAFF_TOKENS` (`staffid:role:token`), for machines (CI, scripts); the role decides which staff operations it may call. People call the same operations signed in (`sf_session`) to an account that holds staff roles (`storefront staff invite`): then calls other than GET also carry the anti-forgery token (`RequestVerificationToken`), and a signed-in customer without staff roles gets 403."
            }
        }
    })
}

/// The document with what every operation shares added (see the module's comment), and each
/// former staff path of `former` documented as a deprecated copy of its successor under
/// `/api/staff/`. `doc` is the generated document as JSON.
pub fn finish(mut doc: Value, former: &[&str]) -> Value {
    let shared = components();
    let components = doc["components"]
        .as_object_mut()
        .map(std::mem::take)
        .unwrap_or_default();
    let mut components = Value::Object(components);
    for (section, entries) in shared.as_object().unwrap() {
        let into = components
            .as_object_mut()
            .unwrap()
            .entry(section.clone())
            .or_insert_with(|| json!({}));
        for (name, value) in entries.as_object().unwrap() {
            into[name.as_str()] = value.clone();
        }
    }
    let mut request_schemas = Vec::new();
    if let Some(paths) = doc["paths"].as_object_mut() {
        for (path, item) in paths.iter_mut() {
            let Some(item) = item.as_object_mut() else {
                continue;
            };
            for (method, op) in item.iter_mut() {
                if ANSWERS_EVERYTHING.contains(&path.as_str()) {
                    continue;
                }
                share_answers(path, method, op, &mut request_schemas);
            }
        }
    }
    deprecated_aliases(&mut doc, former);
    // The NUL rule on the schemas a request takes, and on those they refer to.
    let mut seen = std::collections::BTreeSet::new();
    while let Some(name) = request_schemas.pop() {
        if !seen.insert(name.clone()) {
            continue;
        }
        if let Some(schema) = components
            .get_mut("schemas")
            .and_then(|schemas| schemas.get_mut(&name))
        {
            nul_free(schema, &mut request_schemas);
        }
    }
    doc["components"] = components;
    doc
}

/// Each former path answers as its successor does, with `Deprecation` and a `Link` to it
/// (`kernel::staff::deprecated_path`): the same operation, marked deprecated.
fn deprecated_aliases(doc: &mut Value, former: &[&str]) {
    for old in former {
        let new = old.replacen("/api/", "/api/staff/", 1);
        let Some(item) = doc["paths"].get(&new).cloned() else {
            panic!("the former path {old} has no successor {new} in the document")
        };
        let mut item = item;
        for (method, op) in item.as_object_mut().into_iter().flatten() {
            let rest = op["description"].as_str().unwrap_or_default().to_string();
            op["deprecated"] = Value::Bool(true);
            op["description"] = Value::String(
                format!(
                "Deprecated: the former path of `{} {new}`, answered for one release. Its answers \
                 carry `Deprecation: {}` (RFC 9745: since 2026-11-27) and a `Link` to that path \
                 with `rel=\"successor-version\"`. {rest}",
                method.to_uppercase(),
                crate::staff::DEPRECATED_SINCE,
            )
                .trim_end()
                .to_string(),
            );
            if let Some(id) = op["operationId"].as_str() {
                op["operationId"] = Value::String(format!("{id}_deprecated"));
            }
        }
        doc["paths"][*old] = item;
    }
}

fn reference(section: &str, name: &str) -> Value {
    json!({"$ref": format!("#/components/{section}/{name}")})
}

fn share_answers(path: &str, method: &str, op: &mut Value, request_schemas: &mut Vec<String>) {
    let staff = path.starts_with("/api/staff/")
        || op["security"]
            .as_array()
            .is_some_and(|s| s.iter().any(|r| r.get(STAFF_TOKEN).is_some()));
    // A body read as JSON (or as JSON or a form): 415 without one of its media types, 422 for
    // the wrong shape. The beacons read their bytes themselves (400 for what they cannot use).
    let parsed_body = op.get("requestBody").is_some()
        && !READS_ITS_BYTES
            .iter()
            .any(|prefix| path.starts_with(prefix));
    let post = method == "post";
    if staff {
        op["security"] = json!([{ STAFF_TOKEN: [] }]);
    }
    if post {
        let params = op
            .as_object_mut()
            .unwrap()
            .entry("parameters")
            .or_insert_with(|| json!([]))
            .as_array_mut()
            .unwrap();
        let key = reference("parameters", "IdempotencyKey");
        // An operation that requires the key says so with a parameter of its own.
        let own = params
            .iter()
            .any(|p| p.get("name").and_then(Value::as_str) == Some("Idempotency-Key"));
        if !params.contains(&key) && !own {
            params.insert(0, key);
        }
    }
    // (`get_mut`, not indexing: indexing a missing key would add it as null.)
    let params = op.get_mut("parameters").and_then(Value::as_array_mut);
    for param in params.into_iter().flatten() {
        if param.get("$ref").is_none() {
            nul_free(&mut param["schema"], request_schemas);
        }
    }
    let body = op.get_mut("requestBody").and_then(|b| b.get_mut("content"));
    if let Some(content) = body.and_then(Value::as_object_mut) {
        for media in content.values_mut() {
            nul_free(&mut media["schema"], request_schemas);
        }
    }
    let responses = op
        .as_object_mut()
        .unwrap()
        .entry("responses")
        .or_insert_with(|| json!({}))
        .as_object_mut()
        .unwrap();
    let mut add = |status: &str, name: &str| {
        responses
            .entry(status.to_string())
            .or_insert_with(|| reference("responses", name));
    };
    if !post {
        add("400", "InvalidUrl");
    }
    if staff {
        add("401", "StaffUnauthorized");
        add("403", "StaffForbidden");
    }
    if post {
        add("413", "TooLarge");
    }
    if parsed_body {
        add("415", "UnsupportedMediaType");
        add("422", "InvalidBody");
    }
    add("414", "UriTooLong");
    add("500", "Internal");
    add("503", "Unavailable");
}

/// Adds the NUL rule to every free string in `schema` (one without a pattern, a format, an
/// enum or a const), and collects the component schemas it refers to.
fn nul_free(schema: &mut Value, refs: &mut Vec<String>) {
    let Some(object) = schema.as_object_mut() else {
        return;
    };
    if let Some(Value::String(to)) = object.get("$ref") {
        if let Some(name) = to.strip_prefix("#/components/schemas/") {
            refs.push(name.to_string());
        }
        return;
    }
    let is_string = match object.get("type") {
        Some(Value::String(t)) => t == "string",
        Some(Value::Array(types)) => types.iter().any(|t| t == "string"),
        _ => false,
    };
    let free = !["pattern", "format", "enum", "const"]
        .iter()
        .any(|k| object.contains_key(*k));
    if is_string && free {
        object.insert("pattern".into(), Value::String(NUL_FREE.into()));
    }
    for key in ["items", "additionalProperties", "not"] {
        if let Some(inner) = object.get_mut(key) {
            nul_free(inner, refs);
        }
    }
    for key in ["properties", "patternProperties"] {
        if let Some(Value::Object(inner)) = object.get_mut(key) {
            for value in inner.values_mut() {
                nul_free(value, refs);
            }
        }
    }
    for key in ["allOf", "anyOf", "oneOf", "prefixItems"] {
        if let Some(Value::Array(inner)) = object.get_mut(key) {
            for value in inner {
                nul_free(value, refs);
            }
        }
    }
}

/// Turns a generated document into the JSON the API serves and `docs/openapi.json` holds.
pub fn to_json(doc: &utoipa::openapi::OpenApi, former: &[&str]) -> Value {
    finish(
        serde_json::to_value(doc).expect("an OpenAPI document serialises"),
        former,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_post_with_a_body_gets_the_key_and_the_body_answers_and_its_strings_the_nul_rule() {
        let doc = json!({
            "paths": {"/x": {"post": {
                "requestBody": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/X"}}}},
                "responses": {"422": {"description": "own"}}
            }}},
            "components": {"schemas": {
                "X": {"type": "object", "properties": {
                    "a": {"type": "string"}, "b": {"type": ["string", "null"], "enum": ["y"]},
                    "c": {"type": "array", "items": {"$ref": "#/components/schemas/Y"}}}},
                "Y": {"type": "string"},
                "Z": {"type": "string"}
            }}
        });
        let doc = finish(doc, &[]);
        let op = &doc["paths"]["/x"]["post"];
        assert_eq!(
            op["parameters"][0]["$ref"],
            "#/components/parameters/IdempotencyKey"
        );
        assert_eq!(
            op["responses"]["413"]["$ref"],
            "#/components/responses/TooLarge"
        );
        assert_eq!(
            op["responses"]["415"]["$ref"],
            "#/components/responses/UnsupportedMediaType"
        );
        assert_eq!(
            op["responses"]["422"]["description"], "own",
            "its own answer is kept"
        );
        assert!(
            op["responses"].get("400").is_none(),
            "a POST's 400 is its own to word"
        );
        let schemas = &doc["components"]["schemas"];
        assert_eq!(schemas["X"]["properties"]["a"]["pattern"], NUL_FREE);
        assert!(schemas["X"]["properties"]["b"].get("pattern").is_none());
        assert_eq!(
            schemas["Y"]["pattern"], NUL_FREE,
            "referred to from a request"
        );
        assert!(schemas["Z"].get("pattern").is_none(), "only in answers");
    }

    #[test]
    fn a_beacon_reads_its_bytes_and_words_its_own_refusals() {
        let doc = finish(
            json!({"paths": {"/event/a/view": {"post": {"requestBody": {"content": {
                "application/json": {"schema": {"type": "object"}}}}}}}}),
            &[],
        );
        let answers = &doc["paths"]["/event/a/view"]["post"]["responses"];
        assert_eq!(answers["413"]["$ref"], "#/components/responses/TooLarge");
        assert!(answers.get("415").is_none() && answers.get("422").is_none());
    }

    #[test]
    fn a_staff_get_gets_the_token_and_its_refusals_and_the_pixel_nothing() {
        let doc = json!({"paths": {
            "/api/staff/r": {"get": {"parameters": [{"name": "q", "in": "query", "schema": {"type": "string"}}]}},
            "/hawk.png": {"get": {"responses": {"200": {"description": "a pixel"}}}}
        }});
        let doc = finish(doc, &[]);
        let op = &doc["paths"]["/api/staff/r"]["get"];
        assert_eq!(op["security"], json!([{"StaffToken": []}]));
        assert_eq!(
            op["responses"]["401"]["$ref"],
            "#/components/responses/StaffUnauthorized"
        );
        assert_eq!(
            op["responses"]["400"]["$ref"],
            "#/components/responses/InvalidUrl"
        );
        assert_eq!(op["parameters"][0]["schema"]["pattern"], NUL_FREE);
        assert!(op.get("requestBody").is_none());
        let get = doc["paths"]["/hawk.png"]["get"].as_object().unwrap();
        assert!(!get.contains_key("parameters") && !get.contains_key("requestBody"));
        let untouched = finish(json!({"paths": {"/h": {"get": {}}}}), &[]);
        let op = untouched["paths"]["/h"]["get"].as_object().unwrap();
        assert!(
            !op.contains_key("parameters") && !op.contains_key("requestBody"),
            "{op:?}"
        );
        let pixel = &doc["paths"]["/hawk.png"]["get"];
        assert_eq!(pixel["responses"].as_object().unwrap().len(), 1);
        assert!(doc["components"]["responses"]["UriTooLong"].is_object());
    }

    #[test]
    fn a_former_staff_path_is_its_successor_marked_deprecated() {
        let doc = json!({"paths": {"/api/staff/merch/Pin": {"post": {
            "description": "Pins.", "operationId": "pin", "responses": {}}}}});
        let doc = finish(doc, &["/api/merch/Pin"]);
        let old = &doc["paths"]["/api/merch/Pin"]["post"];
        assert_eq!(old["deprecated"], true);
        assert!(old["description"]
            .as_str()
            .unwrap()
            .starts_with("Deprecated: the former path of `POST /api/staff/merch/Pin`"));
        assert!(old["description"].as_str().unwrap().ends_with("Pins."));
        assert_eq!(old["security"], json!([{"StaffToken": []}]));
        assert!(doc["paths"]["/api/staff/merch/Pin"]["post"]
            .get("deprecated")
            .is_none());
    }
}
