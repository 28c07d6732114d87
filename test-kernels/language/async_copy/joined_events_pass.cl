//pass
//--local_size=32 --num_groups=8

// Two copies share one event (the second joins the first's); one wait finishes both.
// Meanwhile the work items fill the upper half of each tile, which no copy touches.
__kernel void k(__global const float *a, __global const float *b, __global float *out) {
  __local float ta[64];
  __local float tb[64];
  size_t g = get_group_id(0), l = get_local_id(0);
  event_t e = async_work_group_copy(ta, a + 32 * g, 32, 0);
  async_work_group_copy(tb, b + 32 * g, 32, e);
  ta[32 + l] = 1.0f;
  tb[32 + l] = 2.0f;
  wait_group_events(1, &e);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[32 * g + l] = ta[63 - l] + tb[l];
}
