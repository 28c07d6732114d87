//xfail:UNSUPPORTED
//--local_size=64 --num_groups=4
//taken_value_widths\.cl:12:3: `__atomic_has_taken_value` on `c`, whose atomics have cells of different widths

// The counter array is incremented as 32-bit and as 64-bit cells: which value a cell
// held is not one number.
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
__kernel void k(__global unsigned *c, __global int *slots) {
  unsigned a = atomic_inc(c);
  ulong b = atom_inc((__global ulong *)(c + 2));
  slots[a] = 1;
  __assert(__atomic_has_taken_value(c, 0, a) || b == 0);
}
