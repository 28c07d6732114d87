// A by-value array field indexed by the thread.
typedef struct { int table[4]; } Table;
__kernel void byval_index(__global int *out, Table t) {
  int i = get_local_id(0);
  out[i] = t.table[i % 4];
}
