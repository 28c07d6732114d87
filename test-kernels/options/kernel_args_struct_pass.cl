//pass
//--local_size=4 --num_groups=1 --kernel-args=k,0x0000000900000002,5

struct span {
  int start;
  int step;
};

// A by-value struct's value is its bytes, little-endian: start = 2, step = 9.
kernel void k(struct span s, int n, global int *out) {
  __assert(s.start == 2);
  __assert(s.step == 9);
  __assert(n == 5);
  out[get_local_id(0)] = s.start + n;
}
