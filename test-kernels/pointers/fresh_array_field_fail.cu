//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=8
//fresh_array_field_fail\.cu:15:\d+: error: possible write-write race on b\.inner\.data\[0\]

// A pointer field of a nested struct, declared fresh; every thread writes element 0.
struct inner {
  int *data;
};
struct buf {
  inner inner;
};

__global__ void k(buf b) {
  __requires_fresh_array(b.inner.data);
  b.inner.data[0] = threadIdx.x;
}
