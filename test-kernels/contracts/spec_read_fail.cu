//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
//possible read-write race on

// The specification reads anywhere in p; the writes after it race with it.
//
// At -O1 and above clang deletes the call: the specification function's body holds only
// annotations, which clang may treat as having no effect, so the read the specification
// describes is gone and the kernel is verified there. The defect is reported at -O0, the
// level its header asks for (a compiler effect on the annotation).

__device__ void __spec_look(int *p) {
  __reads_from(p);
}

__global__ void k(int *p) {
  __spec_look(p);
  p[threadIdx.x] = 0;
}
