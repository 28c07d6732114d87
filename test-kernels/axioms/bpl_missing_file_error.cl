//xfail:CLANG_ERROR
//--local_size=64 --num_groups=2 --boogie-file=${KERNEL_DIR}/absent.bpl
//absent\.bpl: error: cannot read the --boogie-file

// A --boogie-file that lockstep cannot use is a front-end error at its position.

DECLARE_UF_BINARY(combine, unsigned short, unsigned short, unsigned short);

__kernel void k(__global unsigned short *out, unsigned short seed) {
  unsigned short t = get_global_id(0);
  out[t] = combine(t, seed);
}
