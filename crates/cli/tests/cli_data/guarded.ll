; ModuleID = 'guarded.cl'
source_filename = "guarded.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64"

; Function Attrs: convergent noinline norecurse nounwind
define dso_local spir_kernel void @guarded(ptr addrspace(1) noundef align 4 %0, i32 noundef %1) #0 !dbg !8 !kernel_arg_addr_space !14 !kernel_arg_access_qual !15 !kernel_arg_type !16 !kernel_arg_base_type !16 !kernel_arg_type_qual !17 {
  %3 = alloca ptr addrspace(1), align 8
  %4 = alloca i32, align 4
  %5 = alloca i32, align 4
  store ptr addrspace(1) %0, ptr %3, align 8
    #dbg_declare(ptr %3, !18, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !19)
  store i32 %1, ptr %4, align 4
    #dbg_declare(ptr %4, !20, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !21)
    #dbg_declare(ptr %5, !22, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !23)
  %6 = call spir_func i64 @_Z13get_global_idj(i32 noundef 0) #2, !dbg !24
  %7 = trunc i64 %6 to i32, !dbg !24
  store i32 %7, ptr %5, align 4, !dbg !23
  %8 = load i32, ptr %5, align 4, !dbg !25
  %9 = load i32, ptr %4, align 4, !dbg !27
  %10 = icmp slt i32 %8, %9, !dbg !28
  br i1 %10, label %11, label %22, !dbg !29

11:                                               ; preds = %2
  %12 = load ptr addrspace(1), ptr %3, align 8, !dbg !30
  %13 = load i32, ptr %5, align 4, !dbg !32
  %14 = sext i32 %13 to i64, !dbg !30
  %15 = getelementptr inbounds i32, ptr addrspace(1) %12, i64 %14, !dbg !30
  %16 = load i32, ptr addrspace(1) %15, align 4, !dbg !30
  %17 = mul nsw i32 2, %16, !dbg !33
  %18 = load ptr addrspace(1), ptr %3, align 8, !dbg !34
  %19 = load i32, ptr %5, align 4, !dbg !35
  %20 = sext i32 %19 to i64, !dbg !34
  %21 = getelementptr inbounds i32, ptr addrspace(1) %18, i64 %20, !dbg !34
  store i32 %17, ptr addrspace(1) %21, align 4, !dbg !36
  br label %22, !dbg !37

22:                                               ; preds = %11, %2
  ret void, !dbg !38
}

; Function Attrs: convergent nounwind willreturn memory(none)
declare dso_local spir_func i64 @_Z13get_global_idj(i32 noundef) #1

attributes #0 = { convergent noinline norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "uniform-work-group-size"="true" }
attributes #1 = { convergent nounwind willreturn memory(none) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #2 = { convergent nounwind willreturn memory(none) }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3, !4, !5}
!opencl.ocl.version = !{!6}
!opencl.spir.version = !{!6}
!llvm.ident = !{!7}

!0 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !1, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "guarded.cl", directory: ".", checksumkind: CSK_MD5, checksum: "78f3ce71328fef7a77355e13f550bb19")
!2 = !{i32 7, !"Dwarf Version", i32 5}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 1, !"wchar_size", i32 4}
!5 = !{i32 7, !"frame-pointer", i32 2}
!6 = !{i32 1, i32 2}
!7 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!8 = distinct !DISubprogram(name: "guarded", scope: !1, file: !1, line: 2, type: !9, scopeLine: 2, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !13)
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
!19 = !DILocation(line: 2, column: 37, scope: !8)
!20 = !DILocalVariable(name: "n", arg: 2, scope: !8, file: !1, line: 2, type: !12)
!21 = !DILocation(line: 2, column: 44, scope: !8)
!22 = !DILocalVariable(name: "i", scope: !8, file: !1, line: 3, type: !12)
!23 = !DILocation(line: 3, column: 7, scope: !8)
!24 = !DILocation(line: 3, column: 11, scope: !8)
!25 = !DILocation(line: 4, column: 7, scope: !26)
!26 = distinct !DILexicalBlock(scope: !8, file: !1, line: 4, column: 7)
!27 = !DILocation(line: 4, column: 11, scope: !26)
!28 = !DILocation(line: 4, column: 9, scope: !26)
!29 = !DILocation(line: 4, column: 7, scope: !8)
!30 = !DILocation(line: 5, column: 16, scope: !31)
!31 = distinct !DILexicalBlock(scope: !26, file: !1, line: 4, column: 14)
!32 = !DILocation(line: 5, column: 18, scope: !31)
!33 = !DILocation(line: 5, column: 14, scope: !31)
!34 = !DILocation(line: 5, column: 5, scope: !31)
!35 = !DILocation(line: 5, column: 7, scope: !31)
!36 = !DILocation(line: 5, column: 10, scope: !31)
!37 = !DILocation(line: 6, column: 3, scope: !31)
!38 = !DILocation(line: 7, column: 1, scope: !8)
