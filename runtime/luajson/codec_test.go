package luajson

import (
	"strings"
	"testing"

	"panto/runtime"
	"panto/runtime/stdlib"
)

func newState() (*runtime.State, *Codec) {
	L := runtime.NewState()
	stdlib.OpenAll(L)
	c := For(L)
	L.SetGlobal("json", runtime.TableValue(c.Module()))
	return L, c
}

func TestRoundTrip(t *testing.T) {
	_, c := newState()
	for _, in := range []string{
		`{}`, `[]`, `null`, `true`, `false`, `0`, `-12`, `1.5`, `"x"`,
		`{"a":[1,2,{"b":null}],"c":"d\n\"e\""}`,
		`[null,null,3]`, `[[],{}]`, `9223372036854775807`, `1e+300`, `2.0`, `-0.0`,
		`"\u00e9\ud83d\ude00"`,
	} {
		t.Run(in, func(t *testing.T) {
			v, err := c.Decode(in)
			if err != nil {
				t.Fatalf("Decode(%s): %v", in, err)
			}
			out, err := c.Encode(v)
			if err != nil {
				t.Fatalf("Encode(Decode(%s)): %v", in, err)
			}
			want := in
			if in == `"\u00e9\ud83d\ude00"` {
				want = "\"é😀\""
			}
			if out != want {
				t.Errorf("round trip of %s gave %s", in, out)
			}
		})
	}
}

func TestDecodeErrors(t *testing.T) {
	_, c := newState()
	for in, want := range map[string]string{
		``:                             "line 1, column 1: empty input",
		`{"a":}`:                       "line 1, column 6: unexpected character '}'",
		"{\n  \"a\" 1}":                "line 2, column 7: expected ':'",
		`[1,2`:                         "found end of input",
		`[1] x`:                        "unexpected character 'x' after the value",
		`"abc`:                         "unterminated string",
		`01`:                           "cannot start with 0",
		`"\x"`:                         `invalid escape '\x'`,
		`{1:2}`:                        "expected a string key",
		`tru`:                          "unexpected character 't'",
		`[` + strings.Repeat("[", 600): "nested more than 512",
	} {
		t.Run(in, func(t *testing.T) {
			_, err := c.Decode(in)
			if err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("Decode(%q) error = %v, want %q", in, err, want)
			}
		})
	}
}

func TestLuaAPI(t *testing.T) {
	L, _ := newState()
	_, err := L.DoString(`
		local t = json.decode('{"a":null,"b":[],"n":3,"f":2.5}')
		assert(t.a == json.null and tostring(t.a) == "null")
		assert(math.type(t.n) == "integer" and math.type(t.f) == "float")
		assert(json.encode(t.b) == "[]")
		assert(json.encode({}) == "{}")
		assert(json.encode(json.array({})) == "[]")
		assert(json.encode({1, 2, json.null}) == "[1,2,null]")
		assert(json.encode({b = 1, a = {x = true}}) == '{"a":{"x":true},"b":1}')
		assert(json.decode("null") == json.null)
		assert(json.decode('"s"') == "s")
		local v, err = json.decode("{bad")
		assert(v == nil and err:find("line 1, column 2"), err)
		local ok, e = pcall(json.encode, {1, 2, x = 3})
		assert(not ok and e:find("cannot mix"), e)
		local cyc = {}; cyc.self = cyc
		ok, e = pcall(json.encode, cyc)
		assert(not ok and e:find("contains itself"), e)
		ok, e = pcall(json.encode, print)
		assert(not ok and e:find("cannot encode a function"), e)
		ok, e = pcall(json.encode, 0/0)
		assert(not ok and e:find("NaN"), e)
	`, "=test")
	if err != nil {
		t.Fatal(err)
	}
}

func FuzzDecode(f *testing.F) {
	for _, s := range []string{`{"a":[1,2.5,"x",null,true]}`, `"\ud83d\ude00"`, `-0.0e-5`, `[[[]]]`} {
		f.Add(s)
	}
	_, c := newState()
	f.Fuzz(func(t *testing.T, s string) {
		v, err := c.Decode(s)
		if err != nil {
			return
		}
		out, err := c.Encode(v)
		if err != nil {
			t.Fatalf("decoded %q but cannot encode it: %v", s, err)
		}
		v2, err := c.Decode(out)
		if err != nil {
			t.Fatalf("re-decoding %q: %v", out, err)
		}
		out2, _ := c.Encode(v2)
		if out != out2 {
			t.Fatalf("not stable: %q then %q", out, out2)
		}
	})
}
