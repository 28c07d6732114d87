//pass
//--local_size=64 --num_groups=4

// A function declared without a body returns an arbitrary value and touches no
// memory: guarding each work item's own store with it cannot make a race.
int choose(int seed);

__kernel void k(__global int *A) {
  size_t i = get_global_id(0);
  if (choose((int)i) > 3)
    A[i] = choose(0);
}
