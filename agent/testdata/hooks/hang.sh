#!/bin/sh
# A hook that never answers: its child's pid is kept so the test can
# check that the timeout killed it too.
sleep 60 &
echo $! > "$PANTO_PROJECT_DIR/hang.pid"
wait
