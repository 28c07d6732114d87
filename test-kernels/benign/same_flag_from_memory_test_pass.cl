//pass
//--local_size=64 --num_groups=4
//note: 1 benign conflict was tolerated .*: write-write on found at same_flag_from_memory_test_pass\.cl:8:\d+; --benign=none reports it

// Every work item that finds a negative element raises the same flag with the same value.
__kernel void flag(__global int *found, __global const int *A) {
  if (A[get_global_id(0)] < 0)
    *found = 1;
}
