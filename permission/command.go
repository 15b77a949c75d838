package permission

import "strings"

// splitCommand splits a shell command line into the simple commands it
// runs: on ;, &, &&, ||, | and newlines outside quotes. substituted is true
// when the line runs other commands that splitting cannot see: $(...),
// backquotes or process substitution <(...) >(...) outside single
// quotes. Each part is trimmed; empty parts are dropped.
func splitCommand(line string) (parts []string, substituted bool) {
	var cur strings.Builder
	flush := func() {
		if p := strings.TrimSpace(cur.String()); p != "" {
			parts = append(parts, p)
		}
		cur.Reset()
	}
	inSingle, inDouble := false, false
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case inSingle:
			if c == '\'' {
				inSingle = false
			}
			cur.WriteByte(c)
			continue
		case c == '\\' && i+1 < len(line):
			cur.WriteByte(c)
			cur.WriteByte(line[i+1])
			i++
			continue
		case c == '`':
			substituted = true
		case c == '$' && i+1 < len(line) && line[i+1] == '(':
			substituted = true
		case inDouble:
			if c == '"' {
				inDouble = false
			}
			cur.WriteByte(c)
			continue
		case c == '\'':
			inSingle = true
		case c == '"':
			inDouble = true
		case (c == '<' || c == '>') && i+1 < len(line) && line[i+1] == '(':
			substituted = true
		case c == ';' || c == '\n' || c == '|' || c == '&':
			// && and || are two operator bytes; a lone & or | is one.
			// Redirections like 2>&1 and >& keep their & in the part.
			if c == '&' && i > 0 && (line[i-1] == '>' || line[i-1] == '<') {
				break
			}
			flush()
			if (c == '&' || c == '|') && i+1 < len(line) && line[i+1] == c {
				i++
			}
			continue
		}
		cur.WriteByte(c)
	}
	flush()
	return parts, substituted
}
