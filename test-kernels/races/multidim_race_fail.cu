//xfail:NOT_ALL_VERIFIED
//--blockDim=[8,4] --gridDim=1
//multidim_race_fail\.cu:14:\d+: error: possible read-write race on A\[3\]\[5\]:
//Read by thread \(\d+, \d+, 0\) in group \(0, 0, 0\), multidim_race_fail\.cu:13:\d+

// A race on a two-dimensional shared array (declared through a typedef of its rows) is
// reported as A[3][5], not A[29]. The twin of multidim_pass.cu.

typedef int row[8];

__global__ void k(int *out) {
  __shared__ row A[4];
  out[threadIdx.y * 8 + threadIdx.x] = A[3][5];
  A[threadIdx.y][threadIdx.x] = threadIdx.x;
}
