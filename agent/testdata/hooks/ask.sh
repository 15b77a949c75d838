#!/bin/sh
# PreToolUse: ask the user, with a reason.
cat > /dev/null
echo '{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "ask", "permissionDecisionReason": "the hook wants a human to look"}}'
