//pass
//--local_size=64 --num_groups=2

// A postcondition on the returned value, checked at both returns.
//
// At -O1 and above clang removes the function's return value (no caller uses it), and
// lockstep then rejects the `__ensures`/`__return_val` annotation (exit 4: misplaced
// annotation). Decided at -O0, the level its header asks for; a compiler effect on the
// annotation.

int clamp_low(int v) {
  __requires(v > -1000);
  __ensures(__return_val_int() >= 0);
  if (v < 0)
    return 0;
  return v;
}

__kernel void k(__global int *out) {
  int x = clamp_low((int)get_local_id(0) - 32);
  __assert(x >= 0);
  out[get_global_id(0)] = x;
}
