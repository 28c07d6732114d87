//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=2
//insufficient permission: this barrier invariant reads A

// As no_access_checks_option_pass.cl without --no-barrier-access-checks: the second
// invariant reads A[0], which work items other than 0 have not accessed since the last
// barrier.
__kernel void k(__global int *out) {
  __local int A[64];
  A[get_local_id(0)] = 0;
  __barrier_invariant_2(A[get_local_id(0)] == 0, 0, get_local_id(0));
  barrier(CLK_LOCAL_MEM_FENCE);
  __barrier_invariant_1(A[0] == 0, get_local_id(0));
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = get_local_id(0);
}
