//! Jericho rules (work in progress).
#![deny(missing_docs)]
