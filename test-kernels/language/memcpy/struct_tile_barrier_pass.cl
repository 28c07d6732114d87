//pass
//--local_size=64 --num_groups=2

typedef struct { float v[4]; } Row;

// Each work item copies one row into local memory (a struct copy: a memcpy of 16
// bytes); after the barrier it reads its neighbour's row.
__kernel void k(__global const Row *in, __global float *out) {
  __local Row tile[64];
  size_t l = get_local_id(0);
  tile[l] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = tile[(l + 1) % 64].v[2];
}
