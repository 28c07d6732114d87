// `merge` is neither declared here nor called by the kernel.
axiom (forall a, b: bv32 :: merge(a, b) == merge(b, a));
