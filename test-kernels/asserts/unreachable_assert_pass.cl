//pass
//--local_size=64 --num_groups=2

__kernel void k(void) {
  if (get_local_id(0) >= get_local_size(0))
    __assert(0);
}
