//xfail:CLANG_ERROR
//--local_size=64 --num_groups=2 --boogie-file=${KERNEL_DIR}/commutative.bpl
//commutative\.bpl:2:47: error: `combine` is applied to \(bv32, bv32\) here, but the kernel.s `combine` takes \(bv16, bv16\) and returns bv16

// A --boogie-file that lockstep cannot use is a front-end error at its position.

DECLARE_UF_BINARY(combine, unsigned short, unsigned short, unsigned short);

__kernel void k(__global unsigned short *out, unsigned short seed) {
  unsigned short t = get_global_id(0);
  out[t] = combine(t, seed);
}
