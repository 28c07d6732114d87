//xfail:NOT_ALL_VERIFIED
//--local_size=128 --num_groups=4096
//error: possible [a-z-]+ race on data

// As `maxflops_madd_pass.cl`, with the element index built from a hard-coded group size
// of 64 while the launch uses 128 work items per group: work item 64 + t of group g and
// work item t of group g + 1 both load and store data[64 * (g + 1) + t], so one may read
// the element after the other has overwritten it.
#define MADD2(a, b) a = a * b + 0.9899f; b = b * a + 0.9899f;
#define MADD8(a, b) MADD2(a, b) MADD2(a, b) MADD2(a, b) MADD2(a, b)
#define MADD32(a, b) MADD8(a, b) MADD8(a, b) MADD8(a, b) MADD8(a, b)
#define GROUP_SIZE 64

__kernel void madd4(__global float *data, int nIters, float v1, float v2) {
  __requires(nIters >= 0 && nIters <= 1024);
  int gid = get_group_id(0) * GROUP_SIZE + get_local_id(0);
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
