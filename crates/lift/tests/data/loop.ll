; ModuleID = 'loop.ll.tmp'
source_filename = "loop.cl"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64"

; Function Attrs: convergent noinline norecurse nounwind
define dso_local spir_kernel void @loop(ptr addrspace(1) noundef align 4 %0, ptr addrspace(3) noundef align 4 %1, i32 noundef %2) #0 !dbg !10 !kernel_arg_addr_space !17 !kernel_arg_access_qual !18 !kernel_arg_type !19 !kernel_arg_base_type !19 !kernel_arg_type_qual !20 {
  %4 = alloca [4 x i32], align 4
    #dbg_value(ptr addrspace(1) %0, !21, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !22)
    #dbg_value(ptr addrspace(3) %1, !23, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !22)
    #dbg_value(i32 %2, !24, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !22)
  %5 = call spir_func i64 @_Z12get_local_idj(i32 noundef 0) #3, !dbg !25
  %6 = trunc i64 %5 to i32, !dbg !25
    #dbg_value(i32 %6, !26, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !22)
    #dbg_declare(ptr %4, !27, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !31)
    #dbg_value(i32 0, !32, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !34)
  br label %7, !dbg !35

7:                                                ; preds = %13, %3
  %.01 = phi i32 [ 0, %3 ], [ %14, %13 ], !dbg !36
    #dbg_value(i32 %.01, !32, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !34)
  %8 = icmp slt i32 %.01, 4, !dbg !37
  br i1 %8, label %9, label %15, !dbg !39

9:                                                ; preds = %7
  %10 = mul nsw i32 %.01, %6, !dbg !40
  %11 = sext i32 %.01 to i64, !dbg !41
  %12 = getelementptr inbounds [4 x i32], ptr %4, i64 0, i64 %11, !dbg !41
  store i32 %10, ptr %12, align 4, !dbg !42
  br label %13, !dbg !41

13:                                               ; preds = %9
  %14 = add nsw i32 %.01, 1, !dbg !43
    #dbg_value(i32 %14, !32, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !34)
  br label %7, !dbg !44, !llvm.loop !45

15:                                               ; preds = %7
    #dbg_value(i32 0, !47, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !49)
  br label %16, !dbg !50

16:                                               ; preds = %44, %15
  %.0 = phi i32 [ 0, %15 ], [ %45, %44 ], !dbg !51
    #dbg_value(i32 %.0, !47, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !49)
  %17 = icmp slt i32 %.0, %2, !dbg !52
  br i1 %17, label %18, label %46, !dbg !54

18:                                               ; preds = %16
  %19 = sext i32 %.0 to i64, !dbg !55
  %20 = call spir_func i64 @_Z14get_local_sizej(i32 noundef 0) #3, !dbg !57
  %21 = mul i64 %19, %20, !dbg !58
  %22 = sext i32 %6 to i64, !dbg !59
  %23 = add i64 %21, %22, !dbg !60
  %24 = getelementptr inbounds float, ptr addrspace(1) %0, i64 %23, !dbg !61
  %25 = load float, ptr addrspace(1) %24, align 4, !dbg !61
  %26 = sext i32 %6 to i64, !dbg !62
  %27 = getelementptr inbounds float, ptr addrspace(3) %1, i64 %26, !dbg !62
  store float %25, ptr addrspace(3) %27, align 4, !dbg !63
  call spir_func void @_Z7barrierj(i32 noundef 3) #4, !dbg !64
  %28 = add nsw i32 %6, 1, !dbg !65
  %29 = sext i32 %28 to i64, !dbg !66
  %30 = call spir_func i64 @_Z14get_local_sizej(i32 noundef 0) #3, !dbg !67
  %31 = urem i64 %29, %30, !dbg !68
  %32 = getelementptr inbounds float, ptr addrspace(3) %1, i64 %31, !dbg !69
  %33 = load float, ptr addrspace(3) %32, align 4, !dbg !69
  %34 = srem i32 %.0, 4, !dbg !70
  %35 = sext i32 %34 to i64, !dbg !71
  %36 = getelementptr inbounds [4 x i32], ptr %4, i64 0, i64 %35, !dbg !71
  %37 = load i32, ptr %36, align 4, !dbg !71
  %38 = sitofp i32 %37 to float, !dbg !72
  %39 = fadd float %33, %38, !dbg !73
  %40 = sext i32 %6 to i64, !dbg !74
  %41 = getelementptr inbounds float, ptr addrspace(1) %0, i64 %40, !dbg !74
  %42 = load float, ptr addrspace(1) %41, align 4, !dbg !75
  %43 = fadd float %42, %39, !dbg !75
  store float %43, ptr addrspace(1) %41, align 4, !dbg !75
  br label %44, !dbg !76

44:                                               ; preds = %18
  %45 = add nsw i32 %.0, 1, !dbg !77
    #dbg_value(i32 %45, !47, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !49)
  br label %16, !dbg !78, !llvm.loop !79

46:                                               ; preds = %16
  ret void, !dbg !81
}

; Function Attrs: convergent nounwind willreturn memory(none)
declare dso_local spir_func i64 @_Z12get_local_idj(i32 noundef) #1

; Function Attrs: convergent nounwind willreturn memory(none)
declare dso_local spir_func i64 @_Z14get_local_sizej(i32 noundef) #1

; Function Attrs: convergent nounwind
declare dso_local spir_func void @_Z7barrierj(i32 noundef) #2

attributes #0 = { convergent noinline norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "uniform-work-group-size"="true" }
attributes #1 = { convergent nounwind willreturn memory(none) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #2 = { convergent nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" }
attributes #3 = { convergent nounwind willreturn memory(none) }
attributes #4 = { convergent nounwind }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!4, !5, !6, !7}
!opencl.ocl.version = !{!8}
!opencl.spir.version = !{!8}
!llvm.ident = !{!9}

!0 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !1, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, retainedTypes: !2, splitDebugInlining: false, nameTableKind: None)
!1 = !DIFile(filename: "loop.cl", directory: "/work/main/crates/lift/tests/data", checksumkind: CSK_MD5, checksum: "24789019d29e408ef89ed2ea2682231b")
!2 = !{!3}
!3 = !DIBasicType(name: "float", size: 32, encoding: DW_ATE_float)
!4 = !{i32 7, !"Dwarf Version", i32 5}
!5 = !{i32 2, !"Debug Info Version", i32 3}
!6 = !{i32 1, !"wchar_size", i32 4}
!7 = !{i32 7, !"frame-pointer", i32 2}
!8 = !{i32 1, i32 2}
!9 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!10 = distinct !DISubprogram(name: "loop", scope: !1, file: !1, line: 2, type: !11, scopeLine: 2, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !16)
!11 = !DISubroutineType(cc: DW_CC_LLVM_OpenCLKernel, types: !12)
!12 = !{null, !13, !14, !15}
!13 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !3, size: 64, dwarfAddressSpace: 1)
!14 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !3, size: 64, dwarfAddressSpace: 3)
!15 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!16 = !{}
!17 = !{i32 1, i32 3, i32 0}
!18 = !{!"none", !"none", !"none"}
!19 = !{!"float*", !"float*", !"int"}
!20 = !{!"", !"", !""}
!21 = !DILocalVariable(name: "A", arg: 1, scope: !10, file: !1, line: 2, type: !13)
!22 = !DILocation(line: 0, scope: !10)
!23 = !DILocalVariable(name: "buf", arg: 2, scope: !10, file: !1, line: 2, type: !14)
!24 = !DILocalVariable(name: "n", arg: 3, scope: !10, file: !1, line: 2, type: !15)
!25 = !DILocation(line: 3, column: 13, scope: !10)
!26 = !DILocalVariable(name: "lid", scope: !10, file: !1, line: 3, type: !15)
!27 = !DILocalVariable(name: "priv", scope: !10, file: !1, line: 4, type: !28)
!28 = !DICompositeType(tag: DW_TAG_array_type, baseType: !15, size: 128, elements: !29)
!29 = !{!30}
!30 = !DISubrange(count: 4)
!31 = !DILocation(line: 4, column: 7, scope: !10)
!32 = !DILocalVariable(name: "k", scope: !33, file: !1, line: 5, type: !15)
!33 = distinct !DILexicalBlock(scope: !10, file: !1, line: 5, column: 3)
!34 = !DILocation(line: 0, scope: !33)
!35 = !DILocation(line: 5, column: 8, scope: !33)
!36 = !DILocation(line: 5, scope: !33)
!37 = !DILocation(line: 5, column: 21, scope: !38)
!38 = distinct !DILexicalBlock(scope: !33, file: !1, line: 5, column: 3)
!39 = !DILocation(line: 5, column: 3, scope: !33)
!40 = !DILocation(line: 6, column: 17, scope: !38)
!41 = !DILocation(line: 6, column: 5, scope: !38)
!42 = !DILocation(line: 6, column: 13, scope: !38)
!43 = !DILocation(line: 5, column: 27, scope: !38)
!44 = !DILocation(line: 5, column: 3, scope: !38)
!45 = distinct !{!45, !39, !46}
!46 = !DILocation(line: 6, column: 19, scope: !33)
!47 = !DILocalVariable(name: "j", scope: !48, file: !1, line: 7, type: !15)
!48 = distinct !DILexicalBlock(scope: !10, file: !1, line: 7, column: 3)
!49 = !DILocation(line: 0, scope: !48)
!50 = !DILocation(line: 7, column: 8, scope: !48)
!51 = !DILocation(line: 7, scope: !48)
!52 = !DILocation(line: 7, column: 21, scope: !53)
!53 = distinct !DILexicalBlock(scope: !48, file: !1, line: 7, column: 3)
!54 = !DILocation(line: 7, column: 3, scope: !48)
!55 = !DILocation(line: 8, column: 18, scope: !56)
!56 = distinct !DILexicalBlock(scope: !53, file: !1, line: 7, column: 31)
!57 = !DILocation(line: 8, column: 22, scope: !56)
!58 = !DILocation(line: 8, column: 20, scope: !56)
!59 = !DILocation(line: 8, column: 42, scope: !56)
!60 = !DILocation(line: 8, column: 40, scope: !56)
!61 = !DILocation(line: 8, column: 16, scope: !56)
!62 = !DILocation(line: 8, column: 5, scope: !56)
!63 = !DILocation(line: 8, column: 14, scope: !56)
!64 = !DILocation(line: 9, column: 5, scope: !56)
!65 = !DILocation(line: 10, column: 24, scope: !56)
!66 = !DILocation(line: 10, column: 19, scope: !56)
!67 = !DILocation(line: 10, column: 31, scope: !56)
!68 = !DILocation(line: 10, column: 29, scope: !56)
!69 = !DILocation(line: 10, column: 15, scope: !56)
!70 = !DILocation(line: 10, column: 66, scope: !56)
!71 = !DILocation(line: 10, column: 59, scope: !56)
!72 = !DILocation(line: 10, column: 52, scope: !56)
!73 = !DILocation(line: 10, column: 50, scope: !56)
!74 = !DILocation(line: 10, column: 5, scope: !56)
!75 = !DILocation(line: 10, column: 12, scope: !56)
!76 = !DILocation(line: 11, column: 3, scope: !56)
!77 = !DILocation(line: 7, column: 27, scope: !53)
!78 = !DILocation(line: 7, column: 3, scope: !53)
!79 = distinct !{!79, !54, !80}
!80 = !DILocation(line: 11, column: 3, scope: !48)
!81 = !DILocation(line: 12, column: 1, scope: !10)
