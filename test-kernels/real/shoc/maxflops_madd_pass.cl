//pass
//--local_size=128 --num_groups=4096

// Peak single-precision throughput, after the public description of SHOC's MaxFlops
// benchmark (the MAdd kernels): each work item loads its own element, runs long
// straight-line chains of dependent multiply-adds on four independent streams (the loop
// body is the macro-expanded chain, repeated nIters times), and writes its element back.
// 128 work items per group, 4096 groups (512K floats, one per work item).
#define MADD2(a, b) a = a * b + 0.9899f; b = b * a + 0.9899f;
#define MADD8(a, b) MADD2(a, b) MADD2(a, b) MADD2(a, b) MADD2(a, b)
#define MADD32(a, b) MADD8(a, b) MADD8(a, b) MADD8(a, b) MADD8(a, b)

__kernel void madd4(__global float *data, int nIters, float v1, float v2) {
  __requires(nIters >= 0 && nIters <= 1024);
  int gid = get_group_id(0) * get_local_size(0) + get_local_id(0);
  float s0 = data[gid];
  float s1 = 10.0f - s0;
  float s2 = s0 * v1;
  float s3 = s1 * v2;
  float s4 = s0 + v1;
  float s5 = s1 + v2;
  float s6 = s2 - s3;
  float s7 = s4 - s5;
  for (int j = 0; j < nIters; j++) {
    MADD32(s0, s1)
    MADD32(s2, s3)
    MADD32(s4, s5)
    MADD32(s6, s7)
  }
  data[gid] = (s0 + s1) + (s2 + s3) + (s4 + s5) + (s6 + s7);
}
