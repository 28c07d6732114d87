//pass
//--local_size=64 --num_groups=1

// `__mod_pow2(x, y)` is `x & (y - 1)`; `__add_noovfl_*` assume the sum does not overflow.
__kernel void k(__global int *A, unsigned x, unsigned y, int a, int b) {
  __assert(__mod_pow2(get_local_id(0), 64) == get_local_id(0));
  __assert(__mod_pow2(x, 8) < 8);
  unsigned s = __add_noovfl_unsigned_int(x, y);
  __assert(s >= x && s >= y);
  int t = __add_noovfl_int(a, b);
  __assert(a > 0 ? t > b : 1);
}
