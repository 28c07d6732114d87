//pass
//--blockDim=64 --gridDim=8

// A pointer field of a by-value struct declared a fresh array: each thread its element.
struct buf {
  int *data;
  int scale;
};

__global__ void k(buf b) {
  __requires_fresh_array(b.data);
  b.data[blockIdx.x * blockDim.x + threadIdx.x] = b.scale;
}
