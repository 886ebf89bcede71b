//! Locks that outlive a panicking holder.
//!
//! A thread that panics while it holds a lock poisons it. The data behind the command line's
//! locks (a tally, a list of results, the first error, stdout, an engine) stays whole whatever
//! the holder was doing, so every lock is taken through [`locked`], which takes a poisoned
//! lock as it is.

use std::sync::{Mutex, MutexGuard};

/// The guard of `mutex`, poisoned or not.
pub fn locked<T: ?Sized>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The value of `mutex`, poisoned or not.
pub fn into_inner<T>(mutex: Mutex<T>) -> T {
    mutex
        .into_inner()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}
