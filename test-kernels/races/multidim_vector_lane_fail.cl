//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1 --output-style=gpuverify
//multidim_vector_lane_fail\.cl: error: possible write-write race on V\[1\]\[2\] \(bytes 4\.\.7\):
//Write by work item \d+ with local id \d+ in work group 0, \S*multidim_vector_lane_fail\.cl:15:\d+:

// An array of vectors: the race is on one lane (`.y`, bytes 4..7) of the element V[1][2],
// a float2; the vector is an element, not a dimension. GPUVerify's output style names only
// the file on the race's first line.
//
// At -O2 and above clang deletes the store (the local array is never read), and with it
// the race: verified there. Reported at -O0 and -O1 (a compiler effect).

__kernel void k(__global float *in) {
  __local float2 V[3][4];
  V[1][2].y = in[get_local_id(0)];
}
