//pass
//--local_size=64 --num_groups=1

// The bits of a null pointer are 0.
__kernel void k(__global int *A) {
  __global int *p = 0;
  size_t bits = (size_t)p;
  __assert(bits == 0);
  A[get_local_id(0)] = (int)bits;
}
