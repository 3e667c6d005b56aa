//! Merchandising: pin boards (items pinned to the top of a keyword's results or a landing
//! page's listing) and the blocklists of the popular lists.

pub mod blocklist;
pub mod pinboard;
