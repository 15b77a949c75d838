#!/bin/sh
# PreToolUse: ask the user, giving no reason.
cat > /dev/null
echo '{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "ask"}}'
