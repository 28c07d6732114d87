//pass
//--blockDim=256 --gridDim=64 --cuda-path=${KERNEL_DIR}/../../target/cuda-11.8

// The toolkit's own headers (scripts/setup --cuda-toolkit): fast-math intrinsics and math
// functions are libdevice calls (__nv_fast_expf, __nv_saturatef, ...), pure functions of
// their arguments; the integer min, max and abs are libdevice's __nv_min etc., exact, so
// min(i, 1 << 20) is i for these 16384 threads and each writes its own element. __ldg is
// llvm.nvvm.ldg.global.f: a load.

__global__ void shade(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float x = __ldg(&in[i]);
  float y = __saturatef(x) + __expf(x) + __logf(x) + __powf(x, 2.0f) +
            __fdividef(x, 3.0f) + rsqrtf(x) + sqrtf(x) + fminf(x, 1.0f) + expf(x);
  out[min(i, 1 << 20)] = y;
  __assert(max(3, i) >= 3);
  __assert(abs(-i) == i);
}
