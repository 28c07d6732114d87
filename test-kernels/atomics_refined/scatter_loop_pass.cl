//pass
//--local_size=64 --num_groups=8
//assuming the atomic counter next is incremented fewer than 2\^32 times between two barriers

// Work items claim slots with atomic_inc in a loop and fill the slot they claimed. The loop
// invariant says the slot a work item last wrote is a value its own atomic_inc returned;
// two work items never get one value from the counter (it only moves by increments, and
// is assumed not to wrap around: in a loop lockstep cannot bound the increments, so it
// lists this among the assumptions of the result), so the writes do not race.
//
// At -O2 and above the verdict is the same (verified), but the loops clang produces take
// about 40 s of CPU (under 2 s at -O0), so `lockstep compare --timeout=60` on a loaded
// machine found it inconclusive there once.
__kernel void k(__global unsigned *next, __global char *slots, int n) {
  for (int i = 0;
       __global_invariant(__write_implies(
           slots, __atomic_has_taken_value(next, 0, __write_offset_bytes(slots)))),
       i < n;
       i++) {
    unsigned s = atomic_inc(next);
    slots[s] = (char)i;
  }
}
