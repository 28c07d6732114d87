#!/usr/bin/env bash
# Checks that every kernel here compiles with clang-19 and the project's headers,
# except the deliberate CLANG_ERROR ones, which must fail with the message their
# header expects (unless the error is in their --boogie-file). Usage: test-kernels/check_compile.sh [INCLUDE_DIR]
# (default INCLUDE_DIR: crates/driver/include, holding lockstep.h and cuda.h). cuda_toolkit/
# is left out: its kernels need a CUDA toolkit's headers (scripts/setup --cuda-toolkit).
set -u
here="$(cd "$(dirname "$0")" && pwd)"
inc="${1:-$here/../crates/driver/include}"
clang="${CLANG:-clang-19}"
status=0
while IFS= read -r -d '' k; do
  case "$k" in
    *.cl) cmd=("$clang" -x cl -cl-std=CL1.2 -target spir64 -fsyntax-only
               -include "$inc/lockstep.h" "$k") ;;
    *.cu) cmd=("$clang" -x cuda --cuda-device-only -nocudainc -nocudalib
               --cuda-gpu-arch=sm_70 -fsyntax-only -I "$inc"
               -include "$inc/cuda.h" -include "$inc/lockstep.h" "$k") ;;
    *) continue ;;
  esac
  out="$("${cmd[@]}" 2>&1)"
  rc=$?
  # A front-end error that comes from a --boogie-file, not from clang: the kernel itself
  # must compile.
  if head -1 "$k" | grep -q '^//xfail:CLANG_ERROR' && ! sed -n 2p "$k" | grep -q -- '--boogie-file'; then
    want="$(sed -n 3p "$k" | sed 's|^//||')"
    if [ $rc -eq 0 ] || ! grep -Eq -- "$want" <<<"$out"; then
      echo "EXPECTED CLANG ERROR /$want/ not seen: $k"; status=1
    fi
  elif [ $rc -ne 0 ]; then
    echo "DOES NOT COMPILE: $k"; echo "$out" | head -5; status=1
  fi
done < <(find "$here" -path "$here/cuda_toolkit" -prune -o \( -name '*.cl' -o -name '*.cu' \) -print0 | sort -z)
exit $status
