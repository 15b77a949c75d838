package agent

import (
	"context"
	"slices"
	"strings"
	"sync"
	"testing"

	"panto/permission"
)

// TestBonePermissions: bone's safety and ctx.shell / ctx.write_file go
// through panto's permission rules: read_only runs unasked, danger asks
// (a headless run denies), ctx.shell is judged as the shell tool's
// command, ctx.write_file as the write tool's path.
func TestBonePermissions(t *testing.T) {
	init := probeTool + `
bone.register_tool({
    name = "risky",
    description = "A danger tool",
    parameters = { type = "object", properties = {} },
    execute = function() return "RISKY RAN" end,
})
`
	shell := `return ctx.shell("echo hi").stdout`
	write := `return tostring(ctx.write_file("made.txt", "x"))`
	turns := func(codes ...string) string {
		return `{"events": [{"tool_call": {"id": "r", "name": "risky", "input": {}}}]}` + "\n" + probeTurns(codes)
	}
	t.Run("headless default mode", func(t *testing.T) {
		ts, _ := boneSession(t, map[string]string{"turns.jsonl": turns(shell, write)}, map[string]string{".bone-rust/init.lua": init},
			bonePolicy(t, permission.Default, nil, nil))
		if res := ts.prompt("go"); res.Err != nil {
			t.Fatal(res.Err)
		}
		if got, isErr := resultOf(t, ts, "r"); !isErr || strings.Contains(got, "RISKY RAN") {
			t.Errorf("the danger tool ran unasked: %q", got)
		}
		if got, _ := resultOf(t, ts, "p0"); !strings.Contains(got, "ctx.shell: permission denied") || !strings.Contains(got, "shell(echo hi)") {
			t.Errorf("ctx.shell: %q", got)
		}
		if got, _ := resultOf(t, ts, "p1"); !strings.Contains(got, "ctx.write_file: permission denied") {
			t.Errorf("ctx.write_file: %q", got)
		}
		// The notice says the same: the reason, then how to allow it.
		got, _ := resultOf(t, ts, "p0")
		_, denial, _ := strings.Cut(got, "permission denied: ")
		reason, hint, ok := strings.Cut(denial, ", and this run cannot ask the user for approval (")
		hint = strings.TrimSuffix(hint, ")")
		if !ok || reason == "" || hint == "" {
			t.Fatalf("ctx.shell's denial %q has no reason and hint", got)
		}
		want := `shell "echo hi" was not run: ` + reason + ", and a headless run cannot ask; " + hint
		if !slices.Contains(ts.notices("permission"), want) {
			t.Errorf("permission notices %q, want one %q", ts.notices("permission"), want)
		}
	})
	t.Run("allow rules", func(t *testing.T) {
		ts, _ := boneSession(t, map[string]string{"turns.jsonl": turns(shell, write)}, map[string]string{".bone-rust/init.lua": init},
			bonePolicy(t, permission.Default, []string{"allow risky", "allow shell(echo hi)", "allow write(made.txt)"}, nil))
		if res := ts.prompt("go"); res.Err != nil {
			t.Fatal(res.Err)
		}
		for id, want := range map[string]string{"r": "RISKY RAN", "p0": "hi\n", "p1": "true"} {
			if got, _ := resultOf(t, ts, id); got != want {
				t.Errorf("%s: %q, want %q", id, got, want)
			}
		}
	})
	t.Run("plan mode", func(t *testing.T) {
		ts, _ := boneSession(t, map[string]string{"turns.jsonl": probeTurns([]string{write})}, map[string]string{".bone-rust/init.lua": init},
			bonePolicy(t, permission.Plan, []string{"allow shell"}, nil))
		ts.prompt("go")
		if got, _ := resultOf(t, ts, "p0"); !strings.Contains(got, "permission denied") {
			t.Errorf("plan mode let ctx.write_file write: %q", got)
		}
	})
	t.Run("asks the user", func(t *testing.T) {
		var mu sync.Mutex
		var asked []string
		ask := func(_ context.Context, q permission.Question) permission.Answer {
			mu.Lock()
			defer mu.Unlock()
			asked = append(asked, q.Call.Tool+":"+q.Call.Command)
			return permission.Answer{Allow: q.Call.Command == "echo hi"}
		}
		ts, _ := boneSession(t, map[string]string{"turns.jsonl": probeTurns([]string{shell, `return ctx.shell("echo no").stdout`})},
			map[string]string{".bone-rust/init.lua": init}, bonePolicy(t, permission.Default, nil, ask))
		ts.prompt("go")
		if got, _ := resultOf(t, ts, "p0"); got != "hi\n" {
			t.Errorf("allowed: %q", got)
		}
		if got, _ := resultOf(t, ts, "p1"); !strings.Contains(got, "the user denied") {
			t.Errorf("denied: %q", got)
		}
		mu.Lock()
		defer mu.Unlock()
		if strings.Join(asked, ",") != "shell:echo hi,shell:echo no" {
			t.Errorf("asked %v", asked)
		}
	})
	t.Run("allowed for the session", func(t *testing.T) {
		// The first answer allows "echo hi" for the session: the second
		// identical command runs unasked; "echo no" is denied with the
		// user's reason.
		var mu sync.Mutex
		var asked []string
		ask := func(_ context.Context, q permission.Question) permission.Answer {
			mu.Lock()
			defer mu.Unlock()
			asked = append(asked, q.Call.Command)
			if q.Call.Command == "echo hi" {
				return permission.Answer{Allow: true, Scope: permission.Session}
			}
			return permission.Answer{Allow: false, Reason: "not that one"}
		}
		ts, _ := boneSession(t, map[string]string{"turns.jsonl": probeTurns([]string{shell, shell, `return ctx.shell("echo no").stdout`})},
			map[string]string{".bone-rust/init.lua": init}, bonePolicy(t, permission.Default, nil, ask))
		ts.prompt("go")
		for id, want := range map[string]string{"p0": "hi\n", "p1": "hi\n", "p2": "the user denied this: not that one"} {
			if got, _ := resultOf(t, ts, id); !strings.Contains(got, want) {
				t.Errorf("%s: %q, want %q", id, got, want)
			}
		}
		mu.Lock()
		defer mu.Unlock()
		if strings.Join(asked, ",") != "echo hi,echo no" {
			t.Errorf("asked %v", asked)
		}
	})
}
