//pass
//--local_size=4 --num_groups=1 --kernel-args=k,0x0004000300020001

// A vector's lanes take the value's bytes in order: 1, 2, 3, 4.
kernel void k(short4 v, global int *out) {
  __assert(v.x == 1 && v.y == 2);
  __assert(v.z == 3 && v.w == 4);
  out[get_local_id(0)] = v.x;
}
