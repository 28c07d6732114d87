//xfail:NOT_ALL_VERIFIED
//--local_size=[16,8] --num_groups=[8,16]
//possible write-write race

// The plane march of plane_march_pass.cl with the plane's size forgotten: plane z of row
// y is row z + y, so the work item of row 1 at plane 0 writes where the work item of
// row 0 writes at plane 1.
__kernel void copy_planes(__global float *out, __global const float *in, int w, int h,
                          int depth) {
  __requires(w == get_global_size(0) && h == get_global_size(1));
  __requires(depth > 0 && depth <= 256);
  int x = get_global_id(0), y = get_global_id(1);
  for (int z = 0; z < depth; z++)
    out[(z + y) * w + x] = in[(z * h + y) * w + x] + 1.0f;
}
