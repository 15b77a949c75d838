package gogen

import (
	"testing"

	"panto/compiler"
)

// Which loops get a typed copy, and with which types checked at their
// head: the analysis alone (TestTypedLoopsTranspiled runs the code).
func TestFindTypedLoops(t *testing.T) {
	cases := []struct {
		name, src string
		loops     int    // typed copies in the main function
		head      string // the first loop's head types, i and f per register ("" unchecked)
	}{
		{"int sum", "local s = 0 for i = 1, 100 do s = s + i end return s", 1, "iiiii"},
		{"float sum", "local s = 0.5 for i = 1, 100 do s = s * 1.5 end return s", 1, "fiii"},
		{"int then float", "local s = 0 for i = 1, 10 do s = s + i / 2 end return s", 1, "fiiii"},
		{"while", "local k, s = 0, 0.0 while k < 10 do k = k + 1 s = s + k end return s", 1, "if"},
		// What a call or a table read gives is guessed a float when
		// nothing says otherwise; the checks at run time decide.
		{"a call", "local s = 0 for i = 1, 10 do s = s + math.abs(i) end return s", 1, "fiiii"},
		{"a table", "local t, s = {1, 2}, 0 for i = 1, 2 do s = s + t[i] end return s", 1, "_fiiii"},
		{"an integer table", "local t, s = {1, 2}, 0 for i = 1, 2 do s = s + (t[i] & 7) end return s", 1, "_iiiii"},
		{"a key read from a table", "local p, k = {2, 1}, 2 while k ~= 1 do k = p[k] end return k", 1, "_i"},
		{"only calls", "local t = {} for i = 1, 10 do t[i] = tostring(i) end return t", 0, ""},
		{"a concatenation", "local s = '' for i = 1, 3 do s = s .. i end return s", 0, ""},
		{"an upvalue", "local n = 0 local function f() for i = 1, 3 do n = n + i end end f() return n", 0, ""},
		// The string is guessed to be a number: the check at run time
		// keeps the generic code on it.
		{"a string constant", "local s = 'x' for i = 1, 3 do s = s + i end return s", 1, "fiiii"},
		// The inner loop gets a copy of its own too, entered after the
		// outer copy returns mid-loop (a tick).
		{"nested", "local s = 0 for i = 1, 10 do for j = 1, i do s = s + i * j end end return s", 2, "iiiii"},
		{"a boolean", "local e, s = false, 0 for i = 1, 9 do if s > 10 then e = true break end s = s + i end return e, s", 1, "_iiiii"},
		{"a division by a constant zero", "local s = 0 for i = 1, 3 do s = s + i // 0 end return s", 0, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, err := compiler.Compile("=t", c.src)
			if err != nil {
				t.Fatal(err)
			}
			loops := findTypedLoops(p, nil)
			if len(loops) != c.loops {
				t.Fatalf("%d typed loops, want %d", len(loops), c.loops)
			}
			if c.loops == 0 {
				return
			}
			got := ""
			for _, v := range loops[0].t0 {
				switch v {
				case vtInt:
					got += "i"
				case vtFloat:
					got += "f"
				default:
					got += "_"
				}
			}
			if got = trimUnchecked(got); got != c.head {
				t.Errorf("head types %q, want %q", got, c.head)
			}
		})
	}
}

func trimUnchecked(s string) string {
	for len(s) > 0 && s[len(s)-1] == '_' {
		s = s[:len(s)-1]
	}
	return s
}
