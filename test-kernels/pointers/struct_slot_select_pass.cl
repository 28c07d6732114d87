//pass
//--local_size=64 --num_groups=1

// The struct holds one of two local arrays, chosen per work item; each writes its own
// element of whichever it holds.
struct view {
  __local int *data;
};

__kernel void k(__global int *out, int which) {
  __local int A[64];
  __local int B[64];
  struct view v;
  size_t i = get_local_id(0);
  v.data = (i % 2) ? A : B;
  v.data[i] = (int)i;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[i] = A[i] + B[i];
}
