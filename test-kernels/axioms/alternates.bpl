// `odd` flips from each number to the next.
function {:bvbuiltin "bvadd"} ADD(bv32, bv32) : bv32;
axiom (forall x: bv32 :: { odd(x) } odd(ADD(x, 1bv32)) <==> !odd(x));
