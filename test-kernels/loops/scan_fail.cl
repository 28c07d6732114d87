//xfail:NOT_ALL_VERIFIED
//--local_size=32 --num_groups=8
//scan_fail\.cl:\d+:\d+: error: possible (read-write|write-read) race on buf\[

__kernel void scan(__global int *data) {
  // The scan without the barrier between a step's reads and its writes: work item t
  // writes buf[t] while work item t + d reads it.
  __local int buf[32];
  unsigned t = get_local_id(0);
  buf[t] = data[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (unsigned d = 1; d < get_local_size(0); d *= 2) {
    if (t >= d)
      buf[t] += buf[t - d];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  data[get_global_id(0)] = buf[t];
}
