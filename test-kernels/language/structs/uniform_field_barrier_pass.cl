//pass
//--local_size=64 --num_groups=2

typedef struct {
  int use_local;
  int shift;
} Config;

// A field of a by-value struct is the same in every work item, so a barrier under a
// condition on it is reached by all or by none.
__kernel void k(__global int *out, Config c) {
  __local int tmp[64];
  size_t l = get_local_id(0);
  tmp[l] = (int)l << c.shift;
  if (c.use_local)
    barrier(CLK_LOCAL_MEM_FENCE);
  if (c.use_local)
    out[get_global_id(0)] = tmp[63 - l];
}
