//xfail:NOT_ALL_VERIFIED
//--local_size=[32,32] --num_groups=[32,32]
//error: possible write-write race on sym

// As odd_width_mirror_pass.cl without the triangle guard: items (j1, j2) and (j2, j1)
// both write the two cells, with values read from different cells.
#define M 1000
__kernel void mirror(__global float *sym, __global const float *in) {
  int j1 = get_global_id(1), j2 = get_global_id(0);
  if (j2 < M && j1 < M) {
    float v = in[j1 * M + j2];
    sym[j1 * M + j2] = v;
    sym[j2 * M + j1] = v;
  }
}
