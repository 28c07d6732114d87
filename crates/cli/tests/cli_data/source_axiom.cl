// The verdict rests on the axiom, so it is listed under it.
__axiom(get_group_id(0) != 1);

__kernel void k(__global int *a) {
  if (get_group_id(0) == 1)
    a[0] = get_local_id(0);
}
