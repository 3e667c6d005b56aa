//! Merchandising: pin boards (items pinned to the top of a keyword's results or a landing
//! page's listing), the blocklists of the popular lists, and the search's synonym rules as a
//! versioned rule set.

pub mod blocklist;
pub mod pinboard;
pub mod synonyms;
