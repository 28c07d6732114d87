//xfail:NOT_ALL_VERIFIED
//--local_size=4 --num_groups=1 --kernel-args=k,0x0000000900000002,5
//kernel_args_struct_fail\.cl:12:\d+: error: this assertion might not hold
//note: with parameter values .*s\.step = 9

struct span {
  int start;
  int step;
};

kernel void k(struct span s, int n, global int *out) {
  __assert(s.step == 2);
  out[get_local_id(0)] = s.start + n;
}
