//pass
//--local_size=[8,4] --num_groups=[2,2] --warp-sync=32

// A 2-D group of 32 work items is one warp: a transpose through local memory needs no
// barrier between the read and the write.

__kernel void shuffle_2d(__local float *T, __global float *out) {
  size_t x = get_local_id(0), y = get_local_id(1);
  T[y * 8 + x] = T[x * 4 + (y % 4)] + 1.0f;
  out[(get_group_id(1) * 2 + get_group_id(0)) * 32 + y * 8 + x] = 0.0f;
}
