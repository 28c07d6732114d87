//pass
//--local_size=64 --num_groups=16

// Half-precision storage: each work item converts its own 2-byte element (vload_half,
// vstore_half_rte) and its own four (vload_half4, vstore_half4).
__kernel void halves(__global half *h, __global half *h4, float k) {
  size_t i = get_global_id(0);
  float x = vload_half(i, h);
  vstore_half_rte(x * k, i, h);
  float4 v = vload_half4(i, h4);
  vstore_half4(v + k, i, h4);
}
