//pass
//--blockDim=64 --gridDim=2

__global__ void search(const int *keys, int *hits, int n, int key) {
  // A loop with two exits (bound reached, key found): each thread only writes its own
  // slots, strided by the grid size.
  int stride = blockDim.x * gridDim.x;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  while (true) {
    if (i >= n)
      break;
    if (keys[i] == key)
      break;
    hits[i] = 0;
    i += stride;
  }
}
