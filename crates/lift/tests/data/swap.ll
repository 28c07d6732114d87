; ModuleID = 'swap.ll.tmp'
source_filename = "swap.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64"

; Function Attrs: convergent noinline norecurse nounwind
define dso_local spir_kernel void @swap(ptr addrspace(1) noundef align 4 %0, i32 noundef %1) #0 !dbg !8 !kernel_arg_addr_space !14 !kernel_arg_access_qual !15 !kernel_arg_type !16 !kernel_arg_base_type !16 !kernel_arg_type_qual !17 {
    #dbg_value(ptr addrspace(1) %0, !18, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !19)
    #dbg_value(i32 %1, !20, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !19)
  %3 = getelementptr inbounds i32, ptr addrspace(1) %0, i64 0, !dbg !21
  %4 = load i32, ptr addrspace(1) %3, align 4, !dbg !21
    #dbg_value(i32 %4, !22, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !19)
  %5 = getelementptr inbounds i32, ptr addrspace(1) %0, i64 1, !dbg !23
  %6 = load i32, ptr addrspace(1) %5, align 4, !dbg !23
    #dbg_value(i32 %6, !24, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !19)
    #dbg_value(i32 0, !25, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !27)
  br label %7, !dbg !28

7:                                                ; preds = %10, %2
  %.02 = phi i32 [ %4, %2 ], [ %.01, %10 ], !dbg !19
  %.01 = phi i32 [ %6, %2 ], [ %.02, %10 ], !dbg !19
  %.0 = phi i32 [ 0, %2 ], [ %11, %10 ], !dbg !29
    #dbg_value(i32 %.0, !25, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !27)
    #dbg_value(i32 %.01, !24, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !19)
    #dbg_value(i32 %.02, !22, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !19)
  %8 = icmp slt i32 %.0, %1, !dbg !30
  br i1 %8, label %9, label %12, !dbg !32

9:                                                ; preds = %7
    #dbg_value(i32 %.02, !33, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !35)
    #dbg_value(i32 %.01, !22, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !19)
    #dbg_value(i32 %.02, !24, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !19)
  br label %10, !dbg !36

10:                                               ; preds = %9
  %11 = add nsw i32 %.0, 1, !dbg !37
    #dbg_value(i32 %11, !25, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !27)
  br label %7, !dbg !38, !llvm.loop !39

12:                                               ; preds = %7
  %13 = sub nsw i32 %.02, %.01, !dbg !41
  %14 = getelementptr inbounds i32, ptr addrspace(1) %0, i64 2, !dbg !42
  store i32 %13, ptr addrspace(1) %14, align 4, !dbg !43
  ret void, !dbg !44
}

attributes #0 = { convergent noinline norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "uniform-work-group-size"="true" }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3, !4, !5}
!opencl.ocl.version = !{!6}
!opencl.spir.version = !{!6}
!llvm.ident = !{!7}

!0 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !1, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "swap.cl", directory: "/work/main/crates/lift/tests/data", checksumkind: CSK_MD5, checksum: "7c05a02e77e3dd6cf07fa6472aeaf124")
!2 = !{i32 7, !"Dwarf Version", i32 5}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 1, !"wchar_size", i32 4}
!5 = !{i32 7, !"frame-pointer", i32 2}
!6 = !{i32 1, i32 2}
!7 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!8 = distinct !DISubprogram(name: "swap", scope: !1, file: !1, line: 2, type: !9, scopeLine: 2, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !13)
!9 = !DISubroutineType(cc: DW_CC_LLVM_OpenCLKernel, types: !10)
!10 = !{null, !11, !12}
!11 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !12, size: 64, dwarfAddressSpace: 1)
!12 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!13 = !{}
!14 = !{i32 1, i32 0}
!15 = !{!"none", !"none"}
!16 = !{!"int*", !"int"}
!17 = !{!"", !""}
!18 = !DILocalVariable(name: "A", arg: 1, scope: !8, file: !1, line: 2, type: !11)
!19 = !DILocation(line: 0, scope: !8)
!20 = !DILocalVariable(name: "n", arg: 2, scope: !8, file: !1, line: 2, type: !12)
!21 = !DILocation(line: 3, column: 11, scope: !8)
!22 = !DILocalVariable(name: "a", scope: !8, file: !1, line: 3, type: !12)
!23 = !DILocation(line: 3, column: 21, scope: !8)
!24 = !DILocalVariable(name: "b", scope: !8, file: !1, line: 3, type: !12)
!25 = !DILocalVariable(name: "i", scope: !26, file: !1, line: 4, type: !12)
!26 = distinct !DILexicalBlock(scope: !8, file: !1, line: 4, column: 3)
!27 = !DILocation(line: 0, scope: !26)
!28 = !DILocation(line: 4, column: 8, scope: !26)
!29 = !DILocation(line: 4, scope: !26)
!30 = !DILocation(line: 4, column: 21, scope: !31)
!31 = distinct !DILexicalBlock(scope: !26, file: !1, line: 4, column: 3)
!32 = !DILocation(line: 4, column: 3, scope: !26)
!33 = !DILocalVariable(name: "t", scope: !34, file: !1, line: 5, type: !12)
!34 = distinct !DILexicalBlock(scope: !31, file: !1, line: 4, column: 31)
!35 = !DILocation(line: 0, scope: !34)
!36 = !DILocation(line: 8, column: 3, scope: !34)
!37 = !DILocation(line: 4, column: 27, scope: !31)
!38 = !DILocation(line: 4, column: 3, scope: !31)
!39 = distinct !{!39, !32, !40}
!40 = !DILocation(line: 8, column: 3, scope: !26)
!41 = !DILocation(line: 9, column: 12, scope: !8)
!42 = !DILocation(line: 9, column: 3, scope: !8)
!43 = !DILocation(line: 9, column: 8, scope: !8)
!44 = !DILocation(line: 10, column: 1, scope: !8)
