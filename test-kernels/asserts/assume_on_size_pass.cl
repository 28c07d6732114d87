//pass
//--local_size=64 --num_groups=1

__kernel void k(uint n) {
  __assume(n == get_local_size(0));
  __assert(get_local_id(0) < n);
}
