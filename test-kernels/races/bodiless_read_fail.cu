//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
//bodiless_read_fail\.cu:20:\d+: error: possible read-write race on p\[\d+\]:
//Read by thread \(\d+, 0, 0\) in group \(0, 0, 0\), inside __spec_look \(a function without a body\) called at bodiless_read_fail\.cu:19:\d+:

// `__spec_look` has no body: its specification reads somewhere in `p`. The read is
// reported at the call, inside `__spec_look`; the write after it races with it.
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
