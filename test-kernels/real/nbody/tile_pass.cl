//pass
//--local_size=256 --num_groups=32

// OpenCL all-pairs n-body step (acceleration and velocity/position update in one kernel,
// with separate old and new position buffers) using a __local tile of 256 bodies, as the
// OpenCL n-body samples do: 256 work items per group, 32 groups (8,192 bodies).
#define TILE 256

__kernel void nbody_step(__global const float4 *pos_old, __global float4 *pos_new,
                         __global float4 *vel, __local float4 *tile, int n, float dt,
                         float eps2) {
  __requires(n == get_global_size(0));
  int gid = get_global_id(0);
  int lid = get_local_id(0);
  float4 p = pos_old[gid];
  float4 a = (float4)(0.0f);
  for (int base = 0; base < n; base += TILE) {
    tile[lid] = pos_old[base + lid];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int j = 0; j < TILE; j++) {
      float4 r = tile[j] - p;
      float d2 = r.x * r.x + r.y * r.y + r.z * r.z + eps2;
      float inv = rsqrt(d2);
      a += r * (tile[j].w * inv * inv * inv);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  float4 v = vel[gid] + a * dt;
  vel[gid] = v;
  pos_new[gid] = (float4)(p.xyz + v.xyz * dt, p.w);
}
