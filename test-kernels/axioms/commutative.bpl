// `combine` does not care about the order of its arguments.
axiom (forall a, b: bv32 :: { combine(a, b) } combine(a, b) == combine(b, a));
