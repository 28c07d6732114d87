; ModuleID = 'if_else.ll.tmp'
source_filename = "if_else.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64"

; Function Attrs: convergent noinline norecurse nounwind
define dso_local spir_kernel void @if_else(ptr addrspace(1) noundef align 4 %0, i32 noundef %1) #0 !dbg !8 !kernel_arg_addr_space !14 !kernel_arg_access_qual !15 !kernel_arg_type !16 !kernel_arg_base_type !16 !kernel_arg_type_qual !17 {
    #dbg_value(ptr addrspace(1) %0, !18, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !19)
    #dbg_value(i32 %1, !20, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !19)
  %3 = call spir_func i64 @_Z12get_local_idj(i32 noundef 0) #2, !dbg !21
  %4 = trunc i64 %3 to i32, !dbg !21
    #dbg_value(i32 %4, !22, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !19)
  %5 = icmp slt i32 %4, %1, !dbg !23
  br i1 %5, label %6, label %11, !dbg !25

6:                                                ; preds = %2
  %7 = sext i32 %4 to i64, !dbg !26
  %8 = getelementptr inbounds i32, ptr addrspace(1) %0, i64 %7, !dbg !26
  %9 = load i32, ptr addrspace(1) %8, align 4, !dbg !26
  %10 = add nsw i32 %9, 1, !dbg !28
    #dbg_value(i32 %10, !29, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !19)
  br label %13, !dbg !30

11:                                               ; preds = %2
  %12 = mul nsw i32 2, %4, !dbg !31
    #dbg_value(i32 %12, !29, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !19)
  br label %13

13:                                               ; preds = %11, %6
  %.0 = phi i32 [ %10, %6 ], [ %12, %11 ], !dbg !33
    #dbg_value(i32 %.0, !29, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !19)
  %14 = sext i32 %4 to i64, !dbg !34
  %15 = getelementptr inbounds i32, ptr addrspace(1) %0, i64 %14, !dbg !34
  store i32 %.0, ptr addrspace(1) %15, align 4, !dbg !35
  ret void, !dbg !36
}

; Function Attrs: convergent nounwind willreturn memory(none)
declare dso_local spir_func i64 @_Z12get_local_idj(i32 noundef) #1

attributes #0 = { convergent noinline norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "uniform-work-group-size"="true" }
attributes #1 = { convergent nounwind willreturn memory(none) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #2 = { convergent nounwind willreturn memory(none) }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3, !4, !5}
!opencl.ocl.version = !{!6}
!opencl.spir.version = !{!6}
!llvm.ident = !{!7}

!0 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !1, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "if_else.cl", directory: "/work/main/crates/lift/tests/data", checksumkind: CSK_MD5, checksum: "900cda890251dc8c54cf79cc5ebe13ca")
!2 = !{i32 7, !"Dwarf Version", i32 5}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 1, !"wchar_size", i32 4}
!5 = !{i32 7, !"frame-pointer", i32 2}
!6 = !{i32 1, i32 2}
!7 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!8 = distinct !DISubprogram(name: "if_else", scope: !1, file: !1, line: 2, type: !9, scopeLine: 2, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !13)
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
!22 = !DILocalVariable(name: "i", scope: !8, file: !1, line: 3, type: !12)
!23 = !DILocation(line: 5, column: 9, scope: !24)
!24 = distinct !DILexicalBlock(scope: !8, file: !1, line: 5, column: 7)
!25 = !DILocation(line: 5, column: 7, scope: !8)
!26 = !DILocation(line: 6, column: 9, scope: !27)
!27 = distinct !DILexicalBlock(scope: !24, file: !1, line: 5, column: 14)
!28 = !DILocation(line: 6, column: 14, scope: !27)
!29 = !DILocalVariable(name: "v", scope: !8, file: !1, line: 4, type: !12)
!30 = !DILocation(line: 7, column: 3, scope: !27)
!31 = !DILocation(line: 8, column: 11, scope: !32)
!32 = distinct !DILexicalBlock(scope: !24, file: !1, line: 7, column: 10)
!33 = !DILocation(line: 0, scope: !24)
!34 = !DILocation(line: 10, column: 3, scope: !8)
!35 = !DILocation(line: 10, column: 8, scope: !8)
!36 = !DILocation(line: 11, column: 1, scope: !8)
