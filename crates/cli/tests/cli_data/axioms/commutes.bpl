// mix is commutative.
type W = bv32;
axiom (forall x, y: W :: { mix(x, y) } mix(x, y) == mix(y, x));
