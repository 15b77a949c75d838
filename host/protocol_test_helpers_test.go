package host

import (
	"context"
	"strings"
	"testing"

	"panto/runtime"
)

// runProtocol opens a registered protocol and pulls its stream to the
// end, returning "type:text" of each event; it stands in for the session
// until provider streaming exists.
func (th *testHost) runProtocol(t *testing.T, name, model string) string {
	t.Helper()
	v := th.vm
	p := v.reg.protocols[name]
	req := runtime.NewTable(0, 4)
	req.SetStr("protocol", str(name))
	req.SetStr("model", str(model))
	req.SetStr("notify", runtime.NewFunction("notify", func(*runtime.State) int { return 0 }))
	ctx := context.Background()
	res, err := v.loop.CallSync(ctx, p.Open, runtime.TableValue(req))
	if err != nil {
		t.Fatal(err)
	}
	stream := res[0]
	next := stream.AsTable().GetStr("next")
	var out []string
	for i := 0; i < 10; i++ {
		r, err := v.loop.CallSync(ctx, next, stream)
		if err != nil {
			t.Fatal(err)
		}
		ev := r[0].AsTable()
		typ := ev.GetStr("type").AsString()
		if text := ev.GetStr("text"); text.IsString() {
			typ += ":" + text.AsString()
		}
		out = append(out, typ)
		if strings.HasPrefix(typ, "done") {
			break
		}
	}
	return strings.Join(out, ",")
}

func stripSGR(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\x1b' {
			for i < len(s) && s[i] != 'm' {
				i++
			}
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}
