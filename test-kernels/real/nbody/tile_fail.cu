//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
//error: possible [a-z-]+ race on sh_pos

// BROKEN TWIN: the __syncthreads after the tile's interactions is missing, so the next
// tile's store into sh_pos races with threads still reading the current tile.
// All-pairs n-body acceleration with shared-memory tiles, after the GPU Gems 3 ch. 31
// description: each block loads a tile of 256 bodies (float4: position and mass) into
// shared memory, every thread accumulates the interaction of its body with the whole tile,
// and the block moves to the next tile. 256-thread blocks, 64 blocks (16,384 bodies).
#define TILE 256

__device__ float3 body_body(float4 bi, float4 bj, float3 ai, float eps2) {
  float3 r;
  r.x = bj.x - bi.x;
  r.y = bj.y - bi.y;
  r.z = bj.z - bi.z;
  float dist2 = r.x * r.x + r.y * r.y + r.z * r.z + eps2;
  float inv = rsqrtf(dist2);
  float s = bj.w * inv * inv * inv;
  ai.x += r.x * s;
  ai.y += r.y * s;
  ai.z += r.z * s;
  return ai;
}

__global__ void nbody_accel(const float4 *pos, float4 *accel, int n, float eps2) {
  __requires(n == gridDim.x * TILE);
  __shared__ float4 sh_pos[TILE];
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  float4 my = pos[gid];
  float3 acc = {0.0f, 0.0f, 0.0f};
  for (int tile = 0; tile < n / TILE; tile++) {
    sh_pos[threadIdx.x] = pos[tile * TILE + threadIdx.x];
    __syncthreads();
    for (int j = 0; j < TILE; j++)
      acc = body_body(my, sh_pos[j], acc, eps2);
  }
  float4 a = {acc.x, acc.y, acc.z, 0.0f};
  accel[gid] = a;
}
