//pass
//--local_size=64 --num_groups=8

__kernel void scale(__global int *a, int n) {
  // Grid-stride loop: work item g touches the elements congruent to g modulo the global
  // size.
  for (int i = get_global_id(0); i < n; i += get_global_size(0))
    a[i] = a[i] + 1;
}
