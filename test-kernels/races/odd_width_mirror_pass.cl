//pass
//--local_size=[32,32] --num_groups=[32,32]

// A symmetric matrix of width 1000 (no power of two) filled from its upper triangle: the
// item (j1, j2) with j2 >= j1 writes both (j1, j2) and (j2, j1).
#define M 1000
__kernel void mirror(__global float *sym, __global const float *in) {
  int j1 = get_global_id(1), j2 = get_global_id(0);
  if (j2 >= j1 && j2 < M) {
    float v = in[j1 * M + j2];
    sym[j1 * M + j2] = v;
    sym[j2 * M + j1] = v;
  }
}
