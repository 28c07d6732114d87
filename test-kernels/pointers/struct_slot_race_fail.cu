//xfail:NOT_ALL_VERIFIED
//--blockDim=32 --gridDim=2
//struct_slot_race_fail\.cu:15:\d+: error: possible write-write race on A\[\d+\]

// As struct_slot_pass, but the pointer kept in the struct is advanced by half the thread
// id: two threads write each element.
struct holder {
  int *p;
};

__global__ void k(int *A) {
  holder h;
  h.p = A + threadIdx.x / 2;
  int *q = h.p;
  q[0] = threadIdx.x;
}
