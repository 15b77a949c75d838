#!/bin/sh
# PreToolUse: allow by JSON, giving no reason.
cat > /dev/null
echo '{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "allow"}}'
