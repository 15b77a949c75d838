package agent

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"panto/agent/conv"
	"panto/host"
)

// boneTerm stands for the terminal UI: a session with a Terminal is not
// headless.
type boneTerm struct{}

func (boneTerm) Suspend() error { return nil }
func (boneTerm) Resume() error  { return nil }

// TestBoneUIKey: with a terminal attached (bone.headless false),
// ctx.ui.key pins the tool's block, which says how to give it the
// keyboard, and returns each key the block's handleInput receives (what
// the terminal UI delivers once Ctrl-G focuses the block), decoded as
// bone's KeyEvent. Keys sent while the tool is busy are queued.
func TestBoneUIKey(t *testing.T) {
	init := `
bone.register_tool({ name = "askkey", description = "read keys", safety = "read_only",
    parameters = { type = "object", properties = { n = { type = "number" } } },
    execute = function(p, ctx)
        local out = { "headless=" .. tostring(bone.headless) }
        for i = 1, p.n do
            local k = ctx.ui.key()
            local mods = {}
            for _, m in ipairs({ "ctrl", "alt", "shift" }) do if k[m] then mods[#mods + 1] = m end end
            out[#out + 1] = k.key .. (#mods > 0 and ("+" .. table.concat(mods, "+")) or "")
        end
        return table.concat(out, " ")
    end })
`
	// The keys as a terminal sends them, and what each decodes to.
	keys := []struct{ raw, want string }{
		{"\x1b[A", "up"}, {"\x01", "a+ctrl"}, {"é", "é"}, {"\r", "enter"}, {"\x1bx", "x+alt"},
		{"\x1b[Z", "tab+shift"}, {"Q", "Q+shift"}, {"\x1b[15~", "f5"}, {"\x7f", "backspace"}, {" ", " "},
	}
	var want []string
	for _, k := range keys {
		want = append(want, k.want)
	}
	turns := `{"events": [{"tool_call": {"id": "k1", "name": "askkey", "input": {"n": ` + strconv.Itoa(len(keys)) + `}}}]}
{"expect": {"tool_result": "headless=false ` + strings.Join(want, " ") + `"}, "events": [{"text": "read"}]}
`
	ts, _ := boneSession(t, map[string]string{"turns.jsonl": turns}, map[string]string{".bone-rust/init.lua": init},
		func(o *Options) { o.Terminal = boneTerm{} })
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	r, err := ts.Start(ctx, []conv.Block{conv.TextBlock("read keys")})
	if err != nil {
		t.Fatal(err)
	}
	sent, asked := 0, ""
	deliver := func() {
		blk := ts.toolBlock("k1")
		if blk == nil || sent == len(keys) {
			return
		}
		if sent == 0 {
			if !blk.Pinned() {
				return
			}
			asked = strings.Join(blk.Render(ctx, 100), "\n")
		}
		// The first key goes to the waiting call, the second while the
		// call has not yet taken the first: it is queued.
		if _, err := blk.HandleInput(ctx, keys[sent].raw); err != nil {
			t.Errorf("handleInput: %v", err)
		}
		sent++
	}
	if err := ts.RunLoop(ctx, func() bool { deliver(); return r.Done() }); err != nil {
		t.Fatalf("the loop: %v (%d keys sent)", err, sent)
	}
	res := r.Wait()
	if res.Err != nil || res.Text != "read" {
		t.Fatalf("%+v", res)
	}
	if !strings.Contains(asked, "ctrl+g gives this tool the keyboard") {
		t.Errorf("the waiting block did not say how to give it a key: %q", asked)
	}
	if blk := ts.toolBlock("k1"); blk.Pinned() {
		t.Error("the block is still pinned after the call")
	}
}

// toolBlock is the transcript block of tool call id.
func (ts *testSession) toolBlock(id string) *host.Block {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	for _, e := range ts.events {
		if e.Type == "tool_details" && e.Call != nil && e.Fields["id"] == id {
			return e.Call.Block
		}
	}
	return nil
}

// TestBoneUIKeyHeadless: without a terminal there is no keyboard, and
// ctx.ui.key says so instead of waiting forever.
func TestBoneUIKeyHeadless(t *testing.T) {
	check := `local ok, err = pcall(ctx.ui.key) return tostring(ok) .. " " .. tostring(err)`
	ts, _ := boneSession(t, map[string]string{"turns.jsonl": probeTurns([]string{check})}, map[string]string{".bone-rust/init.lua": probeTool})
	if res := ts.prompt("go"); res.Err != nil {
		t.Fatalf("%+v", res)
	}
	out := ts.toolOutputs()["p0"]
	if !strings.HasPrefix(out, "false ") || !strings.Contains(out, "no terminal is attached") {
		t.Errorf("ctx.ui.key headless: %q", out)
	}
}

// TestBoneTerminalOutput: with the terminal UI attached, what bone code
// says (the start-up line, bone.log, ctx.ui.notice) is printed in the
// transcript (the extensions' output) rather than sent as notices, and
// ctx.ui.status is a status event the spinner line shows.
func TestBoneTerminalOutput(t *testing.T) {
	init := probeTool + `bone.log.info("hello from init")`
	check := `ctx.ui.status("halfway") ctx.ui.notice("a note") return tostring(bone.headless)`
	ts, _ := boneSession(t, map[string]string{"turns.jsonl": probeTurns([]string{check})}, map[string]string{".bone-rust/init.lua": init},
		func(o *Options) { o.Terminal = boneTerm{} })
	if res := ts.prompt("go"); res.Err != nil {
		t.Fatalf("%+v", res)
	}
	if got, _ := resultOf(t, ts, "p0"); got != "false" {
		t.Errorf("bone.headless with a terminal: %q", got)
	}
	ts.mu.Lock()
	printed := ts.out.String()
	var status []string
	for _, e := range ts.events {
		if e.Type == "status" {
			m, _ := e.Fields["message"].(string)
			status = append(status, m)
		}
	}
	ts.mu.Unlock()
	for _, want := range []string{"hello from init\n", "a note\n", "bone: loaded ~/.bone-rust/init.lua (1 tools"} {
		if !strings.Contains(printed, want) {
			t.Errorf("the transcript output lacks %q:\n%s", want, printed)
		}
	}
	if strings.Contains(printed, "halfway") || len(status) != 1 || status[0] != "halfway" {
		t.Errorf("ctx.ui.status: status events %q, printed %q", status, printed)
	}
	if n := ts.allNotices(); len(n) != 0 {
		t.Errorf("notices with a terminal attached: %q", n)
	}
}
