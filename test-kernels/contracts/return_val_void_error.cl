//xfail:UNSUPPORTED
//--local_size=64 --num_groups=1
//return_val_void_error\.cl:8:\d+: error: unsupported: misplaced annotation: `__return_val_int\(\)` in a function that returns nothing

// __return_val_int in a function without a result.

void f(__global int *p) {
  __ensures(__return_val_int() == 0);
  p[get_global_id(0)] = 0;
}

__kernel void k(__global int *p) { f(p); }
