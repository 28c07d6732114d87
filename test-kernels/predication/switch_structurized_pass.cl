//pass
//--local_size=64 --num_groups=2 --predication=structured --structurize
//note: .*\(control flow structurized by LLVM's structurizecfg\)

__kernel void k(__global int *a, int n) {
  int i = get_global_id(0);
  switch (i % 4) {
  case 0:
    a[i] = n;
    break;
  case 1:
    a[i] = 2 * n;
    break;
  default:
    a[i] = 0;
  }
}
