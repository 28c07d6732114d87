// Memory intrinsics through the driver: a memcpy into shared memory (4-byte chunks:
// the alignment), a struct copy (a memcpy clang makes), a memset of a variable byte
// (1-byte chunks: the length), a memset of 16 aligned bytes (8-byte chunks) and an
// overlapping memmove (every read before any write).
struct P { float x, y, z; };
__global__ void memops(int *A, P *ps, char *c, unsigned long long *w) {
  __shared__ int sh[8];
  memcpy(sh, A, 8 * sizeof(int));
  P p = ps[threadIdx.x];
  ps[threadIdx.x + 1] = p;
  memset(c, threadIdx.x, 3);
  memset(w, 0xab, 16);
  __builtin_memmove(c, c + 1, 2);
}
