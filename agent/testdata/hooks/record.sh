#!/bin/sh
# Any event: append the event to events.jsonl in the project, say nothing.
cat >> "$PANTO_PROJECT_DIR/events.jsonl"
echo >> "$PANTO_PROJECT_DIR/events.jsonl"
