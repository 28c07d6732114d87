axiom (forall i, j: bv32 :: { slot(i), slot(j) } slot(i) == slot(j) ==> i == j);
