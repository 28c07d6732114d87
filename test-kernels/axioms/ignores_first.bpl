// `pack` ignores its first argument: it is `core` of the other two. The kernel never
// calls `core`; it is declared here.
type Byte = bv8;
function core(Byte, Byte) : bv32;
axiom (forall a, b, c: Byte :: { pack(a, b, c) } pack(a, b, c) == core(b, c));
