//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=2 --boogie-file=${KERNEL_DIR}/idempotent.bpl
//commutative_wrong_axiom_fail\.cl:13:\d+: error: this assertion might not hold

// The file states another property of `combine`, which does not give commutativity.

DECLARE_UF_BINARY(combine, unsigned, unsigned, unsigned);

__kernel void k(__global unsigned *out, unsigned seed) {
  unsigned t = get_global_id(0);
  unsigned x = combine(t, seed);
  unsigned y = combine(seed, t);
  __assert(x == y);
  out[t] = x;
}
