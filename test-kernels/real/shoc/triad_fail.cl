//xfail:NOT_ALL_VERIFIED
//--local_size=128 --num_groups=256
//error: possible [a-z-]+ race on C

// As `triad_pass.cl`, written in place (A = A + s * B, the form that saves a buffer) and
// with the loop stepping by the group size instead of the global size: work item t of
// group g visits 128 * (g + k) + t, so groups g and g + 1 both update the same float4 and
// one may read A[i] after the other has already added s * B[i] to it.
__kernel void triad(__global float4 *C, __global const float4 *B, float s, int n) {
  __requires(n >= 0 && n <= 4194304);
  int stride = get_local_size(0);
  for (int i = get_global_id(0); i < n; i += stride)
    C[i] = C[i] + s * B[i];
}
