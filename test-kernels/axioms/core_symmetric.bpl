// `core` (declared in ignores_first.bpl) does not care about the order of its arguments.
axiom (forall b, c: bv8 :: { core(b, c) } core(b, c) == core(c, b));
