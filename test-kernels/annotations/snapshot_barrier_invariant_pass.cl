//pass
//--local_size=64 --num_groups=4

// A snapshot keeps what the tile held before each work item added 5 to its element; the
// barrier invariant relates the tile to the snapshot, and after the barrier a work item
// reads its neighbour's element and the snapshot's: they differ by 5.
__kernel void k(__global int *out) {
  __local int tile[64];
  __local int before[64];
  unsigned l = get_local_id(0);
  tile[l] = (int)get_global_id(0) * 3;
  __array_snapshot(before, tile);
  tile[l] = tile[l] + 5;
  __read_permission(int, before[l]);
  __barrier_invariant_2(tile[get_local_id(0)] == before[get_local_id(0)] + 5,
                        get_local_id(0), (get_local_id(0) + 1) % 64);
  barrier(CLK_LOCAL_MEM_FENCE);
  unsigned n = (l + 1) % 64;
  __assert(tile[n] == before[n] + 5);
  out[get_global_id(0)] = tile[n];
}
