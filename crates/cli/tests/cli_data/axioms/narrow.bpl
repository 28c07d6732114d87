function mix(bv16, bv16) : bv16;
axiom (forall x, y: bv16 :: mix(x, y) == mix(y, x));
