package diag

import "strings"

// idSize is the reference's LUA_IDSIZE: the room a chunk name gets in
// messages, terminator included.
const idSize = 60

// ChunkID shortens a chunk name for messages the way the reference does:
// "=name" prints name, "@file" prints the file name (keeping its end when
// too long), and any other name is source text, shown as [string "..."]
// cut at its first line.
func ChunkID(name string) string {
	switch {
	case strings.HasPrefix(name, "="):
		s := name[1:]
		if len(s) > idSize-1 {
			s = s[:idSize-1]
		}
		return s
	case strings.HasPrefix(name, "@"):
		s := name[1:]
		if len(s) > idSize-1 {
			s = "..." + s[len(s)-(idSize-1-3):]
		}
		return s
	default:
		const pre, dots, post = `[string "`, "...", `"]`
		room := idSize - len(pre) - len(dots) - len(post) - 1
		nl := strings.IndexByte(name, '\n')
		if nl < 0 && len(name) < room {
			return pre + name + post
		}
		s := name
		if nl >= 0 {
			s = s[:nl]
		}
		if len(s) > room {
			s = s[:room]
		}
		return pre + s + dots + post
	}
}

// ID returns the chunk name as messages show it.
func (f *File) ID() string { return ChunkID(f.Name) }

// ChunkName is the chunk name of a source file: "@" and the path as
// messages should show it, so that errors read "extensions/x.lua:3: ...".
func ChunkName(path string) string { return "@" + path }

// FileName is the name a Diagnostic shows for a chunk: the path of a file
// chunk ("@path") and the literal name of a "=name" chunk, both uncut,
// and for source text the [string "..."] form of ChunkID.
func FileName(chunkname string) string {
	if strings.HasPrefix(chunkname, "@") || strings.HasPrefix(chunkname, "=") {
		return chunkname[1:]
	}
	return ChunkID(chunkname)
}
