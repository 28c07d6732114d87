// `slot` stays below 128 (true, but two threads may still share a slot).
function {:bvbuiltin "bvult"} LT(bv32, bv32) : bool;
axiom (forall i: bv32 :: { slot(i) } LT(slot(i), 128bv32));
