; ModuleID = 'shared.ll.tmp'
source_filename = "shared.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.pair = type { i32, float }

@_ZZ10shared_sumPiPf4pairjE2sh = internal addrspace(3) global [32 x i32] undef, align 4, !dbg !0

; Function Attrs: convergent mustprogress noinline norecurse nounwind
define dso_local void @_Z10shared_sumPiPf4pairj(ptr noundef %0, ptr noundef %1, ptr noundef byval(%struct.pair) align 4 %2, i32 noundef %3) #0 !dbg !2 {
    #dbg_value(ptr %0, !28, !DIExpression(), !29)
    #dbg_value(ptr %1, !30, !DIExpression(), !29)
    #dbg_declare(ptr %2, !31, !DIExpression(), !32)
    #dbg_value(i32 %3, !33, !DIExpression(), !29)
  %5 = call range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x(), !dbg !34
  %6 = call range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x(), !dbg !35
  %7 = mul nsw i32 %6, 0, !dbg !36
  %8 = add nsw i32 %5, %7, !dbg !37
    #dbg_value(i32 %8, !38, !DIExpression(), !29)
  %9 = zext i32 %8 to i64, !dbg !39
  %10 = getelementptr inbounds i32, ptr %0, i64 %9, !dbg !39
  %11 = load i32, ptr %10, align 4, !dbg !39
  %12 = zext i32 %8 to i64, !dbg !40
  %13 = getelementptr inbounds [32 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ10shared_sumPiPf4pairjE2sh to ptr), i64 0, i64 %12, !dbg !40
  store i32 %11, ptr %13, align 4, !dbg !41
  call void @llvm.nvvm.barrier0(), !dbg !42
    #dbg_value(i32 0, !43, !DIExpression(), !45)
  br label %14, !dbg !46

14:                                               ; preds = %26, %4
  %.0 = phi i32 [ 0, %4 ], [ %27, %26 ], !dbg !47
    #dbg_value(i32 %.0, !43, !DIExpression(), !45)
  %15 = icmp ult i32 %.0, %3, !dbg !48
  br i1 %15, label %16, label %28, !dbg !50

16:                                               ; preds = %14
  %17 = add i32 %8, %.0, !dbg !51
  %18 = urem i32 %17, 32, !dbg !52
  %19 = zext i32 %18 to i64, !dbg !53
  %20 = getelementptr inbounds [32 x i32], ptr addrspacecast (ptr addrspace(3) @_ZZ10shared_sumPiPf4pairjE2sh to ptr), i64 0, i64 %19, !dbg !53
  %21 = load i32, ptr %20, align 4, !dbg !53
  %22 = zext i32 %8 to i64, !dbg !54
  %23 = getelementptr inbounds i32, ptr %0, i64 %22, !dbg !54
  %24 = load i32, ptr %23, align 4, !dbg !55
  %25 = add nsw i32 %24, %21, !dbg !55
  store i32 %25, ptr %23, align 4, !dbg !55
  br label %26, !dbg !54

26:                                               ; preds = %16
  %27 = add i32 %.0, 1, !dbg !56
    #dbg_value(i32 %27, !43, !DIExpression(), !45)
  br label %14, !dbg !57, !llvm.loop !58

28:                                               ; preds = %14
  %29 = zext i32 %8 to i64, !dbg !61
  %30 = getelementptr inbounds float, ptr %1, i64 %29, !dbg !61
  %31 = load float, ptr %30, align 4, !dbg !61
  %32 = fmul contract float %31, 2.000000e+00, !dbg !62
  %33 = zext i32 %8 to i64, !dbg !63
  %34 = getelementptr inbounds float, ptr %1, i64 %33, !dbg !63
  %35 = load float, ptr %34, align 4, !dbg !63
  %36 = call contract float @llvm.sqrt.f32(float %35), !dbg !64
  %37 = fadd contract float %32, %36, !dbg !65
  %38 = zext i32 %8 to i64, !dbg !66
  %39 = getelementptr inbounds float, ptr %1, i64 %38, !dbg !66
  store float %37, ptr %39, align 4, !dbg !67
  ret void, !dbg !68
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x() #1

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #1

; Function Attrs: convergent nocallback nounwind
declare void @llvm.nvvm.barrier0() #2

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.sqrt.f32(float) #1

attributes #0 = { convergent mustprogress noinline norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_70" "target-features"="+ptx42,+sm_70" "uniform-work-group-size"="true" }
attributes #1 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #2 = { convergent nocallback nounwind }

!llvm.dbg.cu = !{!15}
!nvvm.annotations = !{!21}
!llvm.module.flags = !{!22, !23, !24, !25, !26}
!llvm.ident = !{!27}

!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression(DW_OP_constu, 8, DW_OP_swap, DW_OP_xderef))
!1 = distinct !DIGlobalVariable(name: "sh", scope: !2, file: !3, line: 7, type: !18, isLocal: true, isDefinition: true)
!2 = distinct !DISubprogram(name: "shared_sum", linkageName: "_Z10shared_sumPiPf4pairj", scope: !3, file: !3, line: 6, type: !4, scopeLine: 6, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !15, retainedNodes: !17)
!3 = !DIFile(filename: "shared.cu", directory: "/work/main/crates/lift/tests/data")
!4 = !DISubroutineType(types: !5)
!5 = !{null, !6, !8, !10, !14}
!6 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !7, size: 64)
!7 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!8 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !9, size: 64)
!9 = !DIBasicType(name: "float", size: 32, encoding: DW_ATE_float)
!10 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "pair", file: !3, line: 5, size: 64, flags: DIFlagTypePassByValue, elements: !11, identifier: "_ZTS4pair")
!11 = !{!12, !13}
!12 = !DIDerivedType(tag: DW_TAG_member, name: "a", scope: !10, file: !3, line: 5, baseType: !7, size: 32)
!13 = !DIDerivedType(tag: DW_TAG_member, name: "b", scope: !10, file: !3, line: 5, baseType: !9, size: 32, offset: 32)
!14 = !DIBasicType(name: "unsigned int", size: 32, encoding: DW_ATE_unsigned)
!15 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !3, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, globals: !16, splitDebugInlining: false, nameTableKind: None)
!16 = !{!0}
!17 = !{}
!18 = !DICompositeType(tag: DW_TAG_array_type, baseType: !7, size: 1024, elements: !19)
!19 = !{!20}
!20 = !DISubrange(count: 32)
!21 = !{ptr @_Z10shared_sumPiPf4pairj, !"kernel", i32 1}
!22 = !{i32 7, !"Dwarf Version", i32 2}
!23 = !{i32 2, !"Debug Info Version", i32 3}
!24 = !{i32 1, !"wchar_size", i32 4}
!25 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!26 = !{i32 7, !"frame-pointer", i32 2}
!27 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!28 = !DILocalVariable(name: "A", arg: 1, scope: !2, file: !3, line: 6, type: !6)
!29 = !DILocation(line: 0, scope: !2)
!30 = !DILocalVariable(name: "F", arg: 2, scope: !2, file: !3, line: 6, type: !8)
!31 = !DILocalVariable(name: "unused", arg: 3, scope: !2, file: !3, line: 6, type: !10)
!32 = !DILocation(line: 6, column: 58, scope: !2)
!33 = !DILocalVariable(name: "n", arg: 4, scope: !2, file: !3, line: 6, type: !14)
!34 = !DILocation(line: 8, column: 16, scope: !2)
!35 = !DILocation(line: 8, column: 47, scope: !2)
!36 = !DILocation(line: 8, column: 78, scope: !2)
!37 = !DILocation(line: 8, column: 45, scope: !2)
!38 = !DILocalVariable(name: "t", scope: !2, file: !3, line: 8, type: !14)
!39 = !DILocation(line: 9, column: 11, scope: !2)
!40 = !DILocation(line: 9, column: 3, scope: !2)
!41 = !DILocation(line: 9, column: 9, scope: !2)
!42 = !DILocation(line: 10, column: 3, scope: !2)
!43 = !DILocalVariable(name: "i", scope: !44, file: !3, line: 11, type: !14)
!44 = distinct !DILexicalBlock(scope: !2, file: !3, line: 11, column: 3)
!45 = !DILocation(line: 0, scope: !44)
!46 = !DILocation(line: 11, column: 8, scope: !44)
!47 = !DILocation(line: 11, scope: !44)
!48 = !DILocation(line: 11, column: 26, scope: !49)
!49 = distinct !DILexicalBlock(scope: !44, file: !3, line: 11, column: 3)
!50 = !DILocation(line: 11, column: 3, scope: !44)
!51 = !DILocation(line: 12, column: 19, scope: !49)
!52 = !DILocation(line: 12, column: 24, scope: !49)
!53 = !DILocation(line: 12, column: 13, scope: !49)
!54 = !DILocation(line: 12, column: 5, scope: !49)
!55 = !DILocation(line: 12, column: 10, scope: !49)
!56 = !DILocation(line: 11, column: 32, scope: !49)
!57 = !DILocation(line: 11, column: 3, scope: !49)
!58 = distinct !{!58, !50, !59, !60}
!59 = !DILocation(line: 12, column: 28, scope: !44)
!60 = !{!"llvm.loop.mustprogress"}
!61 = !DILocation(line: 13, column: 10, scope: !2)
!62 = !DILocation(line: 13, column: 15, scope: !2)
!63 = !DILocation(line: 13, column: 40, scope: !2)
!64 = !DILocation(line: 13, column: 24, scope: !2)
!65 = !DILocation(line: 13, column: 22, scope: !2)
!66 = !DILocation(line: 13, column: 3, scope: !2)
!67 = !DILocation(line: 13, column: 8, scope: !2)
!68 = !DILocation(line: 14, column: 1, scope: !2)
