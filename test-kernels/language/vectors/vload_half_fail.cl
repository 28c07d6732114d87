//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=16
//vload_half_fail\.cl:\d+:\d+: error: possible (read-write|write-read) race on h4\[\d+\]

// vload_half4 reads elements 4i .. 4i+3 but vstore_half writes element 4i+4, the next
// work item's first.
__kernel void halves(__global half *h4, float k) {
  size_t i = get_global_id(0);
  float4 v = vload_half4(i, h4);
  vstore_half(v.x + k, 4 * i + 4, h4);
}
