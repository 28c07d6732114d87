; A call through a function pointer after the driver's dispatch: the pointer is a phi
; of two functions and null, compared with each (hand-written; see funptrs.rs).
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @inc(ptr %a) {
  ret void
}

define void @dec(ptr %a) {
  ret void
}

define ptx_kernel void @k(ptr %A, i32 %m) {
entry:
  %is1 = icmp eq i32 %m, 1
  br i1 %is1, label %one, label %other
one:
  br label %join
other:
  %is2 = icmp eq i32 %m, 2
  %g = select i1 %is2, ptr @dec, ptr null
  br label %join
join:
  %f = phi ptr [ @inc, %one ], [ %g, %other ]
  %c = icmp eq ptr %f, @inc
  br i1 %c, label %call, label %none
call:
  store i32 1, ptr %A, align 4
  ret void
none:
  call void @__lockstep_invalid_function_pointer(ptr %f)
  unreachable
}

declare void @__lockstep_invalid_function_pointer(ptr)
