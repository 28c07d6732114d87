//xfail:NOT_ALL_VERIFIED
//--blockDim=32 --gridDim=4
//different_value_blocks_fail\.cu:7:\d+: error: possible write-write race on flag\[0\]
//Write by thread \(\d+, 0, 0\) in group \(\d+, 0, 0\), different_value_blocks_fail\.cu:7:\d+

__global__ void k(int *flag) {
  flag[0] = blockIdx.x;
}
