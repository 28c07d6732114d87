//pass
//--local_size=[16,8] --num_groups=[8,16]

// Each work item marches through the planes of a 3-D volume for its (x, y) column. The
// plane's size is a product of parameters (`w * h`), so the write's offset steps by a
// coefficient that is not a constant: lockstep's race logs record the plane index at
// which they logged a write, and the logged offset is the write's offset at that index.
__kernel void copy_planes(__global float *out, __global const float *in, int w, int h,
                          int depth) {
  __requires(w == get_global_size(0) && h == get_global_size(1));
  __requires(depth > 0 && depth <= 256);
  int x = get_global_id(0), y = get_global_id(1);
  for (int z = 0; z < depth; z++)
    out[(z * h + y) * w + x] = in[(z * h + y) * w + x] + 1.0f;
}
