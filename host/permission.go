package host

import (
	"context"

	"panto/runtime"
)

// Permission fires tool_permission (ABI 1.2) with the verdict the
// session's permission policy reached, and returns the decision and
// reason as the handlers left them: this is how extensions vote on a
// call before it is dispatched. Unlike the lifecycle events, it fires
// for quiet calls too (an owned agent's, a job's, a subagent's): a vote
// must hold whichever agent makes the call.
func (tc *ToolCall) Permission(ctx context.Context, effects []string, mode, decision, reason, rule string) (string, string) {
	in := tc.Input
	if in.IsNil() {
		in = runtime.TableValue(runtime.NewTable(0, 0))
	}
	f := tc.h.fire(ctx, "tool_permission", tc.Block, tc.fields(fieldValues{
		"input": in, "effects": stringList(effects), "mode": str(mode),
		"decision": str(decision), "reason": str(reason), "rule": optString(rule),
	}))
	return f["decision"].AsString(), f["reason"].AsString()
}
