//! What the shell reads for every visitor: the header (GET /globalresource/header/) and the
//! store a visitor chose.

pub mod header;
pub mod visitor;
