//! Merchandising: pin boards (items pinned to the top of a keyword's results or a landing
//! page's listing).

pub mod pinboard;
