#!/bin/sh
# Any event: continue false, giving no reason.
cat > /dev/null
echo '{"continue": false}'
