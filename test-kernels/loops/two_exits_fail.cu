//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=2
//two_exits_fail\.cu:\d+:\d+: error: possible (read-write|write-read|write-write) race on hits\[

__global__ void search(const int *keys, int *hits, int n, int key) {
  // The two-exit loop strided by the block size while two blocks run: the blocks'
  // threads meet on the same slots, and store different values there (equal values
  // would be a benign race).
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  while (true) {
    if (i >= n)
      break;
    if (keys[i] == key)
      break;
    hits[i] = blockIdx.x;
    i += blockDim.x;
  }
}
