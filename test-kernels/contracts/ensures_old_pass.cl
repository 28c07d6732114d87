//pass
//--local_size=64 --num_groups=1

// __old_int: the value a parameter had on entry, although the body changes it.

int bump(int x) {
  __ensures(__return_val_int() == __old_int(x) + 2);
  x = x + 1;
  x = x + 1;
  return x;
}

__kernel void k(__global int *out) {
  int i = get_local_id(0);
  out[get_global_id(0)] = bump(i);
}
