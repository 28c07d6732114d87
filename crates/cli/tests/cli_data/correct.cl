// Each work item writes its own element, then reads its neighbour's after a barrier.
__kernel void shift(__local int *T, __global int *out) {
  size_t l = get_local_id(0);
  T[l] = (int)l;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = T[(l + 1) % get_local_size(0)];
}
