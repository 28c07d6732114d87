//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=2 --boogie-file=${KERNEL_DIR}/slot_in_range.bpl
//scatter_in_range_race_fail\.cl:11:\d+: error: possible write-write race on out\[\d+\]

// The axiom keeps `slot` in range but lets two threads share an element: a race.

DECLARE_UF_UNARY(slot, unsigned, unsigned);

__kernel void k(__global int *out) {
  unsigned t = get_global_id(0);
  out[slot(t)] = t;
}
