//pass
//--blockDim=32 --gridDim=4
//note: 1 benign conflict was tolerated .*: write-write on flag at same_constant_global_blocks_pass\.cu:7:\d+; --benign=none reports it

__global__ void k(int *flag) {
  // Every thread of every block writes the same value.
  flag[0] = 1;
}
