; ModuleID = 'switch.ll.tmp'
source_filename = "switch.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64"

; Function Attrs: convergent noinline norecurse nounwind
define dso_local spir_kernel void @switch_kernel(ptr addrspace(1) noundef align 4 %0) #0 !dbg !8 !kernel_arg_addr_space !14 !kernel_arg_access_qual !15 !kernel_arg_type !16 !kernel_arg_base_type !16 !kernel_arg_type_qual !17 {
    #dbg_value(ptr addrspace(1) %0, !18, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !19)
  %2 = call spir_func i64 @_Z12get_local_idj(i32 noundef 0) #2, !dbg !20
  %3 = trunc i64 %2 to i32, !dbg !20
    #dbg_value(i32 %3, !21, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !19)
    #dbg_value(i32 0, !22, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !19)
  %4 = srem i32 %3, 4, !dbg !23
  switch i32 %4, label %9 [
    i32 0, label %5
    i32 1, label %6
    i32 2, label %7
  ], !dbg !24

5:                                                ; preds = %1
    #dbg_value(i32 10, !22, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !19)
  br label %13, !dbg !25

6:                                                ; preds = %1
    #dbg_value(i32 20, !22, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !19)
  br label %7, !dbg !27

7:                                                ; preds = %6, %1
  %.0 = phi i32 [ 0, %1 ], [ 20, %6 ], !dbg !19
    #dbg_value(i32 %.0, !22, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !19)
  %8 = add nsw i32 %.0, 30, !dbg !28
    #dbg_value(i32 %8, !22, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !19)
  br label %13, !dbg !29

9:                                                ; preds = %1
  %10 = sext i32 %3 to i64, !dbg !30
  %11 = getelementptr inbounds i32, ptr addrspace(1) %0, i64 %10, !dbg !30
  %12 = load i32, ptr addrspace(1) %11, align 4, !dbg !30
    #dbg_value(i32 %12, !22, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !19)
  br label %13, !dbg !31

13:                                               ; preds = %9, %7, %5
  %.1 = phi i32 [ %12, %9 ], [ %8, %7 ], [ 10, %5 ], !dbg !32
    #dbg_value(i32 %.1, !22, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !19)
  %14 = sext i32 %3 to i64, !dbg !33
  %15 = getelementptr inbounds i32, ptr addrspace(1) %0, i64 %14, !dbg !33
  store i32 %.1, ptr addrspace(1) %15, align 4, !dbg !34
  ret void, !dbg !35
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
!1 = !DIFile(filename: "switch.cl", directory: "/work/main/crates/lift/tests/data", checksumkind: CSK_MD5, checksum: "3a4b8b054bc20004f7e18132c6fd9346")
!2 = !{i32 7, !"Dwarf Version", i32 5}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 1, !"wchar_size", i32 4}
!5 = !{i32 7, !"frame-pointer", i32 2}
!6 = !{i32 1, i32 2}
!7 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!8 = distinct !DISubprogram(name: "switch_kernel", scope: !1, file: !1, line: 2, type: !9, scopeLine: 2, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !13)
!9 = !DISubroutineType(cc: DW_CC_LLVM_OpenCLKernel, types: !10)
!10 = !{null, !11}
!11 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !12, size: 64, dwarfAddressSpace: 1)
!12 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!13 = !{}
!14 = !{i32 1}
!15 = !{!"none"}
!16 = !{!"int*"}
!17 = !{!""}
!18 = !DILocalVariable(name: "A", arg: 1, scope: !8, file: !1, line: 2, type: !11)
!19 = !DILocation(line: 0, scope: !8)
!20 = !DILocation(line: 3, column: 11, scope: !8)
!21 = !DILocalVariable(name: "i", scope: !8, file: !1, line: 3, type: !12)
!22 = !DILocalVariable(name: "r", scope: !8, file: !1, line: 4, type: !12)
!23 = !DILocation(line: 5, column: 13, scope: !8)
!24 = !DILocation(line: 5, column: 3, scope: !8)
!25 = !DILocation(line: 8, column: 5, scope: !26)
!26 = distinct !DILexicalBlock(scope: !8, file: !1, line: 5, column: 18)
!27 = !DILocation(line: 10, column: 5, scope: !26)
!28 = !DILocation(line: 12, column: 7, scope: !26)
!29 = !DILocation(line: 13, column: 5, scope: !26)
!30 = !DILocation(line: 15, column: 9, scope: !26)
!31 = !DILocation(line: 16, column: 3, scope: !26)
!32 = !DILocation(line: 0, scope: !26)
!33 = !DILocation(line: 17, column: 3, scope: !8)
!34 = !DILocation(line: 17, column: 8, scope: !8)
!35 = !DILocation(line: 18, column: 1, scope: !8)
