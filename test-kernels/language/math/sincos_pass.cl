//pass
//--local_size=64 --num_groups=4

// sincos returns the sine and writes the cosine through its pointer: here each work item
// writes its own element.
__kernel void rotate(__global float *s, __global float *c) {
  size_t i = get_global_id(0);
  s[i] = sincos((float)i, &c[i]);
}
