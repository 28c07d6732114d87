//pass
//--local_size=2 --num_groups=2

// Found by the differential fuzzer (kernelgen seed 211343, minimised): only work item 0
// reads L[0], and every work item then writes its own element, so there is no race.
// oclgrind, running clang's optimised code, reported a read-write race on L[0]: the
// optimiser makes the guarded load unconditional. The fuzzer now runs oclgrind with
// `-cl-opt-disable`, so its oracle executes the source's accesses.
//
// At -O2 clang itself makes the guarded load unconditional, so in the code it produces
// every work item reads L[0] while work item 0 writes it: lockstep, which verifies what
// clang produced, reports that race at -O2 (a defect the optimiser introduced; verified at
// -O0, the level its header asks for).
__kernel void own(__global uint *out) {
  __local uint L[16];
  uint tid = (uint)get_local_id(0);
  uint v = 0u;
  if (tid == 0u) {
    v = L[tid % 16u];
  }
  L[tid % 16u] = v ^ 1u;
  out[get_global_id(0)] = v;
}
