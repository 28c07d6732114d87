//pass
//--local_size=32 --num_groups=8

// A property of every work item, also those not executing the assertion: whoever meets
// the inner loop's conditions is the one running its body. Work items that skipped the
// inner loop, or left it, must be known to keep values that falsify the conditions.
//
// At -O1 clang's loop shapes leave lockstep's inferred invariants too weak for the
// assertion: reported there, possibly spurious (the cut loops' note says so). A lockstep
// precision limit, not a defect of the kernel; verified at -O0, -O2 and -O3, at -O2 only
// with --timeout 60 or more (with 30 s the deeper search is not tried, and the same
// possibly spurious report comes out; lockstep compare at --timeout 30 lists it).
__kernel void where(__global int *a) {
  for (int j = 0; j < get_group_id(0); j++) {
    if (j > get_local_id(0)) {
      for (int i = 0; i < get_group_id(0); i++) {
        __global_assert(__implies((j < get_group_id(0)) & (j > get_local_id(0)) &
                                      (i < get_group_id(0)),
                                  __enabled()));
      }
    }
  }
}
