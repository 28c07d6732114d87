//pass
//--local_size=64 --num_groups=1

__kernel void k(int x) {
  __assume(x > 10);
  __assert(x > 5);
}
