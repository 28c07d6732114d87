// Sub-group functions are not modelled: the call is named at its position.
__kernel void subgroup(__global uint *A) {
  A[get_global_id(0)] = get_sub_group_id();
}
