//pass
//--local_size=64 --num_groups=4

__kernel void k(void) {
  __assert(get_local_id(0) < 64);
  __assert(get_group_id(0) < 4);
  __assert(get_global_id(0) < 256);
}
