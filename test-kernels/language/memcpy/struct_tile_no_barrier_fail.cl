//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=2
//struct_tile_no_barrier_fail\.cl:13:\d+: error: possible (write-read|read-write) race on tile\[\d+\]

typedef struct { float v[4]; } Row;

// The same row copies, without the barrier: a neighbour may still be copying the
// row that is read.
__kernel void k(__global const Row *in, __global float *out) {
  __local Row tile[64];
  size_t l = get_local_id(0);
  tile[l] = in[get_global_id(0)];
  out[get_global_id(0)] = tile[(l + 1) % 64].v[2];
}
