//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
//field_offset_race_fail\.cu:13:\d+: error: possible (read-write|write-read) race on data\[\d+\]

struct Shift {
  int by;
};

// Each thread reads the element `s.by` places away from the one it writes: a race
// unless the shift is 0.
__global__ void k(int *data, Shift s) {
  unsigned t = threadIdx.x;
  data[t] = data[(t + s.by) % 64] + 1;
}
