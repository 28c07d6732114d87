// Warp-synchronous kernels for `--warp-sync=32` (a 32-item group is one warp).

// Every read is of data no statement writes in between: the coarse model proves it.
__kernel void neighbour(__global int *out, __local int *tile) {
  size_t l = get_local_id(0);
  tile[l] = (int)l;
  out[get_global_id(0)] = tile[(l + 1) % 32];
}

// Two reads of one location must agree for the assertion: only the precise model
// (reads agree when no write statement is between them) proves it.
__kernel void reads_agree(__global int *in, __global int *out) {
  size_t g = get_global_id(0);
  int a = in[g];
  int b = in[g];
  __assert(a == b);
  out[g] = a;
}
