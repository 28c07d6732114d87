// The quantifier's closing parenthesis is missing.
axiom (forall a, b: bv32 :: combine(a, b) == combine(b, a);
