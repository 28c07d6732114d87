//pass
//--local_size=64 --num_groups=2 --boogie-file=${KERNEL_DIR}/injective.bpl

// Each thread writes the element `slot` gives it: no two threads share one, so no race.

DECLARE_UF_UNARY(slot, unsigned, unsigned);

__kernel void k(__global int *out) {
  unsigned t = get_global_id(0);
  out[slot(t)] = t;
}
