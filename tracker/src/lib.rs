//! Beacon endpoints (`/hawk.png`, event beacons) producing to `storefront.tracking.v1`, and the
//! analytics consumers. The endpoints land with the tracking issue; the router is merged now.

use axum::Router;

/// Routes of the tracker role. Empty until the tracking issue adds the beacons.
pub fn router() -> Router {
    Router::new()
}
