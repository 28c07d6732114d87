; Hand-written: atomic loads and stores, a weak cmpxchg whose success flag is used,
; and a float atomicrmw.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64"

define spir_kernel void @atomic_ops(ptr addrspace(1) %A, ptr addrspace(1) %F) {
entry:
  %v = load atomic i32, ptr addrspace(1) %A monotonic, align 4
  %p = getelementptr inbounds i32, ptr addrspace(1) %A, i64 1
  store atomic i32 %v, ptr addrspace(1) %p release, align 4
  %r = cmpxchg weak ptr addrspace(1) %A, i32 %v, i32 7 acq_rel monotonic, align 4
  %ok = extractvalue { i32, i1 } %r, 1
  %old = extractvalue { i32, i1 } %r, 0
  %x = select i1 %ok, i32 %old, i32 0
  store i32 %x, ptr addrspace(1) %p, align 4
  %s = atomicrmw fadd ptr addrspace(1) %F, float 1.0 monotonic, align 4
  ret void
}
