//xfail:CLANG_ERROR
//--local_size=64 --num_groups=2 --boogie-file=${KERNEL_DIR}/unknown_function.bpl
//unknown_function\.bpl:2:29: error: unknown function `merge`

// A --boogie-file that lockstep cannot use is a front-end error at its position.

DECLARE_UF_BINARY(combine, unsigned short, unsigned short, unsigned short);

__kernel void k(__global unsigned short *out, unsigned short seed) {
  unsigned short t = get_global_id(0);
  out[t] = combine(t, seed);
}
