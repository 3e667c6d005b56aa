//! Catalog reads used by the shell: the department tree.

pub mod home;
pub mod images;
pub mod listing;
pub mod products;
pub mod stock;
pub mod tires;

use std::collections::HashMap;

use axum::extract::State;
use axum::routing::get;
use axum::{Json, Router};
use kernel::http::ApiError;
use serde::Serialize;
use sqlx::Row;

use crate::QueryState;

pub fn router(state: QueryState) -> Router {
    Router::new()
        .route("/api/catalog/departments", get(departments))
        .with_state(state)
}

/// A node of the department tree (the spec's menu item).
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MenuItem {
    pub id: i32,
    pub name: String,
    pub url: String,
    pub banner_image_url: Option<String>,
    pub banner_link_url: Option<String>,
    #[schema(no_recursion)]
    pub children: Vec<MenuItem>,
}

/// The whole department tree, top level first, siblings in their sort order.
pub async fn department_tree(pool: &sqlx::PgPool) -> Result<Vec<MenuItem>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT id, parent_id, name, url, banner_image_url, banner_link_url FROM departments \
         ORDER BY sort_order, id",
    )
    .fetch_all(pool)
    .await?;
    let mut children: HashMap<Option<i32>, Vec<MenuItem>> = HashMap::new();
    for r in rows {
        children
            .entry(r.get("parent_id"))
            .or_default()
            .push(MenuItem {
                id: r.get("id"),
                name: r.get("name"),
                url: r.get("url"),
                banner_image_url: r.get("banner_image_url"),
                banner_link_url: r.get("banner_link_url"),
                children: vec![],
            });
    }
    fn attach(items: &mut [MenuItem], children: &mut HashMap<Option<i32>, Vec<MenuItem>>) {
        for item in items {
            item.children = children.remove(&Some(item.id)).unwrap_or_default();
            attach(&mut item.children, children);
        }
    }
    let mut top = children.remove(&None).unwrap_or_default();
    attach(&mut top, &mut children);
    Ok(top)
}

#[utoipa::path(get, path = "/api/catalog/departments", tag = "catalog",
    summary = "The department tree",
    responses((status = 200, description = "OK", body = Vec<MenuItem>)))]
async fn departments(State(state): State<QueryState>) -> Result<Json<Vec<MenuItem>>, ApiError> {
    Ok(Json(department_tree(&state.pool).await?))
}

/// This module's operations in the OpenAPI document (merged by the crate's `openapi()`).
#[derive(utoipa::OpenApi)]
#[openapi(paths(departments))]
pub(crate) struct Api;
