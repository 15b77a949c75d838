package host

import (
	"context"

	"panto/runtime"
)

// Permission fires tool_permission (ABI 1.2) with the verdict the
// session's permission policy reached, and returns the decision and
// reason as the handlers left them: this is how extensions vote on a
// call before it is dispatched. A quiet call (an owned agent's, a job's)
// fires no events, so its verdict comes back unchanged.
func (tc *ToolCall) Permission(ctx context.Context, effects []string, mode, decision, reason, rule string) (string, string) {
	if tc.quiet {
		return decision, reason
	}
	in := tc.Input
	if in.IsNil() {
		in = runtime.TableValue(runtime.NewTable(0, 0))
	}
	f := tc.fire(ctx, "tool_permission", tc.fields(fieldValues{
		"input": in, "effects": stringList(effects), "mode": str(mode),
		"decision": str(decision), "reason": str(reason), "rule": optString(rule),
	}))
	return f["decision"].AsString(), f["reason"].AsString()
}
