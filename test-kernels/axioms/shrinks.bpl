// `grow` never returns more than its argument (the opposite of grows.bpl).
function {:bvbuiltin "bvule"} ULE(bv32, bv32) : bool;
axiom (forall x: bv32 :: { grow(x) } ULE(grow(x), x));
