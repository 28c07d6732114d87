//pass
//--local_size=64 --num_groups=*

// Every work item writes its own element, whatever the number of groups.
__kernel void any_groups_pass(__global int *A) {
  A[get_global_id(0)] = (int)get_num_groups(0);
}
