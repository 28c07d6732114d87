//pass
//--blockDim=32 --gridDim=4

// Open bug (issue 17): at -O2 the structured predication modes (--predication=structured,
// with or without --structurize) report a possibly spurious defect here, where the
// unstructured predicator verifies the kernel; their loop invariants are weaker on the
// loop clang produces. Not a compiler effect.

__global__ void skip_thirds(int *a, int n) {
  // A grid-stride loop with continue: skipped elements are simply not written.
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    if (i % 3 == 0)
      continue;
    a[i] = i;
  }
}
