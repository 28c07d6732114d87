//pass
//--local_size=64 --num_groups=2

// Each work item writes its own float4: the four lanes of element i.
__kernel void k(__global float4 *A, __global const float4 *B) {
  size_t i = get_global_id(0);
  float4 v = B[i];
  A[i] = v.wzyx * 2.0f;
}
