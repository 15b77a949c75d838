package sse

import (
	"io"
	"regexp"
	"strings"
	"testing"
)

// reference is a direct reading of the standard's parsing rules over the
// whole input at once: the oracle the streaming reader is fuzzed against.
func reference(input string) ([]got, error) {
	input = strings.TrimPrefix(input, "\xEF\xBB\xBF")
	lines := regexp.MustCompile("\r\n|\r|\n").Split(input, -1)
	last := lines[len(lines)-1] // "" when the input ended with a terminator
	lines = lines[:len(lines)-1]
	var evs []got
	var data []string
	var typ, id string
	hasData := false
	for _, line := range lines {
		if line == "" {
			if hasData {
				evs = append(evs, got{typ, strings.Join(data, "\n"), id})
			}
			data, typ, hasData = nil, "", false
			continue
		}
		if line[0] == ':' {
			continue
		}
		name, value, _ := strings.Cut(line, ":")
		value = strings.TrimPrefix(value, " ")
		switch name {
		case "data":
			data = append(data, value)
			hasData = true
		case "event":
			typ = value
		case "id":
			if !strings.Contains(value, "\x00") {
				id = value
			}
		}
	}
	if last != "" {
		return evs, io.ErrUnexpectedEOF
	}
	if hasData {
		return append(evs, got{typ, strings.Join(data, "\n"), id}), io.EOF
	}
	if typ != "" {
		return evs, io.ErrUnexpectedEOF
	}
	return evs, io.EOF
}

// FuzzReader: any bytes, delivered whole or a byte at a time, give the
// events and the final error the reference gives, and never a panic.
func FuzzReader(f *testing.F) {
	for _, s := range []string{
		"event: ping\ndata: {}\n\n",
		"data: a\r\ndata: b\r\rdata: c\n\n",
		": comment\nid: 1\ndata\n\n",
		"\xEF\xBB\xBFdata: x\n",
		"data: {\"t\":\"é\"",
		"event: a\n\n\r\n\rdata:  x\r",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, input []byte) {
		want, wantErr := reference(string(input))
		for _, rd := range readers[:2] {
			evs, err := readAll(NewReader(rd.wrap(strings.NewReader(string(input)))))
			if !equal(evs, want) || err != wantErr {
				t.Fatalf("%s: input %q\n got %q, %v\nwant %q, %v", rd.name, input, evs, err, want, wantErr)
			}
		}
	})
}
