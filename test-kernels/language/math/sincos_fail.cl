//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=4
//possible write-write race on c\[0\]

// Every work item writes its cosine to c[0].
__kernel void rotate(__global float *s, __global float *c) {
  size_t i = get_global_id(0);
  s[i] = sincos((float)i, c);
}
