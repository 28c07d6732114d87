// `grow` never returns less than its argument.
function {:bvbuiltin "bvuge"} UGE(bv32, bv32) : bool;
axiom (forall x: bv32 :: { grow(x) } UGE(grow(x), x));
