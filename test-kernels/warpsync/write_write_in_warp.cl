//xfail:NOT_ALL_VERIFIED
//--local_size=32 --num_groups=1 --warp-sync=32
//error: possible write-write race on L\[

// Two lanes of one warp write the same element with different values at different
// statements: lock-step execution orders them, but the final value depends on which
// statement comes last, so lockstep still reports it.

__kernel void write_write_in_warp(__local int *L, __global int *out) {
  size_t l = get_local_id(0);
  L[l] = 1;
  L[(l + 1) % 32] = 2;
  out[l] = 0;
}
