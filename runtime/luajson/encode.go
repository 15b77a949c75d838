package luajson

import (
	"bytes"
	"fmt"
	"math"
	"sort"
	"strconv"
	"unicode/utf8"

	"panto/runtime"
)

// Encode writes v as compact JSON. Tables marked as arrays, and non-empty
// tables whose keys are exactly 1..n, become arrays; other tables become
// objects, whose keys must be strings and are sorted so the output is
// deterministic. An empty unmarked table is {}. Floats with an integral
// value keep a ".0" so they decode as floats again. nil and json.null are
// null. Functions, threads, other userdata, NaN and infinities, invalid
// UTF-8, and tables that contain themselves are errors.
func (c *Codec) Encode(v runtime.Value) (string, error) {
	e := encoder{c: c, seen: map[*runtime.Table]bool{}}
	if err := e.value(v, 0); err != nil {
		return "", err
	}
	return string(e.buf), nil
}

type encoder struct {
	c    *Codec
	buf  []byte
	seen map[*runtime.Table]bool // tables on the current path
}

func (e *encoder) value(v runtime.Value, depth int) error {
	if depth > maxDepth {
		return fmt.Errorf("json.encode: nested more than %d levels deep", maxDepth)
	}
	switch v.Type() {
	case runtime.TypeNil:
		e.buf = append(e.buf, "null"...)
	case runtime.TypeBoolean:
		e.buf = strconv.AppendBool(e.buf, v.AsBool())
	case runtime.TypeNumber:
		if v.IsInt() {
			e.buf = strconv.AppendInt(e.buf, v.AsInt(), 10)
			return nil
		}
		f := v.AsFloat()
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return fmt.Errorf("json.encode: cannot encode %v (JSON has no NaN or infinity)", f)
		}
		start := len(e.buf)
		e.buf = strconv.AppendFloat(e.buf, f, 'g', -1, 64)
		if !bytes.ContainsAny(e.buf[start:], ".e") {
			// keep the float a float through a round trip (3.0 stays a
			// float in Lua, and -0.0 keeps its sign)
			e.buf = append(e.buf, ".0"...)
		}
	case runtime.TypeString:
		return e.str(v.AsString())
	case runtime.TypeTable:
		return e.table(v.AsTable(), depth)
	case runtime.TypeUserdata:
		if e.c.IsNull(v) {
			e.buf = append(e.buf, "null"...)
			return nil
		}
		fallthrough
	default:
		return fmt.Errorf("json.encode: cannot encode a %s", v.TypeName())
	}
	return nil
}

func (e *encoder) table(t *runtime.Table, depth int) error {
	if e.seen[t] {
		return fmt.Errorf("json.encode: a table contains itself")
	}
	e.seen[t] = true
	defer delete(e.seen, t)

	n := t.Len()
	count := int64(0)
	var keys []string
	var bad runtime.Value
	for k, _, ok := t.Next(runtime.Nil); ok && !k.IsNil(); k, _, ok = t.Next(k) {
		count++
		if k.IsString() {
			keys = append(keys, k.AsString())
		} else if !k.IsInt() || k.AsInt() < 1 || k.AsInt() > n {
			bad = k
		}
	}
	isArray := e.c.IsArray(t) || (count > 0 && count == n)
	if isArray && len(keys) == 0 && bad.IsNil() {
		e.buf = append(e.buf, '[')
		for i := int64(1); i <= n; i++ {
			if i > 1 {
				e.buf = append(e.buf, ',')
			}
			if err := e.value(t.GetInt(i), depth+1); err != nil {
				return err
			}
		}
		e.buf = append(e.buf, ']')
		return nil
	}
	if int64(len(keys)) != count {
		if bad.IsNil() {
			bad = runtime.Int(1)
		}
		return fmt.Errorf("json.encode: cannot mix array items and object keys in one table (key %s)", keyText(bad))
	}
	sort.Strings(keys)
	e.buf = append(e.buf, '{')
	for i, k := range keys {
		if i > 0 {
			e.buf = append(e.buf, ',')
		}
		if err := e.str(k); err != nil {
			return err
		}
		e.buf = append(e.buf, ':')
		if err := e.value(t.GetStr(k), depth+1); err != nil {
			return err
		}
	}
	e.buf = append(e.buf, '}')
	return nil
}

func keyText(k runtime.Value) string {
	if k.IsNumber() {
		return runtime.FormatNumber(k)
	}
	return "of type " + k.TypeName()
}

const hexDigits = "0123456789abcdef"

func (e *encoder) str(s string) error {
	if !utf8.ValidString(s) {
		return fmt.Errorf("json.encode: invalid UTF-8 in string %q", truncateForMsg(s))
	}
	e.buf = append(e.buf, '"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"' || c == '\\':
			e.buf = append(e.buf, '\\', c)
		case c == '\n':
			e.buf = append(e.buf, '\\', 'n')
		case c == '\r':
			e.buf = append(e.buf, '\\', 'r')
		case c == '\t':
			e.buf = append(e.buf, '\\', 't')
		case c < 0x20 || c == 0x7f:
			e.buf = append(e.buf, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
		default:
			e.buf = append(e.buf, c)
		}
	}
	e.buf = append(e.buf, '"')
	return nil
}

func truncateForMsg(s string) string {
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return s
}
