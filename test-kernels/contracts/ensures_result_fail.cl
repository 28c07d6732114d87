//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=2
//ensures_result_fail\.cl:9:\d+: error: postcondition might not hold on all return paths

// One return path breaks the postcondition.

int clamp_low(int v) {
  __requires(v > -1000);
  __ensures(__return_val_int() >= 0);
  if (v < -10)
    return 0;
  return v;
}

__kernel void k(__global int *out) {
  out[get_global_id(0)] = clamp_low((int)get_local_id(0) - 32);
}
