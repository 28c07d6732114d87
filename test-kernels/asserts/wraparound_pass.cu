//pass
//--blockDim=32 --gridDim=1

__global__ void k(unsigned x) {
  __assume(x == 0xFFFFFFFFu);
  __assert(x + 1u == 0u);
  unsigned char c = (unsigned char)x;
  c = c + 1;
  __assert(c == 0);
}
