//pass
//--local_size=64 --num_groups=32

// A grid-stride loop over 16-byte records with an inner loop over each record's bytes
// (`data[16*b + i]`), as block ciphers and checksums are written. lockstep's race logs
// record the byte index of the inner loop, and both loops know that a logged byte is 16
// times a record of this work item's (the global id modulo the stride) plus that index.
__kernel void xor_records(__global uchar *data, __constant uchar *key, uint nrec) {
  for (uint b = get_global_id(0); b < nrec; b += get_global_size(0))
    for (int i = 0; i < 16; i++)
      data[b * 16 + i] ^= key[i];
}
