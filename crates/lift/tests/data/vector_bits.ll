; Hand-written: vector operations clang rarely emits from OpenCL C. A bitcast between
; vectors of 128 bits, a select on a vector condition, an insert into an undefined
; vector, an extract at a variable index, and a store of a constant vector.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64"

define spir_kernel void @vector_bits(ptr addrspace(1) %A, ptr addrspace(1) %B, i32 %k) {
entry:
  %v = load <4 x i32>, ptr addrspace(1) %A, align 16
  %w = bitcast <4 x i32> %v to <2 x i64>
  %u = bitcast <2 x i64> %w to <8 x i16>
  %c = icmp ult <4 x i32> %v, <i32 1, i32 2, i32 3, i32 4>
  %s = select <4 x i1> %c, <4 x i32> %v, <4 x i32> zeroinitializer
  %one = insertelement <2 x i32> undef, i32 %k, i64 0
  %x = extractelement <4 x i32> %s, i32 %k
  %y = extractelement <2 x i64> %w, i64 1
  %z = extractelement <8 x i16> %u, i64 7
  %h = zext i16 %z to i32
  %sum = add i32 %x, %h
  %t = trunc i64 %y to i32
  %sum2 = add i32 %sum, %t
  %q = extractelement <2 x i32> %one, i64 0
  %sum3 = add i32 %sum2, %q
  store i32 %sum3, ptr addrspace(1) %B, align 4
  %B1 = getelementptr inbounds <2 x i16>, ptr addrspace(1) %B, i64 1
  store <2 x i16> <i16 1, i16 -1>, ptr addrspace(1) %B1, align 4
  ret void
}
