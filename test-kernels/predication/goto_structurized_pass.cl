//pass
//--local_size=64 --num_groups=2 --predication=structured --structurize
//note: .*\(control flow structurized by LLVM's structurizecfg\)

__kernel void k(__global int *a, int n) {
  int i = get_global_id(0);
  if (i % 2 == 0) {
    a[i] = 1;
    if (n > 3)
      goto done;
    a[i] = 2;
  }
  a[i] = a[i] + 1;
done:
  a[i] = a[i] * 2;
}
