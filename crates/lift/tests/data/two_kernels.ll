; ModuleID = 'two_kernels.ll.tmp'
source_filename = "two_kernels.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Function Attrs: convergent mustprogress noinline norecurse nounwind
define dso_local void @_Z5firstPi(ptr noundef %0) #0 !dbg !10 {
    #dbg_value(ptr %0, !16, !DIExpression(), !17)
  %2 = call range(i32 1, 65) i32 @llvm.nvvm.read.ptx.sreg.ntid.z(), !dbg !18
  %3 = call range(i32 1, 65536) i32 @llvm.nvvm.read.ptx.sreg.nctaid.y(), !dbg !19
  %4 = add nsw i32 %2, %3, !dbg !20
  %5 = call range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.y(), !dbg !21
  %6 = sext i32 %5 to i64, !dbg !22
  %7 = getelementptr inbounds i32, ptr %0, i64 %6, !dbg !22
  store i32 %4, ptr %7, align 4, !dbg !23
  ret void, !dbg !24
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.z() #1

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.nctaid.y() #1

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.y() #1

; Function Attrs: convergent mustprogress noinline norecurse nounwind
define dso_local void @_Z6secondPi(ptr noundef %0) #0 !dbg !25 {
    #dbg_value(ptr %0, !26, !DIExpression(), !27)
  %2 = getelementptr inbounds i32, ptr %0, i64 0, !dbg !28
  store i32 1, ptr %2, align 4, !dbg !29
  ret void, !dbg !30
}

attributes #0 = { convergent mustprogress noinline norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx42,+sm_70" "uniform-work-group-size"="true" }
attributes #1 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!llvm.dbg.cu = !{!0}
!nvvm.annotations = !{!2, !3}
!llvm.module.flags = !{!4, !5, !6, !7, !8}
!llvm.ident = !{!9}

!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "two_kernels.cu", directory: "/work/main/crates/lift/tests/data")
!2 = !{ptr @_Z5firstPi, !"kernel", i32 1}
!3 = !{ptr @_Z6secondPi, !"kernel", i32 1}
!4 = !{i32 7, !"Dwarf Version", i32 2}
!5 = !{i32 2, !"Debug Info Version", i32 3}
!6 = !{i32 1, !"wchar_size", i32 4}
!7 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!8 = !{i32 7, !"frame-pointer", i32 2}
!9 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!10 = distinct !DISubprogram(name: "first", linkageName: "_Z5firstPi", scope: !1, file: !1, line: 3, type: !11, scopeLine: 3, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !15)
!11 = !DISubroutineType(types: !12)
!12 = !{null, !13}
!13 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !14, size: 64)
!14 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!15 = !{}
!16 = !DILocalVariable(name: "A", arg: 1, scope: !10, file: !1, line: 3, type: !13)
!17 = !DILocation(line: 0, scope: !10)
!18 = !DILocation(line: 4, column: 37, scope: !10)
!19 = !DILocation(line: 4, column: 69, scope: !10)
!20 = !DILocation(line: 4, column: 67, scope: !10)
!21 = !DILocation(line: 4, column: 5, scope: !10)
!22 = !DILocation(line: 4, column: 3, scope: !10)
!23 = !DILocation(line: 4, column: 35, scope: !10)
!24 = !DILocation(line: 5, column: 1, scope: !10)
!25 = distinct !DISubprogram(name: "second", linkageName: "_Z6secondPi", scope: !1, file: !1, line: 6, type: !11, scopeLine: 6, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !15)
!26 = !DILocalVariable(name: "A", arg: 1, scope: !25, file: !1, line: 6, type: !13)
!27 = !DILocation(line: 0, scope: !25)
!28 = !DILocation(line: 7, column: 3, scope: !25)
!29 = !DILocation(line: 7, column: 8, scope: !25)
!30 = !DILocation(line: 8, column: 1, scope: !25)
