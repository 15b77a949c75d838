#!/bin/sh
# PreToolUse: allow by JSON.
cat > /dev/null
echo '{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "allow", "permissionDecisionReason": "the hook trusts it"}}'
