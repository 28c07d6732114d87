//pass
//--blockDim=256 --gridDim=64

// A kernel including a helper_math.h of its own (include/helper_math.h, written in the
// style of the CUDA samples' header): its plain functions and lockstep's templates
// coexist without redefinition errors, and its `cuda_runtime.h` is lockstep's.

#include "include/helper_math.h"

__global__ void normals(const float3 *v, float3 *out) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  float3 n = normalize(v[i] + make_float3(1.0f));
  n += make_float3(clamp(n.x, 0.0f, 1.0f));
  out[i] = n - make_float3(0.5f);
}
