#!/bin/sh
# UserPromptSubmit / SessionStart: plain stdout is context for the model.
cat > /dev/null
echo "house rule: answer in French"
