;xfail:NOT_ALL_VERIFIED
;--local_size=64 --num_groups=1
;error: possible write-write race on \S*\[0\]

; Hand-written LLVM IR for a SPIR kernel: every work item stores its local id to A[0].
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64"

define spir_kernel void @k(ptr addrspace(1) noundef align 4 %A) !kernel_arg_addr_space !1 !kernel_arg_access_qual !2 !kernel_arg_type !3 !kernel_arg_base_type !3 !kernel_arg_type_qual !4 {
entry:
  %lid = call spir_func i64 @_Z12get_local_idj(i32 noundef 0)
  %v = trunc i64 %lid to i32
  store i32 %v, ptr addrspace(1) %A, align 4
  ret void
}

declare spir_func i64 @_Z12get_local_idj(i32 noundef)

!opencl.ocl.version = !{!0}

!0 = !{i32 1, i32 2}
!1 = !{i32 1}
!2 = !{!"none"}
!3 = !{!"int*"}
!4 = !{!""}
