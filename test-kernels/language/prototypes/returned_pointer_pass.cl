//pass
//--local_size=32 --num_groups=2

// The returned pointer is only compared with null, never used to access memory: the
// comparison may go either way, and both ways are race-free.
__global int *lookup(int key);

__kernel void returned_pointer_pass(__global int *A) {
  __global int *p = lookup(get_global_id(0));
  A[get_global_id(0)] = (p == 0) ? 1 : 2;
}
