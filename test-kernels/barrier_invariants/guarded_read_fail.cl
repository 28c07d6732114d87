//xfail:NOT_ALL_VERIFIED
//--local_size=32 --num_groups=1
//guarded_read_fail\.cl:10:3: error: insufficient permission: this barrier invariant reads flag

// As guarded_read_pass.cl but the read is not guarded (`|` evaluates both sides): odd
// work items read a slot they never accessed.
__kernel void evens(__global int *out) {
  __local int flag[32];
  if (get_local_id(0) % 2 == 0) flag[get_local_id(0)] = 1;
  __barrier_invariant_1((flag[get_local_id(0)] == 1) | (get_local_id(0) % 2 == 1), get_local_id(0));
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_local_id(0)] = flag[get_local_id(0) & ~1u];
}
