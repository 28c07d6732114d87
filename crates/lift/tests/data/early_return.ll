; ModuleID = 'early_return.ll.tmp'
source_filename = "early_return.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64"

; Function Attrs: convergent noinline norecurse nounwind
define dso_local spir_kernel void @early_return(ptr addrspace(1) noundef align 4 %0, i32 noundef %1) #0 !dbg !8 !kernel_arg_addr_space !14 !kernel_arg_access_qual !15 !kernel_arg_type !16 !kernel_arg_base_type !16 !kernel_arg_type_qual !17 {
    #dbg_value(ptr addrspace(1) %0, !18, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !19)
    #dbg_value(i32 %1, !20, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !19)
  %3 = call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #3, !dbg !21
  %4 = trunc i64 %3 to i32, !dbg !21
    #dbg_value(i32 %4, !22, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !19)
  %5 = icmp sge i32 %4, %1, !dbg !23
  br i1 %5, label %6, label %7, !dbg !25

6:                                                ; preds = %2
  br label %14, !dbg !26

7:                                                ; preds = %2
  %8 = sext i32 %4 to i64, !dbg !27
  %9 = getelementptr inbounds i32, ptr addrspace(1) %0, i64 %8, !dbg !27
  %10 = load i32, ptr addrspace(1) %9, align 4, !dbg !27
  %11 = add nsw i32 %10, 1, !dbg !28
  %12 = sext i32 %4 to i64, !dbg !29
  %13 = getelementptr inbounds i32, ptr addrspace(1) %0, i64 %12, !dbg !29
  store i32 %11, ptr addrspace(1) %13, align 4, !dbg !30
  call spir_func void @_Z7barrierj(i32 noundef 2) #4, !dbg !31
  br label %14, !dbg !32

14:                                               ; preds = %7, %6
  ret void, !dbg !32
}

; Function Attrs: convergent nounwind willreturn memory(none)
declare dso_local spir_func i64 @_Z13get_global_idj(i32 noundef) #1

; Function Attrs: convergent nounwind
declare dso_local spir_func void @_Z7barrierj(i32 noundef) #2

attributes #0 = { convergent noinline norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "uniform-work-group-size"="true" }
attributes #1 = { convergent nounwind willreturn memory(none) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #2 = { convergent nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #3 = { convergent nounwind willreturn memory(none) }
attributes #4 = { convergent nounwind }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3, !4, !5}
!opencl.ocl.version = !{!6}
!opencl.spir.version = !{!6}
!llvm.ident = !{!7}

!0 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !1, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "early_return.cl", directory: "/work/main/crates/lift/tests/data", checksumkind: CSK_MD5, checksum: "a1a873b2069571d41e08abe7d183d60e")
!2 = !{i32 7, !"Dwarf Version", i32 5}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 1, !"wchar_size", i32 4}
!5 = !{i32 7, !"frame-pointer", i32 2}
!6 = !{i32 1, i32 2}
!7 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!8 = distinct !DISubprogram(name: "early_return", scope: !1, file: !1, line: 2, type: !9, scopeLine: 2, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !13)
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
!23 = !DILocation(line: 4, column: 9, scope: !24)
!24 = distinct !DILexicalBlock(scope: !8, file: !1, line: 4, column: 7)
!25 = !DILocation(line: 4, column: 7, scope: !8)
!26 = !DILocation(line: 5, column: 5, scope: !24)
!27 = !DILocation(line: 6, column: 10, scope: !8)
!28 = !DILocation(line: 6, column: 15, scope: !8)
!29 = !DILocation(line: 6, column: 3, scope: !8)
!30 = !DILocation(line: 6, column: 8, scope: !8)
!31 = !DILocation(line: 7, column: 3, scope: !8)
!32 = !DILocation(line: 8, column: 1, scope: !8)
