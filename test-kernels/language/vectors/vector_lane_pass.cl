//pass
//--local_size=64 --num_groups=1

// Lane arithmetic is exact on integers: the swizzled sum is the same for every
// lane order, and a lane chosen by a variable index is the lane it names.
__kernel void k(__global int *out, int4 p) {
  int t = get_local_id(0);
  int4 v = (int4)(t, 2 * t, 3 * t, 4 * t);
  int4 w = v.wzyx + p;
  __assert(w.x + w.y + w.z + w.w == 10 * t + p.x + p.y + p.z + p.w);
  int k = t & 3;
  __assert(v[k] == (k + 1) * t);
  uchar4 bytes = as_uchar4(0x04030201);
  __assert(bytes.x == 1 && bytes.w == 4);
  out[t] = w.y;
}
