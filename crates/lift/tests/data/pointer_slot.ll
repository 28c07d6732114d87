; A pointer kept in a private struct: stored, loaded back and written through
; (hand-written; see slots.rs).
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64-G1"
target triple = "spir64"

%struct.S = type { ptr addrspace(1), i32 }

define spir_kernel void @k(ptr addrspace(1) %A, ptr addrspace(1) %B, i32 %c) {
entry:
  %s = alloca %struct.S, align 8
  %lid = call i64 @_Z12get_local_idj(i32 0)
  %f = getelementptr inbounds %struct.S, ptr %s, i32 0, i32 0
  %cond = icmp ne i32 %c, 0
  %p = select i1 %cond, ptr addrspace(1) %A, ptr addrspace(1) %B
  store ptr addrspace(1) %p, ptr %f, align 8
  %q = load ptr addrspace(1), ptr %f, align 8
  %e = getelementptr inbounds i32, ptr addrspace(1) %q, i64 %lid
  store i32 1, ptr addrspace(1) %e, align 4
  ret void
}

declare i64 @_Z12get_local_idj(i32)
