//xfail:UNSUPPORTED
//--blockDim=64 --gridDim=2 --predication=structured
//break_rejected\.cu:3:\d+: error: unstructured control flow at break_rejected\.cu:3 \(break\)

__global__ void k(int *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int j = 0;
  for (j = 0; j < n; j++) {
    if (a[i] == j)
      break;
    a[i] = a[i] - 1;
  }
  a[i] = j;
}
