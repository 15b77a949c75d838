#!/bin/sh
# PreToolUse: keep the event for the test, then block with exit 2.
cat > "$CLAUDE_PROJECT_DIR/pre.json"
echo "no shell commands today" >&2
exit 2
