//pass
//--local_size=16 --num_groups=2 --no-annotations

// --no-annotations: the false assertion and invariant are not checked.
__kernel void k(__global int *A) {
  for (int i = 0; __invariant(i > 100), i < 4; i++) {
    A[get_global_id(0)] = i;
  }
  __assert(false);
}
