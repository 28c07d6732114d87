// Boogie's int is a mathematical integer, not the kernel's 32-bit unsigned.
axiom (forall a, b: int :: combine(a, b) == combine(b, a));
