//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=32
//possible \w+-\w+ race on data\[

// record_bytes_pass.cl with records 8 bytes apart but 16 bytes long: the second half of
// one work item's record is the first half of the next one's.
__kernel void xor_records(__global uchar *data, __constant uchar *key, uint nrec) {
  for (uint b = get_global_id(0); b < nrec; b += get_global_size(0))
    for (int i = 0; i < 16; i++)
      data[b * 8 + i] ^= key[i];
}
