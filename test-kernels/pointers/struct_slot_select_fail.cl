//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1
//struct_slot_select_fail\.cl:17:\d+: error: possible write-write race on [AB]\[0\]

// As struct_slot_select_pass, but every work item writes element 0 of the array its
// struct holds.
struct view {
  __local int *data;
};

__kernel void k(__global int *out, int which) {
  __local int A[64];
  __local int B[64];
  struct view v;
  size_t i = get_local_id(0);
  v.data = (i % 2) ? A : B;
  v.data[0] = (int)i;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[i] = A[i] + B[i];
}
