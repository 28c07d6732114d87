//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1
//ensures_modular_fail\.cl:10:\d+: error: postcondition might not hold on all return paths

// The kernel's own calls satisfy the postcondition, but an input the precondition
// allows (n == 1) does not: contracts are checked for every such input.

int halve(int n) {
  __requires(n > 0);
  __ensures(__return_val_int() > 0);
  return n / 2;
}

__kernel void k(__global int *out) {
  out[get_global_id(0)] = halve(8);
}
