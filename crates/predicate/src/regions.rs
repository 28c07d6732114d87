//! The region structure the structured predicator needs: which constructs it rejects
//! ([`Construct`]).

/// A control-flow construct the structured predicator does not accept, as the source
/// most likely spelled it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Construct {
    Switch,
    ShortCircuit,
    Break,
    EarlyReturn,
    Goto,
}

impl std::fmt::Display for Construct {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Construct::Switch => "switch",
            Construct::ShortCircuit => "short-circuit",
            Construct::Break => "break",
            Construct::EarlyReturn => "early return",
            Construct::Goto => "goto",
        })
    }
}
