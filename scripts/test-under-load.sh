#!/usr/bin/env bash
# The suite under load: `npm test` twice in a row while busy loops take the CPU beside it (two by
# default, one per core of the usual 2-core machine), to show no test depends on timing. The loops
# stop with the script, whatever its outcome.
#   npm run test:load              two runs of `npm test` beside two busy loops
#   HOGS=4 RUNS=1 npm run test:load
set -uo pipefail
cd "$(dirname "$0")/.."
hogs=${HOGS:-2}
runs=${RUNS:-2}
pids=()
stop_hogs() { [ ${#pids[@]} -gt 0 ] && kill "${pids[@]}" 2>/dev/null; }
trap stop_hogs EXIT
for _ in $(seq "$hogs"); do
  node -e 'for (;;) {}' &
  pids+=($!)
done
echo "== $hogs busy loops running (pids ${pids[*]})"
failed=0
for run in $(seq "$runs"); do
  started=$SECONDS
  if npm test -- "$@"; then result=passed; else result=FAILED; failed=1; fi
  echo "== run $run of $runs under load: $result in $((SECONDS - started)) s"
done
exit $failed
