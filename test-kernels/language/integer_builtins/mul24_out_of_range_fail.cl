//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=128
//this assertion might not hold

// mul24 of factors wider than 24 bits is implementation-defined: nothing can be assumed
// about it, not even that it is the 32-bit product.
__kernel void wide(__global unsigned *out, unsigned a) {
  __requires(a >= (1u << 24) && a < (1u << 25));
  unsigned p = mul24(a, 2u);
  __assert(p == a * 2u);
  out[get_global_id(0)] = p;
}
