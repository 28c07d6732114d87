//pass
//--local_size=[8,8] --num_groups=[2,2]

// Every work item writes the same colour to the origin: a benign write-write race.
__kernel void k(__write_only image2d_t dst) {
  write_imagei(dst, (int2)(0, 0), (int4)(1, 2, 3, 4));
}
