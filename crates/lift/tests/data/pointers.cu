// CUDA: pointer arithmetic, a pointer phi, a select between two pointers into one
// array, and a struct field access.
#define __global__ __attribute__((global))
struct item { int key; short tag; int value; };
__global__ void pointers(int *A, struct item *items, int n, bool flip) {
  int t = __nvvm_read_ptx_sreg_tid_x();
  int *p = A + t;
  for (int i = 0; i < n; i++)
    p += 2;
  int *q = flip ? A + 1 : A + 2;
  *p = *q + items[t].value;
  items[t].tag = (short)t;
}
