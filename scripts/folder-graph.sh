#!/usr/bin/env bash
# The include graph between the folders of src/: prints "a -> b" when a file in src/a includes
# "b/…", and fails when the graph has a cycle (no folder may include one that includes it back).
set -euo pipefail
cd "$(dirname "$0")/../src"
edges=$(for f in */*.hpp */*.cpp; do
  from=${f%%/*}
  grep -oE '^#include "[a-z_]+/' "$f" | sed -E 's/^#include "//; s/\/$//' | while read -r to; do
    [ "$from" != "$to" ] && echo "$from $to"
  done
done | sort -u)
echo "$edges" | sed 's/ / -> /'
if ! echo "$edges" | tsort > /dev/null 2> /tmp/folder-graph.$$; then
  cat /tmp/folder-graph.$$ >&2; rm -f /tmp/folder-graph.$$
  echo "include cycle between folders of src/" >&2
  exit 1
fi
rm -f /tmp/folder-graph.$$
echo "no cycle"
