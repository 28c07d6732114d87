// A store into the kernel's copy of a by-value struct.
typedef struct { int a; int b; } Pair;
__kernel void byval_store(__global int *out, Pair p) {
  p.a = get_local_id(0);
  out[p.a] = p.b;
}
