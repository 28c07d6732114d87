//pass
//--local_size=256 --num_groups=512

// AES-128 encryption with the four 256-entry T-tables copied from global memory into
// __local memory by the group (one entry of each table per work item), then 10 rounds of
// table lookups per 16-byte block, one block per work item, as table-based GPU AES
// implementations do. 256 work items per group, 512 groups (2 MB of data).
#define B0(x) ((x) & 0xff)
#define B1(x) (((x) >> 8) & 0xff)
#define B2(x) (((x) >> 16) & 0xff)
#define B3(x) ((x) >> 24)

__kernel void aes_encrypt(__global const uint4 *in, __global uint4 *out,
                          __global const uint *te, __global const uint *round_keys) {
  __local uint t0[256], t1[256], t2[256], t3[256];
  uint lid = get_local_id(0);
  t0[lid] = te[lid];
  t1[lid] = te[256 + lid];
  t2[lid] = te[512 + lid];
  t3[lid] = te[768 + lid];
  barrier(CLK_LOCAL_MEM_FENCE);
  uint gid = get_global_id(0);
  uint4 blk = in[gid];
  uint s0 = blk.x ^ round_keys[0], s1 = blk.y ^ round_keys[1];
  uint s2 = blk.z ^ round_keys[2], s3 = blk.w ^ round_keys[3];
  for (int r = 1; r < 10; r++) {
    uint u0 = t0[B0(s0)] ^ t1[B1(s1)] ^ t2[B2(s2)] ^ t3[B3(s3)] ^ round_keys[4 * r];
    uint u1 = t0[B0(s1)] ^ t1[B1(s2)] ^ t2[B2(s3)] ^ t3[B3(s0)] ^ round_keys[4 * r + 1];
    uint u2 = t0[B0(s2)] ^ t1[B1(s3)] ^ t2[B2(s0)] ^ t3[B3(s1)] ^ round_keys[4 * r + 2];
    uint u3 = t0[B0(s3)] ^ t1[B1(s0)] ^ t2[B2(s1)] ^ t3[B3(s2)] ^ round_keys[4 * r + 3];
    s0 = u0; s1 = u1; s2 = u2; s3 = u3;
  }
  uint f0 = (t2[B0(s0)] & 0xff) | (t3[B1(s1)] & 0xff00) | (t0[B2(s2)] & 0xff0000) |
            (t1[B3(s3)] & 0xff000000);
  uint f1 = (t2[B0(s1)] & 0xff) | (t3[B1(s2)] & 0xff00) | (t0[B2(s3)] & 0xff0000) |
            (t1[B3(s0)] & 0xff000000);
  uint f2 = (t2[B0(s2)] & 0xff) | (t3[B1(s3)] & 0xff00) | (t0[B2(s0)] & 0xff0000) |
            (t1[B3(s1)] & 0xff000000);
  uint f3 = (t2[B0(s3)] & 0xff) | (t3[B1(s0)] & 0xff00) | (t0[B2(s1)] & 0xff0000) |
            (t1[B3(s2)] & 0xff000000);
  out[gid] = (uint4)(f0 ^ round_keys[40], f1 ^ round_keys[41], f2 ^ round_keys[42],
                     f3 ^ round_keys[43]);
}
