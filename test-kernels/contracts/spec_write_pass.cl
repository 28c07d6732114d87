//pass
//--local_size=64 --num_groups=4

// A specification without a body: it writes only its own element, so the write after it
// does not race.

void __spec_fill(__global int *p) {
  __requires(__no_read(p));
  __requires(__no_write(p));
  __writes_to(p);
  __ensures(__write_implies(p, __write_offset_bytes(p) / sizeof(int) == get_global_id(0)));
}

__kernel void k(__global int *A) {
  __spec_fill(A);
  A[get_global_id(0)] = 1;
}
