axiom (forall x, y: int :: mix(x, y) == mix(y, x));
