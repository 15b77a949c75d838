package abi

// ToolEffects returns the names a tool declaration's effects may use
// (ABI 1.2): the tool contract's "effects" in abi.json, which
// TestToolEffectsMatchDescription holds it to. The host checks every
// tool registration against it; reading it from the description would
// parse all of abi.json (85 KB of JSON, 10 M instructions, a quarter of
// `panto run DIR --list`) for four names.
func ToolEffects() []string { return []string{"read", "write", "execute", "network"} }
