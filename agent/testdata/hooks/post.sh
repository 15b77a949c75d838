#!/bin/sh
# PostToolUse: feedback the model reads after the result.
cat > "$CLAUDE_PROJECT_DIR/post.json"
echo '{"decision": "block", "reason": "lint: line 1 is too long"}'
