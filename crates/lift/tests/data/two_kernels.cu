// CUDA: two kernels, one marked only through nvvm.annotations, and 2-D/3-D builtins.
#define __global__ __attribute__((global))
__global__ void first(int *A) {
  A[__nvvm_read_ptx_sreg_tid_y()] = __nvvm_read_ptx_sreg_ntid_z() + __nvvm_read_ptx_sreg_nctaid_y();
}
__global__ void second(int *A) {
  A[0] = 1;
}
