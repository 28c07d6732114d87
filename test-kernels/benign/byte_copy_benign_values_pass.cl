//pass
//--local_size=64 --num_groups=4 --benign=values

// Under --benign=values (equal values tolerated even when read from memory) this
// off-by-one copy is benign: each work item copies its own 4 bytes and the first byte of
// its neighbour's element, which the neighbour writes too, copied from the same place.
__kernel void copy_extra(__global uchar *dst, __global const uchar *src) {
  size_t i = get_global_id(0) * 4;
  for (int b = 0; b <= 4; b++)
    dst[i + b] = src[i + b];
}
