// Constants with known values: a private array initialized from a constant (a memcpy
// from a hidden global), and a constant table read at a fixed index (its value) and
// at a varying one (a read).
__constant short table[4] = {10, -20, 30, 40};

__kernel void constants(__global int *out) {
  int t = get_local_id(0);
  int steps[3] = {1, 2, 3};
  out[t] = steps[t % 3] + table[1] + table[t % 4];
}
