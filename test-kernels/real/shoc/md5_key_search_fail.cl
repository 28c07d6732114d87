//xfail:NOT_ALL_VERIFIED
//--local_size=256 --num_groups=39063
//error: possible (read-write|write-read) race on foundIndex

// SHOC MD5Hash's key search shape (public description): each work item turns its global id
// into a candidate key of byteLength = 7 digits in base valsPerByte = 10 (keyspace 10^7),
// runs straight-line MD5-style rounds over the key words, and if the digest equals the one
// searched for, reports the key. Several items may match (a weak digest), so a match draws
// a ticket from an atomic counter and only the first ticket writes the found index and key.
// 39063 groups of 256 cover 10^7 keys; the items past the key space return.
// Defect: to stop early, every item first polls *foundIndex (the host sets it to -1) with a
// plain read, which races with the matching item's plain write of the index.
#define ROTL(x, s) (((x) << (s)) | ((x) >> (32 - (s))))
#define F(x, y, z) (((x) & (y)) | (~(x) & (z)))
#define G(x, y, z) (((x) & (z)) | ((y) & ~(z)))
#define STEP(f, a, b, c, d, m, k, s) a = b + ROTL(a + f(b, c, d) + m + k, s)

__kernel void FindKeyWithDigest(uint d0, uint d1, uint d2, uint d3, int keyspace,
                                int byteLength, int valsPerByte, __global int *foundIndex,
                                __global uchar *foundKey, __global volatile uint *claimed) {
  __requires(keyspace == 10000000 && byteLength == 7 && valsPerByte == 10);
  int id = get_global_id(0);
  if (id >= keyspace || *foundIndex >= 0)
    return;
  uchar key[8] = {0, 0, 0, 0, 0, 0, 0, 0};
  int v = id;
  for (int i = 0; i < byteLength; i++) {
    key[i] = (uchar)('0' + v % valsPerByte);
    v /= valsPerByte;
  }
  uint m0 = key[0] | (key[1] << 8) | (key[2] << 16) | (key[3] << 24);
  uint m1 = key[4] | (key[5] << 8) | (key[6] << 16) | (0x80u << 24);
  uint m14 = byteLength * 8;
  uint a = 0x67452301, b = 0xefcdab89, c = 0x98badcfe, d = 0x10325476;
  STEP(F, a, b, c, d, m0, 0xd76aa478, 7);  STEP(F, d, a, b, c, m1, 0xe8c7b756, 12);
  STEP(F, c, d, a, b, 0u, 0x242070db, 17); STEP(F, b, c, d, a, 0u, 0xc1bdceee, 22);
  STEP(F, a, b, c, d, 0u, 0xf57c0faf, 7);  STEP(F, d, a, b, c, m14, 0x4787c62a, 12);
  STEP(G, a, b, c, d, m1, 0xf61e2562, 5);  STEP(G, d, a, b, c, 0u, 0xc040b340, 9);
  STEP(G, c, d, a, b, 0u, 0x265e5a51, 14); STEP(G, b, c, d, a, m0, 0xe9b6c7aa, 20);
  STEP(G, a, b, c, d, m14, 0xd62f105d, 5); STEP(G, d, a, b, c, 0u, 0x02441453, 9);
  a += 0x67452301; b += 0xefcdab89; c += 0x98badcfe; d += 0x10325476;
  if (a == d0 && b == d1 && c == d2 && d == d3) {
    if (atomic_inc(claimed) == 0) {
      *foundIndex = id;
      for (int i = 0; i < byteLength; i++)
        foundKey[i] = key[i];
    }
  }
}
