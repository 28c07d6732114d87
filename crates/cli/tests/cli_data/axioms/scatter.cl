// Race-free only if `slot` never sends two threads to one element.
DECLARE_UF_UNARY(slot, unsigned, unsigned);

__kernel void k(__global int *out) {
  unsigned t = get_global_id(0);
  out[slot(t)] = t;
}
