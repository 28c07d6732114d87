; ModuleID = 'pointers.ll.tmp'
source_filename = "pointers.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.item = type { i32, i16, i32 }

; Function Attrs: convergent mustprogress noinline norecurse nounwind
define dso_local void @_Z8pointersPiP4itemib(ptr noundef %0, ptr noundef %1, i32 noundef %2, i1 noundef zeroext %3) #0 !dbg !11 {
    #dbg_value(ptr %0, !24, !DIExpression(), !25)
    #dbg_value(ptr %1, !26, !DIExpression(), !25)
    #dbg_value(i32 %2, !27, !DIExpression(), !25)
  %5 = zext i1 %3 to i8
    #dbg_value(i8 %5, !28, !DIExpression(), !25)
  %6 = call range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x(), !dbg !29
    #dbg_value(i32 %6, !30, !DIExpression(), !25)
  %7 = sext i32 %6 to i64, !dbg !31
  %8 = getelementptr inbounds i32, ptr %0, i64 %7, !dbg !31
    #dbg_value(ptr %8, !32, !DIExpression(), !25)
    #dbg_value(i32 0, !33, !DIExpression(), !35)
  br label %9, !dbg !36

9:                                                ; preds = %13, %4
  %.01 = phi ptr [ %8, %4 ], [ %12, %13 ], !dbg !25
  %.0 = phi i32 [ 0, %4 ], [ %14, %13 ], !dbg !37
    #dbg_value(i32 %.0, !33, !DIExpression(), !35)
    #dbg_value(ptr %.01, !32, !DIExpression(), !25)
  %10 = icmp slt i32 %.0, %2, !dbg !38
  br i1 %10, label %11, label %15, !dbg !40

11:                                               ; preds = %9
  %12 = getelementptr inbounds i32, ptr %.01, i64 2, !dbg !41
    #dbg_value(ptr %12, !32, !DIExpression(), !25)
  br label %13, !dbg !42

13:                                               ; preds = %11
  %14 = add nsw i32 %.0, 1, !dbg !43
    #dbg_value(i32 %14, !33, !DIExpression(), !35)
  br label %9, !dbg !44, !llvm.loop !45

15:                                               ; preds = %9
  %16 = trunc i8 %5 to i1, !dbg !48
  br i1 %16, label %17, label %19, !dbg !48

17:                                               ; preds = %15
  %18 = getelementptr inbounds i32, ptr %0, i64 1, !dbg !49
  br label %21, !dbg !48

19:                                               ; preds = %15
  %20 = getelementptr inbounds i32, ptr %0, i64 2, !dbg !50
  br label %21, !dbg !48

21:                                               ; preds = %19, %17
  %22 = phi ptr [ %18, %17 ], [ %20, %19 ], !dbg !48
    #dbg_value(ptr %22, !51, !DIExpression(), !25)
  %23 = load i32, ptr %22, align 4, !dbg !52
  %24 = sext i32 %6 to i64, !dbg !53
  %25 = getelementptr inbounds %struct.item, ptr %1, i64 %24, !dbg !53
  %26 = getelementptr inbounds %struct.item, ptr %25, i32 0, i32 2, !dbg !54
  %27 = load i32, ptr %26, align 4, !dbg !54
  %28 = add nsw i32 %23, %27, !dbg !55
  store i32 %28, ptr %.01, align 4, !dbg !56
  %29 = trunc i32 %6 to i16, !dbg !57
  %30 = sext i32 %6 to i64, !dbg !58
  %31 = getelementptr inbounds %struct.item, ptr %1, i64 %30, !dbg !58
  %32 = getelementptr inbounds %struct.item, ptr %31, i32 0, i32 1, !dbg !59
  store i16 %29, ptr %32, align 4, !dbg !60
  ret void, !dbg !61
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x() #1

attributes #0 = { convergent mustprogress noinline norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx42,+sm_70" "uniform-work-group-size"="true" }
attributes #1 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!llvm.dbg.cu = !{!0}
!nvvm.annotations = !{!4}
!llvm.module.flags = !{!5, !6, !7, !8, !9}
!llvm.ident = !{!10}

!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, retainedTypes: !2, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "pointers.cu", directory: "/work/main/crates/lift/tests/data")
!2 = !{!3}
!3 = !DIBasicType(name: "short", size: 16, encoding: DW_ATE_signed)
!4 = !{ptr @_Z8pointersPiP4itemib, !"kernel", i32 1}
!5 = !{i32 7, !"Dwarf Version", i32 2}
!6 = !{i32 2, !"Debug Info Version", i32 3}
!7 = !{i32 1, !"wchar_size", i32 4}
!8 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!9 = !{i32 7, !"frame-pointer", i32 2}
!10 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!11 = distinct !DISubprogram(name: "pointers", linkageName: "_Z8pointersPiP4itemib", scope: !1, file: !1, line: 5, type: !12, scopeLine: 5, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !23)
!12 = !DISubroutineType(types: !13)
!13 = !{null, !14, !16, !15, !22}
!14 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !15, size: 64)
!15 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!16 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !17, size: 64)
!17 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "item", file: !1, line: 4, size: 96, flags: DIFlagTypePassByValue, elements: !18, identifier: "_ZTS4item")
!18 = !{!19, !20, !21}
!19 = !DIDerivedType(tag: DW_TAG_member, name: "key", scope: !17, file: !1, line: 4, baseType: !15, size: 32)
!20 = !DIDerivedType(tag: DW_TAG_member, name: "tag", scope: !17, file: !1, line: 4, baseType: !3, size: 16, offset: 32)
!21 = !DIDerivedType(tag: DW_TAG_member, name: "value", scope: !17, file: !1, line: 4, baseType: !15, size: 32, offset: 64)
!22 = !DIBasicType(name: "bool", size: 8, encoding: DW_ATE_boolean)
!23 = !{}
!24 = !DILocalVariable(name: "A", arg: 1, scope: !11, file: !1, line: 5, type: !14)
!25 = !DILocation(line: 0, scope: !11)
!26 = !DILocalVariable(name: "items", arg: 2, scope: !11, file: !1, line: 5, type: !16)
!27 = !DILocalVariable(name: "n", arg: 3, scope: !11, file: !1, line: 5, type: !15)
!28 = !DILocalVariable(name: "flip", arg: 4, scope: !11, file: !1, line: 5, type: !22)
!29 = !DILocation(line: 6, column: 11, scope: !11)
!30 = !DILocalVariable(name: "t", scope: !11, file: !1, line: 6, type: !15)
!31 = !DILocation(line: 7, column: 14, scope: !11)
!32 = !DILocalVariable(name: "p", scope: !11, file: !1, line: 7, type: !14)
!33 = !DILocalVariable(name: "i", scope: !34, file: !1, line: 8, type: !15)
!34 = distinct !DILexicalBlock(scope: !11, file: !1, line: 8, column: 3)
!35 = !DILocation(line: 0, scope: !34)
!36 = !DILocation(line: 8, column: 8, scope: !34)
!37 = !DILocation(line: 8, scope: !34)
!38 = !DILocation(line: 8, column: 21, scope: !39)
!39 = distinct !DILexicalBlock(scope: !34, file: !1, line: 8, column: 3)
!40 = !DILocation(line: 8, column: 3, scope: !34)
!41 = !DILocation(line: 9, column: 7, scope: !39)
!42 = !DILocation(line: 9, column: 5, scope: !39)
!43 = !DILocation(line: 8, column: 27, scope: !39)
!44 = !DILocation(line: 8, column: 3, scope: !39)
!45 = distinct !{!45, !40, !46, !47}
!46 = !DILocation(line: 9, column: 10, scope: !34)
!47 = !{!"llvm.loop.mustprogress"}
!48 = !DILocation(line: 10, column: 12, scope: !11)
!49 = !DILocation(line: 10, column: 21, scope: !11)
!50 = !DILocation(line: 10, column: 29, scope: !11)
!51 = !DILocalVariable(name: "q", scope: !11, file: !1, line: 10, type: !14)
!52 = !DILocation(line: 11, column: 8, scope: !11)
!53 = !DILocation(line: 11, column: 13, scope: !11)
!54 = !DILocation(line: 11, column: 22, scope: !11)
!55 = !DILocation(line: 11, column: 11, scope: !11)
!56 = !DILocation(line: 11, column: 6, scope: !11)
!57 = !DILocation(line: 12, column: 25, scope: !11)
!58 = !DILocation(line: 12, column: 3, scope: !11)
!59 = !DILocation(line: 12, column: 12, scope: !11)
!60 = !DILocation(line: 12, column: 16, scope: !11)
!61 = !DILocation(line: 13, column: 1, scope: !11)
