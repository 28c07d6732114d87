// OpenCL through the driver: work-item functions with a non-constant dimension, and
// dimensions past 2.
__kernel void dims(__global ulong *A, uint d) {
  A[get_global_id(0)] = get_local_id(d) + get_global_size(1) + get_global_offset(0) +
                        get_num_groups(5) + get_local_size(7);
}
