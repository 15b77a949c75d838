#!/bin/sh
# JSON additionalContext.
cat > /dev/null
echo '{"hookSpecificOutput": {"hookEventName": "SessionStart", "additionalContext": "the build uses make"}}'
