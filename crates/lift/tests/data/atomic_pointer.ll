; Hand-written: an atomic exchange of a pointer, which the lifter cannot model.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64"

define spir_kernel void @atomic_pointer(ptr addrspace(1) %A, ptr addrspace(1) %B) {
entry:
  %old = atomicrmw xchg ptr addrspace(1) %A, ptr addrspace(1) %B monotonic, align 8
  ret void
}
