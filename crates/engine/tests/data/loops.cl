// Kernels for the strategy's tests: each exercises one step.

// A loop with a constant trip count: unrolling covers it.
__kernel void fixed_trip(__global int *A) {
  for (int i = 0; i < 4; i++) {
    A[get_global_id(0) * 4 + i] = i;
  }
}

// A loop bounded by a parameter: only a cut with invariants proves it.
__kernel void open_trip(__global int *A, int n) {
  for (int i = get_global_id(0); i < n; i += get_global_size(0)) {
    A[i] = i;
  }
}

// The same loop with a stride of the group size only: groups overlap and write different
// values, a real race the unrolled program shows.
__kernel void open_trip_race(__global int *A, int n) {
  for (int i = get_global_id(0); i < n; i += get_local_size(0)) {
    A[i] = get_group_id(0);
  }
}

// No loop: one solve decides.
__kernel void straight(__global int *A) {
  A[get_global_id(0)] = 1;
}

// A clearing loop of exactly 8 iterations (512 / 64), then atomic increments with no barrier
// in between: a race only a search past the clearing loop shows concretely.
__kernel void clear_then_count(__global const uint *data, uint n) {
  __local uint bins[512];
  for (uint i = get_local_id(0); i < 512; i += get_local_size(0)) {
    bins[i] = 0;
  }
  for (uint p = get_global_id(0); p < n; p += get_global_size(0)) {
    atomic_inc(&bins[data[p] & 0xFF]);
  }
}

// Every thread whose grid-stride loop found an odd value increments one local counter
// without an atomic: two such threads race on it.
__kernel void count_plainly(__global const uint *data, __global uint *out, uint n) {
  __local uint found;
  if (get_local_id(0) == 0)
    found = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  uint hits = 0;
  for (uint p = get_global_id(0); p < n; p += get_global_size(0))
    hits += data[p] & 1;
  if (hits > 0)
    found++;
  barrier(CLK_LOCAL_MEM_FENCE);
  if (get_local_id(0) == 0)
    out[get_group_id(0)] = found;
}

// A race only after a loop longer than any unrolling bound: the first iterations show
// nothing (step 1b), the cut program shows it (and an execution confirms it).
__kernel void publish_after_long_count(__global const uint *data, __global uint *out, uint n) {
  __requires(n >= 64 && n <= 128);
  uint hits = 0;
  for (uint p = 0; p < n; p++)
    hits += data[p] & 1;
  out[0] = hits + get_local_id(0);
}
