// Global arrays indexed by the global id, a scalar parameter and a float array.
__kernel void global_array(__global int *dst, __global const int *src, __global float *f,
                           int scale) {
  size_t i = get_global_id(0);
  dst[i] = src[i] * scale + (int)get_group_id(1);
  f[i] = f[i] * 0.5f + sqrt(f[i]);
}
