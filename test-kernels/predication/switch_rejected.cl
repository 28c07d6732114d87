//xfail:UNSUPPORTED
//--local_size=64 --num_groups=2 --predication=structured
//switch_rejected\.cl:3:\d+: error: unstructured control flow at switch_rejected\.cl:3 \(switch\)

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
