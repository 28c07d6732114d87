//pass
//--local_size=32 --num_groups=2 --only-log

// --only-log keeps the logs but checks no race: the race on A is not reported, and the
// verdict says races were not checked.
__kernel void only_log_race(__global int *A) {
  A[0] = (int)get_global_id(0);
}
