//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=2
//commutative_no_axiom_fail\.cl:13:\d+: error: this assertion might not hold

// Without the axiom file `combine` is any function: the orders may differ.

DECLARE_UF_BINARY(combine, unsigned, unsigned, unsigned);

__kernel void k(__global unsigned *out, unsigned seed) {
  unsigned t = get_global_id(0);
  unsigned x = combine(t, seed);
  unsigned y = combine(seed, t);
  __assert(x == y);
  out[t] = x;
}
