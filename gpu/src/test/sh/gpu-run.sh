#!/usr/bin/env bash
# run.sh tests|bench|e2e|all, in a folder made by bin/gpu-bundle, on a machine with a CUDA
# device (bin/gpu-bundle says what each step does). Output under $OUT (default /tmp/out).
set -u
B=$(cd "$(dirname "$0")" && pwd)
OUT=${OUT:-/tmp/out}
mkdir -p "$OUT"
if java -version 2>&1 | grep -q '"17'; then J=java; else
  tar -C /tmp -xJf "$B/jre17.tar.xz"; J=/tmp/jre17/bin/java; fi
echo "== machine"; nvidia-smi -L; nproc; $J -version 2>&1 | head -1
LIB=$(ls "$B"/lib/*.jar | tr '\n' ':')
TCP="$(ls "$B"/test/*-tests.jar "$B"/test/gpu-tests.jar | tr '\n' ':')$LIB"
OPENS=$(cat "$B/jvm-opens.txt")
step=${1:-all}
if [[ $step == all || $step == tests ]]; then
  echo "== tests"
  timeout 300 $J -Xmx8g -jar "$B"/test/junit-platform-console-standalone-*.jar execute \
    --class-path "$TCP" --select-package io.isoverify.gpu --details=tree --disable-banner \
    --disable-ansi-colors --reports-dir "$OUT/junit" > "$OUT/tests.txt" 2>&1
  echo "tests exit $?"
  tail -16 "$OUT/tests.txt"
fi
if [[ $step == all || $step == bench ]]; then
  echo "== index build, 1M nodes"
  for s in ${SESSIONS:-20 200}; do
    timeout 240 $J -Xmx16g -cp "$TCP" io.isoverify.gpu.GpuBenchmark 1000000 "$s" 3 3 2>&1 | tee -a "$OUT/bench.txt"
  done
fi
if [[ $step == all || $step == e2e ]]; then
  echo "== end to end"
  N=${N:-1000000}
  GS=${GEN_SESSIONS:-20}
  H=/tmp/general-$GS-$N.jsonl
  # a history left by an earlier call on the same machine is reused
  [ -f "$H" ] || $J -Xmx16g -cp "$LIB" io.isoverify.cli.GenerateCommand --sessions "$GS" --ops 8-15 \
    --keys 100000 --distribution zipf --seed 1 --txns "$N" "$H"
  for lvl in ${LEVELS:-SER SI}; do
    for g in ${GPUS:-off on}; do
      echo "-- $lvl --gpu $g"
      /usr/bin/time -f "wall %e s, peak RSS %M KB" timeout "${VTIMEOUT:-400}" $J $OPENS -Xmx"${HEAP:-16g}" \
        -Dslf4j.provider=org.slf4j.helpers.NOP_FallbackServiceProvider -Dslf4j.internal.verbosity=WARN \
        -cp "$LIB" io.isoverify.cli.VerifyCommand --level "$lvl" --gpu "$g" "$H" > "$OUT/e2e-$lvl-$g.txt" 2>&1
      echo "exit $?"
      grep -v "^verify:" "$OUT/e2e-$lvl-$g.txt"
    done
  done
fi
