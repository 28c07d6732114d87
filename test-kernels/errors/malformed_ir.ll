;xfail:CLANG_ERROR
;--local_size=64 --num_groups=1
;undefined value '%v'

; The store uses %v, which is never defined: the IR does not parse.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64"

define spir_kernel void @k(ptr addrspace(1) noundef align 4 %A) {
entry:
  %lid = call spir_func i64 @_Z12get_local_idj(i32 noundef 0)
  store i32 %v, ptr addrspace(1) %A, align 4
  ret void
}

declare spir_func i64 @_Z12get_local_idj(i32 noundef)
