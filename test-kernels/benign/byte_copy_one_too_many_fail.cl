//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=4
//possible write-write race on dst

// Each work item copies its own 4 bytes and, by an off-by-one, the first byte of its
// neighbour's element: the neighbour writes the very same byte, copied from the same place.
__kernel void copy_extra(__global uchar *dst, __global const uchar *src) {
  size_t i = get_global_id(0) * 4;
  for (int b = 0; b <= 4; b++)
    dst[i + b] = src[i + b];
}
