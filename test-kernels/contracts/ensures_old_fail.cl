//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1
//ensures_old_fail\.cl:8:\d+: error: postcondition might not hold

// Off by one against the entry value.

int bump(int x) {
  __ensures(__return_val_int() == __old_int(x) + 3);
  x = x + 1;
  x = x + 1;
  return x;
}

__kernel void k(__global int *out) {
  out[get_global_id(0)] = bump(get_local_id(0));
}
