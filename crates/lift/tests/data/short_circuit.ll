; ModuleID = 'short_circuit.ll.tmp'
source_filename = "short_circuit.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64"

; Function Attrs: convergent noinline norecurse nounwind
define dso_local spir_kernel void @short_circuit(ptr addrspace(1) noundef align 4 %0, ptr addrspace(1) noundef align 4 %1, i32 noundef %2) #0 !dbg !8 !kernel_arg_addr_space !14 !kernel_arg_access_qual !15 !kernel_arg_type !16 !kernel_arg_base_type !16 !kernel_arg_type_qual !17 {
    #dbg_value(ptr addrspace(1) %0, !18, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !19)
    #dbg_value(ptr addrspace(1) %1, !20, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !19)
    #dbg_value(i32 %2, !21, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !19)
  %4 = call spir_func i64 @_Z12get_local_idj(i32 noundef 0) #2, !dbg !22
  %5 = trunc i64 %4 to i32, !dbg !22
    #dbg_value(i32 %5, !23, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !19)
  %6 = icmp slt i32 %5, %2, !dbg !24
  br i1 %6, label %7, label %15, !dbg !26

7:                                                ; preds = %3
  %8 = sext i32 %5 to i64, !dbg !27
  %9 = getelementptr inbounds i32, ptr addrspace(1) %0, i64 %8, !dbg !27
  %10 = load i32, ptr addrspace(1) %9, align 4, !dbg !27
  %11 = icmp sgt i32 %10, 0, !dbg !28
  br i1 %11, label %12, label %15, !dbg !29

12:                                               ; preds = %7
  %13 = sext i32 %5 to i64, !dbg !30
  %14 = getelementptr inbounds i32, ptr addrspace(1) %1, i64 %13, !dbg !30
  store i32 1, ptr addrspace(1) %14, align 4, !dbg !32
  br label %15, !dbg !33

15:                                               ; preds = %12, %7, %3
  %16 = icmp eq i32 %5, 0, !dbg !34
  br i1 %16, label %22, label %17, !dbg !36

17:                                               ; preds = %15
  %18 = sext i32 %5 to i64, !dbg !37
  %19 = getelementptr inbounds i32, ptr addrspace(1) %1, i64 %18, !dbg !37
  %20 = load i32, ptr addrspace(1) %19, align 4, !dbg !37
  %21 = icmp ne i32 %20, 0, !dbg !38
  br i1 %21, label %22, label %25, !dbg !39

22:                                               ; preds = %17, %15
  %23 = sext i32 %5 to i64, !dbg !40
  %24 = getelementptr inbounds i32, ptr addrspace(1) %0, i64 %23, !dbg !40
  store i32 0, ptr addrspace(1) %24, align 4, !dbg !42
  br label %25, !dbg !43

25:                                               ; preds = %22, %17
  ret void, !dbg !44
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
!1 = !DIFile(filename: "short_circuit.cl", directory: "/work/main/crates/lift/tests/data", checksumkind: CSK_MD5, checksum: "ab0c727d4f1940828c83572e8b5bb0da")
!2 = !{i32 7, !"Dwarf Version", i32 5}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 1, !"wchar_size", i32 4}
!5 = !{i32 7, !"frame-pointer", i32 2}
!6 = !{i32 1, i32 2}
!7 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!8 = distinct !DISubprogram(name: "short_circuit", scope: !1, file: !1, line: 2, type: !9, scopeLine: 2, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !13)
!9 = !DISubroutineType(cc: DW_CC_LLVM_OpenCLKernel, types: !10)
!10 = !{null, !11, !11, !12}
!11 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !12, size: 64, dwarfAddressSpace: 1)
!12 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!13 = !{}
!14 = !{i32 1, i32 1, i32 0}
!15 = !{!"none", !"none", !"none"}
!16 = !{!"int*", !"int*", !"int"}
!17 = !{!"", !"", !""}
!18 = !DILocalVariable(name: "A", arg: 1, scope: !8, file: !1, line: 2, type: !11)
!19 = !DILocation(line: 0, scope: !8)
!20 = !DILocalVariable(name: "B", arg: 2, scope: !8, file: !1, line: 2, type: !11)
!21 = !DILocalVariable(name: "n", arg: 3, scope: !8, file: !1, line: 2, type: !12)
!22 = !DILocation(line: 3, column: 11, scope: !8)
!23 = !DILocalVariable(name: "i", scope: !8, file: !1, line: 3, type: !12)
!24 = !DILocation(line: 4, column: 9, scope: !25)
!25 = distinct !DILexicalBlock(scope: !8, file: !1, line: 4, column: 7)
!26 = !DILocation(line: 4, column: 13, scope: !25)
!27 = !DILocation(line: 4, column: 16, scope: !25)
!28 = !DILocation(line: 4, column: 21, scope: !25)
!29 = !DILocation(line: 4, column: 7, scope: !8)
!30 = !DILocation(line: 5, column: 5, scope: !31)
!31 = distinct !DILexicalBlock(scope: !25, file: !1, line: 4, column: 26)
!32 = !DILocation(line: 5, column: 10, scope: !31)
!33 = !DILocation(line: 6, column: 3, scope: !31)
!34 = !DILocation(line: 7, column: 9, scope: !35)
!35 = distinct !DILexicalBlock(scope: !8, file: !1, line: 7, column: 7)
!36 = !DILocation(line: 7, column: 14, scope: !35)
!37 = !DILocation(line: 7, column: 17, scope: !35)
!38 = !DILocation(line: 7, column: 22, scope: !35)
!39 = !DILocation(line: 7, column: 7, scope: !8)
!40 = !DILocation(line: 8, column: 5, scope: !41)
!41 = distinct !DILexicalBlock(scope: !35, file: !1, line: 7, column: 28)
!42 = !DILocation(line: 8, column: 10, scope: !41)
!43 = !DILocation(line: 9, column: 3, scope: !41)
!44 = !DILocation(line: 10, column: 1, scope: !8)
