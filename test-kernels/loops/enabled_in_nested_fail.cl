//xfail:NOT_ALL_VERIFIED
//--local_size=32 --num_groups=8
//this assertion might not hold

// As enabled_in_nested_pass without the inner loop's own condition: a work item that has
// left the inner loop meets the rest and is not running the body.
__kernel void where(__global int *a) {
  for (int j = 0; j < get_group_id(0); j++) {
    if (j > get_local_id(0)) {
      for (int i = 0; i < get_group_id(0); i++) {
        __global_assert(__implies((j < get_group_id(0)) & (j > get_local_id(0)), __enabled()));
      }
    }
  }
}
