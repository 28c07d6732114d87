// `mix` is an uninterpreted function: without an axiom nothing says it commutes.
DECLARE_UF_BINARY(mix, unsigned, unsigned, unsigned);

__kernel void k(unsigned a, unsigned b) {
  __assert(mix(a, b) == mix(b, a));
}
