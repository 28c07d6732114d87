// A small OpenCL kernel with a helper function, scalar locals and a barrier.
int twice(int v) {
  int r = v + v;
  return r;
}

__kernel void scale(__global int *out, __local int *tmp, int n) {
  int lid = get_local_id(0);
  int gid = get_global_id(0);
  tmp[lid] = twice(out[gid]);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (lid + 1 < n) {
    out[gid] = tmp[lid + 1];
  }
}
