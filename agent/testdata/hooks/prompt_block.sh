#!/bin/sh
# UserPromptSubmit: block prompts that mention a secret.
if grep -q 'password'; then
  echo "prompts may not contain passwords" >&2
  exit 2
fi
