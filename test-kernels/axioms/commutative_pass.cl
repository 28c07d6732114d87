//pass
//--local_size=64 --num_groups=2 --boogie-file=${KERNEL_DIR}/commutative.bpl
//note: assuming 1 axiom from .*commutative\.bpl

// With the axiom, both orders give the same value.

DECLARE_UF_BINARY(combine, unsigned, unsigned, unsigned);

__kernel void k(__global unsigned *out, unsigned seed) {
  unsigned t = get_global_id(0);
  unsigned x = combine(t, seed);
  unsigned y = combine(seed, t);
  __assert(x == y);
  out[t] = x;
}
