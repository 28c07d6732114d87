//pass
//--local_size=32 --num_groups=1 --boogie-file=${KERNEL_DIR}/ignores_first.bpl --boogie-file=${KERNEL_DIR}/core_symmetric.bpl
//note: assuming 1 axiom from .*ignores_first\.bpl
//note: assuming 1 axiom from .*core_symmetric\.bpl

// Two files: the first says `pack` ignores its first argument and declares `core`, the
// second (which uses that declaration) makes `core` symmetric. Together they prove it.

DECLARE_UF_TERNARY(pack, unsigned char, unsigned char, unsigned char, unsigned);

__kernel void k(__global unsigned *out, unsigned char b, unsigned char c) {
  unsigned char t = (unsigned char)get_local_id(0);
  unsigned p = pack(t, b, c);
  __assert(p == pack(b, c, b));
  out[get_local_id(0)] = p;
}
