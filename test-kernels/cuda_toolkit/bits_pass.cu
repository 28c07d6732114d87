//pass
//--blockDim=256 --gridDim=64 --cuda-path=${KERNEL_DIR}/../../target/cuda-11.8

// The toolkit's __brev, __popc, __clz, __ffs (and ll forms) are libdevice calls, which the
// lifter gives their exact bit arithmetic (as lockstep's cuda.h does): the 14-bit
// bit-reversal permutation writes distinct elements and the assertions hold.

__global__ void bits(int *out) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned j = __brev(i) >> (32 - 14);
  unsigned k = i % 32;
  __assert(__popc(i) == __popc(j));
  __assert(__ffs(1 << k) == (int)k + 1);
  __assert(__clz(1u << k) == 31 - (int)k);
  __assert(__popcll(0xffffffffffffffffull) == 64);
  __assert(__brevll(1ull) == 1ull << 63);
  out[j] = __clzll((long long)i) + __ffsll((long long)i);
}
