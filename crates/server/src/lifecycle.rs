//! Where this instance is in its life: serving, or draining after a stop signal. `/api/ready` answers 503 while
//! draining, so a load balancer that polls it sends new requests to the other instances. On the platform floor.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

#[derive(Clone, Debug, Default)]
pub struct Lifecycle {
    draining: Arc<AtomicBool>,
}

impl Lifecycle {
    /// From now on the instance finishes what it has and takes nothing new.
    pub fn begin_draining(&self) {
        self.draining.store(true, Ordering::SeqCst);
    }

    pub fn is_draining(&self) -> bool {
        self.draining.load(Ordering::SeqCst)
    }
}
