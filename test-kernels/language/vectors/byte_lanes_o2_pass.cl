//pass
//--local_size=64 --num_groups=2 --opt-level=2

// At -O2 the four byte loads stay four and the uchar4 store is four lane stores: merged
// into one 4-byte read and one 4-byte write.
__kernel void k(__global uchar4 *out, __global const uchar *in) {
  unsigned i = get_global_id(0);
  uchar4 v;
  v.x = in[4*i]; v.y = in[4*i+1]; v.z = in[4*i+2]; v.w = in[4*i+3];
  out[i] = v.wzyx;
}
