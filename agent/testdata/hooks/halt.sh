#!/bin/sh
# Any event: continue false, with a stop reason.
cat > /dev/null
echo '{"continue": false, "stopReason": "the budget is spent"}'
