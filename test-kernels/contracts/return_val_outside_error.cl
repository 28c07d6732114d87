//xfail:UNSUPPORTED
//--local_size=64 --num_groups=1
//return_val_outside_error\.cl:8:\d+: error: unsupported: misplaced annotation: `__return_val_int\(\)` outside

// __return_val_int outside a postcondition.

__kernel void k(__global int *p) {
  __assert(__return_val_int() == 0);
  p[get_global_id(0)] = 0;
}
