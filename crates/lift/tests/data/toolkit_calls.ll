; What clang makes of a kernel compiled with a CUDA toolkit's headers (--cuda-path), after
; the driver's inlining: libdevice calls without memory(none) and NVVM warp intrinsics.
; Written by hand (compile.sh has no toolkit); see crates/lift/src/{libdevice,warp}.rs.
source_filename = "toolkit_calls.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define dso_local void @_Z4warpPfPiS_(ptr noundef %in, ptr noundef %out, ptr noundef %c) #0 {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext i32 %tid to i64
  %p = getelementptr inbounds float, ptr %in, i64 %idx
  %x = load float, ptr %p, align 4
  %e = call float @__nv_fast_expf(float %x)
  %s = call float @llvm.nvvm.shfl.sync.down.f32(i32 -1, float %e, i32 1, i32 31)
  %m = call { i32, i1 } @llvm.nvvm.match.all.sync.i32p(i32 -1, i32 %tid)
  %mv = extractvalue { i32, i1 } %m, 0
  %mp = extractvalue { i32, i1 } %m, 1
  %b = call i32 @llvm.nvvm.vote.ballot.sync(i32 -1, i1 %mp)
  call void @llvm.nvvm.bar.warp.sync(i32 -1)
  %k = call i32 @__nv_min(i32 %tid, i32 7)
  %kx = zext i32 %k to i64
  %q = getelementptr inbounds i32, ptr %out, i64 %kx
  %sum = add i32 %mv, %b
  store i32 %sum, ptr %q, align 4
  %sp = getelementptr inbounds float, ptr %in, i64 %idx
  store float %s, ptr %sp, align 4
  %cp = getelementptr inbounds float, ptr %c, i64 %idx
  call void @__nv_sincosf(float %x, ptr %sp, ptr %cp)
  ret void
}

define dso_local void @_Z4normPf(ptr noundef %in) #0 {
  %n = call float @__nv_normf(i32 4, ptr %in)
  store float %n, ptr %in, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare float @__nv_fast_expf(float) #1
declare i32 @__nv_min(i32, i32) #1
declare void @__nv_sincosf(float, ptr, ptr) #1
declare float @__nv_normf(i32, ptr) #1
declare float @llvm.nvvm.shfl.sync.down.f32(i32, float, i32, i32) #2
declare { i32, i1 } @llvm.nvvm.match.all.sync.i32p(i32, i32) #2
declare i32 @llvm.nvvm.vote.ballot.sync(i32, i1) #2
declare void @llvm.nvvm.bar.warp.sync(i32) #2

attributes #0 = { convergent mustprogress noinline norecurse nounwind }
attributes #1 = { convergent nounwind }
attributes #2 = { convergent nocallback nounwind memory(inaccessiblemem: readwrite) }

!nvvm.annotations = !{!0, !1}
!0 = !{ptr @_Z4warpPfPiS_, !"kernel", i32 1}
!1 = !{ptr @_Z4normPf, !"kernel", i32 1}
