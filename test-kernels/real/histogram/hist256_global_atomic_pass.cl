//pass
//--local_size=256 --num_groups=128

// 256-bin histogram counted straight into global memory with global atomics (the simple
// baseline of the histogram samples). 256 work items per group, 128 groups.
__kernel void histogram256_global(__global const uchar *data, __global uint *hist,
                                  uint n) {
  for (uint i = get_global_id(0); i < n; i += get_global_size(0))
    atomic_inc(&hist[data[i]]);
}
