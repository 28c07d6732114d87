//xfail:NOT_ALL_VERIFIED
//--local_size=32 --num_groups=1 --boogie-file=${KERNEL_DIR}/ignores_first.bpl
//layers_one_file_fail\.cl:12:\d+: error: this assertion might not hold

// Without core_symmetric.bpl, `core(b, c)` and `core(c, b)` may differ.

DECLARE_UF_TERNARY(pack, unsigned char, unsigned char, unsigned char, unsigned);

__kernel void k(__global unsigned *out, unsigned char b, unsigned char c) {
  unsigned char t = (unsigned char)get_local_id(0);
  unsigned p = pack(t, b, c);
  __assert(p == pack(b, c, b));
  out[get_local_id(0)] = p;
}
