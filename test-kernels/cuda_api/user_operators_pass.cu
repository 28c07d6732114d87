//pass
//--blockDim=256 --gridDim=64

// A kernel that defines its own float3 operator+, dot and lerp: they coexist with
// lockstep's (which are templates) and are the ones called; lockstep's fill in the rest
// (operator*, length).

inline __host__ __device__ float3 operator+(float3 a, float3 b) {
  return make_float3(a.x + b.x, a.y + b.y, a.z + b.z);
}
inline __host__ __device__ float dot(float3 a, float3 b) {
  return a.x * b.x + a.y * b.y + a.z * b.z;
}
inline __device__ float lerp(float a, float b, float t) { return a + t * (b - a); }

__global__ void blend(const float3 *a, const float3 *b, float *out) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  float3 s = a[i] + b[i] * 0.5f;
  out[i] = lerp(dot(s, s), length(s), 0.25f);
}
