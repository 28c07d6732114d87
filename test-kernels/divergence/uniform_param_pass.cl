//pass
//--local_size=64 --num_groups=2

__kernel void k(int n) {
  if (n > 4)
    barrier(CLK_LOCAL_MEM_FENCE);
}
