#!/usr/bin/env bash
# Spark's GPU discovery script (spark.executor.resource.gpu.discoveryScript): prints the
# executor's GPUs as Spark's ResourceInformation JSON, {"name":"gpu","addresses":["0","1"]},
# from nvidia-smi; no GPU (or no nvidia-smi) prints an empty list. Shipped in the spark-jobs
# jar; spark-jobs/README.md shows how to extract it and pass it to spark-submit.
set -u
ADDRS=""
if command -v nvidia-smi >/dev/null 2>&1; then
  ADDRS=$(nvidia-smi --query-gpu=index --format=csv,noheader 2>/dev/null \
    | tr -d ' ' | grep -E '^[0-9]+$' | sed 's/.*/"&"/' | paste -sd, -)
fi
echo "{\"name\":\"gpu\",\"addresses\":[${ADDRS}]}"
