package theme

import (
	"fmt"
	"strconv"
	"strings"
)

// ParseSpec turns a style spec into its SGR sequence. A spec is words
// separated by spaces:
//
//	attributes  bold dim italic underline blink reverse strike
//	colours     black red green yellow blue magenta cyan white,
//	            bright_<name>, #rrggbb, 0-255 (the 256-colour palette),
//	            default
//	background  "on" followed by a colour
//
// for example "bold #ff8800 on black". An empty spec is the plain style
// (no sequence).
func ParseSpec(spec string) (string, error) {
	words := strings.Fields(spec)
	var params []string
	for i := 0; i < len(words); i++ {
		w := strings.ToLower(words[i])
		if code, ok := attributes[w]; ok {
			params = append(params, code)
			continue
		}
		bg := false
		if w == "on" {
			if i+1 >= len(words) {
				return "", fmt.Errorf(`"on" must be followed by a colour`)
			}
			i++
			w, bg = strings.ToLower(words[i]), true
		}
		p, err := colour(w, bg)
		if err != nil {
			return "", err
		}
		params = append(params, p)
	}
	if len(params) == 0 {
		return "", nil
	}
	return "\x1b[" + strings.Join(params, ";") + "m", nil
}

var attributes = map[string]string{
	"bold": "1", "dim": "2", "italic": "3", "underline": "4",
	"blink": "5", "reverse": "7", "strike": "9",
}

var colourNames = []string{"black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"}

// colour returns the SGR parameters of a colour word.
func colour(w string, bg bool) (string, error) {
	base, ext := 30, "38"
	if bg {
		base, ext = 40, "48"
	}
	if w == "default" {
		return strconv.Itoa(base + 9), nil
	}
	bright := strings.HasPrefix(w, "bright_") || strings.HasPrefix(w, "bright-")
	name := w
	if bright {
		name = w[len("bright_"):]
	}
	for i, n := range colourNames {
		if n == name {
			if bright {
				return strconv.Itoa(base + 60 + i), nil
			}
			return strconv.Itoa(base + i), nil
		}
	}
	if strings.HasPrefix(w, "#") && len(w) == 7 {
		r, err1 := strconv.ParseUint(w[1:3], 16, 8)
		g, err2 := strconv.ParseUint(w[3:5], 16, 8)
		b, err3 := strconv.ParseUint(w[5:7], 16, 8)
		if err1 == nil && err2 == nil && err3 == nil {
			return fmt.Sprintf("%s;2;%d;%d;%d", ext, r, g, b), nil
		}
	}
	if n, err := strconv.Atoi(w); err == nil && n >= 0 && n <= 255 {
		return fmt.Sprintf("%s;5;%d", ext, n), nil
	}
	return "", fmt.Errorf("unknown style word %q (want an attribute, a colour name, #rrggbb, 0-255, or \"on <colour>\")", w)
}
