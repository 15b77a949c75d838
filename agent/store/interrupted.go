package store

import (
	"panto/agent/conv"
)

// Interrupted is the result a resumed session records for a tool call
// that was dispatched but has no result: panto ended while it ran (kill
// -9, a closed terminal, a crash), and its processes ended with it.
// Telling the model the call did not run would be wrong: it may have
// done part of its work.
const Interrupted = "Interrupted: panto stopped while this call was running (it was killed, or its terminal closed), " +
	"and the processes the call started were ended with it. The call may have done part of its work: " +
	"check its effects before running it again."

// InterruptedResults returns the results a branch ending in dispatched
// tool calls lacks (see TypePantoToolsStarted): one error result saying
// Interrupted per call without a result, for the caller to append. A
// branch that ends otherwise, or in calls never dispatched (which the
// protocols answer as not run), needs none.
func (s *Session) InterruptedResults(branch []conv.Message) []conv.Message {
	i := len(branch) - 1
	answered := map[string]bool{}
	for ; i >= 0 && branch[i].Role == conv.Tool; i-- {
		answered[branch[i].ToolCallID] = true
	}
	if i < 0 || branch[i].Role != conv.Assistant || !s.started[branch[i].ID] {
		return nil
	}
	var out []conv.Message
	for _, c := range branch[i].ToolCalls() {
		if !answered[c.ID] {
			out = append(out, conv.Message{Role: conv.Tool, ToolCallID: c.ID, ToolName: c.Name, IsError: true,
				Blocks: []conv.Block{conv.TextBlock(Interrupted)}})
		}
	}
	return out
}
