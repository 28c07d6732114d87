// True of `combine`, but not what the kernel needs: combining a value with itself.
axiom (forall a: bv32 :: { combine(a, a) } combine(a, a) == a);
