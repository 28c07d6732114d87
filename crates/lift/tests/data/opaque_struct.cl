// A struct passed by value and read: the field becomes a uniform parameter.
typedef struct { int lo; int hi; } range;
__kernel void opaque_struct(__global int *A, range r) {
  int i = get_global_id(0);
  if (i < r.hi)
    A[i] = 0;
}
