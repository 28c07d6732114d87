//xfail:NOT_ALL_VERIFIED
//--local_size=32 --num_groups=8
//unwaited_event_fail\.cl:16:\d+: error: possible write-read race on tb\[\d+\]

// Two copies with separate events, but only the first event is waited for: the
// second copy may still be writing `tb` after the barrier.
__kernel void k(__global const float *a, __global const float *b, __global float *out) {
  __local float ta[32];
  __local float tb[32];
  size_t g = get_group_id(0), l = get_local_id(0);
  event_t ev[2];
  ev[0] = async_work_group_copy(ta, a + 32 * g, 32, 0);
  ev[1] = async_work_group_copy(tb, b + 32 * g, 32, 0);
  wait_group_events(1, ev);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[32 * g + l] = ta[l] + tb[l];
}
