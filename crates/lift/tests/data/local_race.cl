// A __local array written by each work-item and read by its neighbour, with no
// barrier in between.
__kernel void local_race(__global int *out) {
  __local int tile[64];
  size_t lid = get_local_id(0);
  tile[lid] = (int)lid;
  out[get_global_id(0)] = tile[(lid + 1) % 64];
}
