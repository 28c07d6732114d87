//xfail:NOT_ALL_VERIFIED
//--local_size=256 --num_groups=32
//error: barrier may be reached by non-uniform control flow

// OpenCL n-body for a body count that need not be a multiple of the group size, guarded
// with `if (gid < n)` around the whole tile loop: work items past n skip the barriers
// inside it (barrier divergence). 256 work items per group, 32 groups.
#define TILE 256

__kernel void nbody_step(__global const float4 *pos_old, __global float4 *pos_new,
                         __global float4 *vel, __local float4 *tile, int n, float dt,
                         float eps2) {
  __requires(n > 0 && n <= get_global_size(0));
  int gid = get_global_id(0);
  int lid = get_local_id(0);
  if (gid < n) {
    float4 p = pos_old[gid];
    float4 a = (float4)(0.0f);
    for (int base = 0; base < n; base += TILE) {
      tile[lid] = (base + lid < n) ? pos_old[base + lid] : (float4)(0.0f);
      barrier(CLK_LOCAL_MEM_FENCE);
      for (int j = 0; j < TILE; j++) {
        float4 r = tile[j] - p;
        float d2 = r.x * r.x + r.y * r.y + r.z * r.z + eps2;
        a += r * (tile[j].w * rsqrt(d2) / d2);
      }
      barrier(CLK_LOCAL_MEM_FENCE);
    }
    float4 v = vel[gid] + a * dt;
    vel[gid] = v;
    pos_new[gid] = (float4)(p.xyz + v.xyz * dt, p.w);
  }
}
