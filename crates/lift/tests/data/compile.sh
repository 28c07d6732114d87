#!/bin/sh
# Regenerates the .ll fixtures of the lift tests from their sources, the way the driver
# prepares a module: clang -O0 -g without optnone, then always-inline and mem2reg.
# Usage: ./compile.sh [file.cl|file.cu ...]   (default: every source here)
set -e
cd "$(dirname "$0")"
OPT=/usr/lib/llvm-19/bin/opt
[ $# -eq 0 ] && set -- *.cl *.cu
for src in "$@"; do
  out="${src%.*}.ll"
  case "$src" in
    *.cl) clang-19 -x cl -cl-std=CL1.2 -target spir64 -O0 -Xclang -disable-O0-optnone -g \
            -emit-llvm -S -o "$out.tmp" "$src" ;;
    *.cu) clang-19 -x cuda --cuda-device-only -nocudainc -nocudalib --cuda-gpu-arch=sm_70 \
            -O0 -Xclang -disable-O0-optnone -g -emit-llvm -S -o "$out.tmp" "$src" ;;
  esac
  "$OPT" -passes=always-inline,mem2reg -S -o "$out" "$out.tmp" 2>/dev/null
  rm -f "$out.tmp"
done
