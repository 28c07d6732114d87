//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=4
//snapshot_wrong_array_fail\.cl:17:\d+: error: this barrier invariant might not hold

// The snapshot is taken of the wrong array (`other`, not `tile`): the barrier invariant
// that relates the tile to the snapshot does not hold.
__kernel void k(__global int *out) {
  __local int tile[64];
  __local int other[64];
  __local int before[64];
  unsigned l = get_local_id(0);
  tile[l] = (int)get_global_id(0) * 3;
  other[l] = 0;
  __array_snapshot(before, other);
  tile[l] = tile[l] + 5;
  __read_permission(int, before[l]);
  __barrier_invariant_2(tile[get_local_id(0)] == before[get_local_id(0)] + 5,
                        get_local_id(0), (get_local_id(0) + 1) % 64);
  barrier(CLK_LOCAL_MEM_FENCE);
  unsigned n = (l + 1) % 64;
  __assert(tile[n] == before[n] + 5);
  out[get_global_id(0)] = tile[n];
}
