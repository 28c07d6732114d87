// A `__spec_` function's write (lift/tests/report_facts.rs): placed at its call, one
// element of the buffer.

void __spec_fill(__local int *p) {
  __writes_to(p);
}

__kernel void k(__local int *A, __global int *out) {
  __spec_fill(A);
  out[get_local_id(0)] = A[get_local_id(0)];
}
