//pass
//--local_size=16 --num_groups=1

__kernel void k(uint x) {
  __assume(x < 1000u);
  __assert(x * 4u < 4000u);
}
