//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1
//and_short_circuit_fail\.cl:7:\d+: error: barrier may be reached by non-uniform control flow

__kernel void k(int n) {
  if (n > 0 && get_local_id(0) < 5)
    barrier(CLK_LOCAL_MEM_FENCE);
}
