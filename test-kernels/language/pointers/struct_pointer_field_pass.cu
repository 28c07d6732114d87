//pass
//--blockDim=64 --gridDim=4

// A struct passed by value carries the output buffer; each thread writes its own element.
struct job {
  float *out;
  float scale;
};

__global__ void k(job j) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  j.out[i] = j.scale * i;
}
