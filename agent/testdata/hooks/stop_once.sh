#!/bin/sh
# Stop: keep the model going once; let it stop when stop_hook_active.
if grep -q '"stop_hook_active":true'; then
  exit 0
fi
echo '{"decision": "block", "reason": "run the tests before you stop"}'
