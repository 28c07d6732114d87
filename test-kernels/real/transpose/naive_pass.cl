//pass
//--local_size=[16,16] --num_groups=[64,64]

// Naive OpenCL transpose, one element per work item, 16x16 work groups over a 1024x1024
// matrix (64x64 groups) as in OpenCL SDK transpose samples. The __requires tie the sizes to
// the launch (otherwise x * height + y may wrap around 2^32 and two writes collide).
__kernel void transpose_naive(__global float *out, __global const float *in,
                              uint width, uint height) {
  __requires(width == get_global_size(0));
  __requires(height == get_global_size(1));
  uint x = get_global_id(0);
  uint y = get_global_id(1);
  if (x < width && y < height)
    out[x * height + y] = in[y * width + x];
}
