; ModuleID = 'recursion.ll.tmp'
source_filename = "recursion.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Function Attrs: convergent mustprogress noinline nounwind
define dso_local noundef i32 @_Z4facti(i32 noundef %0) #0 !dbg !9 {
    #dbg_value(i32 %0, !14, !DIExpression(), !15)
  %2 = icmp sle i32 %0, 1, !dbg !16
  br i1 %2, label %3, label %4, !dbg !17

3:                                                ; preds = %1
  br label %8, !dbg !17

4:                                                ; preds = %1
  %5 = sub nsw i32 %0, 1, !dbg !18
  %6 = call noundef i32 @_Z4facti(i32 noundef %5) #2, !dbg !19
  %7 = mul nsw i32 %0, %6, !dbg !20
  br label %8, !dbg !17

8:                                                ; preds = %4, %3
  %9 = phi i32 [ 1, %3 ], [ %7, %4 ], !dbg !17
  ret i32 %9, !dbg !21
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind
define dso_local void @_Z9recursionPi(ptr noundef %0) #1 !dbg !22 {
    #dbg_value(ptr %0, !26, !DIExpression(), !27)
  %2 = getelementptr inbounds i32, ptr %0, i64 1, !dbg !28
  %3 = load i32, ptr %2, align 4, !dbg !28
  %4 = call noundef i32 @_Z4facti(i32 noundef %3) #2, !dbg !29
  %5 = getelementptr inbounds i32, ptr %0, i64 0, !dbg !30
  store i32 %4, ptr %5, align 4, !dbg !31
  ret void, !dbg !32
}

attributes #0 = { convergent mustprogress noinline nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx42,+sm_70" }
attributes #1 = { convergent mustprogress noinline norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx42,+sm_70" "uniform-work-group-size"="true" }
attributes #2 = { convergent nounwind }

!llvm.dbg.cu = !{!0}
!nvvm.annotations = !{!2}
!llvm.module.flags = !{!3, !4, !5, !6, !7}
!llvm.ident = !{!8}

!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "recursion.cu", directory: "/work/main/crates/lift/tests/data")
!2 = !{ptr @_Z9recursionPi, !"kernel", i32 1}
!3 = !{i32 7, !"Dwarf Version", i32 2}
!4 = !{i32 2, !"Debug Info Version", i32 3}
!5 = !{i32 1, !"wchar_size", i32 4}
!6 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!7 = !{i32 7, !"frame-pointer", i32 2}
!8 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!9 = distinct !DISubprogram(name: "fact", linkageName: "_Z4facti", scope: !1, file: !1, line: 4, type: !10, scopeLine: 4, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !13)
!10 = !DISubroutineType(types: !11)
!11 = !{!12, !12}
!12 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!13 = !{}
!14 = !DILocalVariable(name: "n", arg: 1, scope: !9, file: !1, line: 4, type: !12)
!15 = !DILocation(line: 0, scope: !9)
!16 = !DILocation(line: 4, column: 39, scope: !9)
!17 = !DILocation(line: 4, column: 37, scope: !9)
!18 = !DILocation(line: 4, column: 61, scope: !9)
!19 = !DILocation(line: 4, column: 54, scope: !9)
!20 = !DILocation(line: 4, column: 52, scope: !9)
!21 = !DILocation(line: 4, column: 30, scope: !9)
!22 = distinct !DISubprogram(name: "recursion", linkageName: "_Z9recursionPi", scope: !1, file: !1, line: 5, type: !23, scopeLine: 5, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !13)
!23 = !DISubroutineType(types: !24)
!24 = !{null, !25}
!25 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !12, size: 64)
!26 = !DILocalVariable(name: "A", arg: 1, scope: !22, file: !1, line: 5, type: !25)
!27 = !DILocation(line: 0, scope: !22)
!28 = !DILocation(line: 6, column: 15, scope: !22)
!29 = !DILocation(line: 6, column: 10, scope: !22)
!30 = !DILocation(line: 6, column: 3, scope: !22)
!31 = !DILocation(line: 6, column: 8, scope: !22)
!32 = !DILocation(line: 7, column: 1, scope: !22)
