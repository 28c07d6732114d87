//! Typed handles for KIR entities. Each is a `u32` index into an arena owned by the
//! [`Kernel`](crate::Kernel); `Display` prints the prefix the text format uses.

use std::fmt;

macro_rules! entity {
    ($(#[$doc:meta])* $name:ident, $prefix:literal) => {
        $(#[$doc])*
        #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, serde::Serialize)]
        pub struct $name(pub u32);

        impl $name {
            pub fn index(self) -> usize {
                self.0 as usize
            }
            pub fn new(index: usize) -> Self {
                Self(index as u32)
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, concat!($prefix, "{}"), self.0)
            }
        }
    };
}

entity!(
    /// A basic block.
    Block,
    "b"
);
entity!(
    /// A scalar variable (thread-private unless its kind says otherwise).
    Var,
    "v"
);
entity!(
    /// A memory region: a kernel pointer argument, a `__local`/`__shared__` array, a
    /// `__constant` array or an escaping private array.
    Region,
    "r"
);
