#!/bin/bash
# Submits the match's shards as a job array and the merge to run once every shard has ended well.
# Usage: deploy/slurm/run.sh (with the environment of match.sbatch; to change the shard count, pass
# --array=0-(N-1), as: deploy/slurm/run.sh --array=0-15)
set -euo pipefail
here=$(dirname "$0")
array=$(sbatch --parsable "$@" "$here/match.sbatch")
sbatch --dependency="afterok:$array" "$here/merge.sbatch"
echo "shards: job $array; the merge runs after them"
