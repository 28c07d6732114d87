//pass
//--local_size=64 --num_groups=2 --predication=structured --structurize
//note: .*\(control flow structurized by LLVM's structurizecfg\)

__kernel void k(__global int *a, int n) {
  int i = get_global_id(0);
  for (int j = 0; j < n; j++) {
    if (a[i] == j)
      return;
    a[i] = a[i] + 1;
  }
  a[i] = 0;
}
