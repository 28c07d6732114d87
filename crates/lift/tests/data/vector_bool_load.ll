; Hand-written: a load of a vector of i1, whose lanes are bits, not bytes.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64"

define spir_kernel void @vector_bool_load(ptr addrspace(1) %A) {
entry:
  %v = load <8 x i1>, ptr addrspace(1) %A, align 1
  %x = extractelement <8 x i1> %v, i64 0
  %e = zext i1 %x to i8
  store i8 %e, ptr addrspace(1) %A, align 1
  ret void
}
