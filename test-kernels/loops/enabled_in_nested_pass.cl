//pass
//--local_size=32 --num_groups=8

// A property of every work item, also those not executing the assertion: whoever meets
// the inner loop's conditions is the one running its body. Work items that skipped the
// inner loop, or left it, must be known to keep values that falsify the conditions.
//
// Verified at -O0 to -O3. At -O1 to -O3 the cut loops' inferred invariants are too weak
// for the assertion, and whether unrolling covers every iteration takes more effort than
// step 1 of the strategy gives it within 30 s: the rest of the budget decides it (issue
// 17; before, the cut program's possibly spurious report came out, and the verdict
// depended on --timeout).
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
