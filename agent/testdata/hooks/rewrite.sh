#!/bin/sh
# PreToolUse: rewrite the command (Claude Code's updatedInput) and allow.
cat > /dev/null
echo '{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "allow", "updatedInput": {"command": "touch rewritten"}}}'
