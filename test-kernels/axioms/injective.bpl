/* `slot` sends different threads to different places. */
type Id = bv32;
axiom (forall i, j: Id :: { slot(i), slot(j) } slot(i) == slot(j) ==> i == j);
