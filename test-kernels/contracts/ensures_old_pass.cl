//pass
//--local_size=64 --num_groups=1

// __old_int: the value a parameter had on entry, although the body changes it.
//
// At -O1 and above clang removes the function's return value (no caller uses it), and
// lockstep then rejects the `__ensures`/`__return_val` annotation (exit 4: misplaced
// annotation). Decided at -O0, the level its header asks for; a compiler effect on the
// annotation.

int bump(int x) {
  __ensures(__return_val_int() == __old_int(x) + 2);
  x = x + 1;
  x = x + 1;
  return x;
}

__kernel void k(__global int *out) {
  int i = get_local_id(0);
  out[get_global_id(0)] = bump(i);
}
