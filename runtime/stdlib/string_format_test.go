package stdlib

import (
	"strings"
	"testing"
)

// string.format over conversions, flags, "%%", bad specifications, bad
// and missing arguments, each format twice: the first call compiles it
// into the format cache (compiledFormat), the second runs the compiled
// form, and both must give what lua5.4 gives.
func TestFormatMatchesReference(t *testing.T) {
	const src = `local cases = {
  {"%d", 42}, {"%d", 3.0}, {"%d", 3.5}, {"%d", "7"}, {"%d", "x"}, {"%d"}, {"%i|%i", -5, 6},
  {"%x", 255}, {"%X", -1}, {"%#x", 255}, {"%o", 8}, {"%5d|%-8s|%8.2f|%x|%s", 7, "k7", 7 / 8, 104, "end"},
  {"key%07d", 123}, {"%.14g", 0.1}, {"%.14g", 1234.625}, {"%.14g", 1e300}, {"%g", 2^53}, {"%5.1f", 0.05},
  {"100%% %d%%", 5}, {"%%", 1}, {"%%%%%s%%", "a"}, {"a%", 1}, {"%y", 1}, {"%10.3q", "x"}, {"%q", "a\nb\0"},
  {"%q", 1/3}, {"%q", math.mininteger}, {"%c%c", 72, 105}, {"%-5c|", 65}, {"%5s|%-5s|%.2s", "ab", "cd", "efgh"},
  {"%s %s", 1, 2.5}, {"%s", true}, {"%s", nil}, {"%s"}, {"%5s", "a\0b"}, {"%s", "a\0b"}, {"%123d", 1},
  {"%0123456789012345678901d", 1}, {"%-+ #0d", 1}, {"%+.3d", 7}, {"% d", 7}, {"%.0f", 0.5}, {"%e", 12345.678},
  {"%a", 1}, {"%.3a", 1/3}, {"%p", 1}, {"%d %d", 1}, {"%d %s", "x"}, {"%s %d", "x", "y"}, {"", 1}, {"plain"},
  {"%5.2s|%.0s|", "abc", "xyz"}, {"%.99f", 1}, {"%099d", 1}, {"%d", math.maxinteger}, {"%x", math.mininteger},
}
local out = {}
for round = 1, 2 do
  for _, c in ipairs(cases) do
    local r = table.pack(pcall(string.format, table.unpack(c, 1, #c)))
    out[#out + 1] = (r[1] and "ok:" or "E:") .. string.format("%q", tostring(r[2]))
  end
end
print(table.concat(out, "\n"))
`
	const want = "ok:\"42\"\nok:\"3\"\nE:\"bad argument #2 to 'string.format' (number has no integer representation)\"\nok:\"7\"\nE:\"bad argument #2 to 'string.format' (number expected, got string)\"\nE:\"bad argument #2 to 'string.format' (no value)\"\nok:\"-5|6\"\nok:\"ff\"\nok:\"FFFFFFFFFFFFFFFF\"\nok:\"0xff\"\nok:\"10\"\nok:\"    7|k7      |    0.88|68|end\"\nok:\"key0000123\"\nok:\"0.1\"\nok:\"1234.625\"\nok:\"1e+300\"\nok:\"9.0072e+15\"\nok:\"  0.1\"\nok:\"100% 5%\"\nok:\"%\"\nok:\"%%a%\"\nE:\"invalid conversion '%' to 'format'\"\nE:\"invalid conversion '%y' to 'format'\"\nE:\"specifier '%q' cannot have modifiers\"\nok:\"\\\"a\\\\\\\nb\\\\0\\\"\"\nok:\"0x1.5555555555555p-2\"\nok:\"0x8000000000000000\"\nok:\"Hi\"\nok:\"A    |\"\nok:\"   ab|cd   |ef\"\nok:\"1 2.5\"\nok:\"true\"\nE:\"bad argument #2 to 'string.format' (no value)\"\nE:\"bad argument #2 to 'string.format' (no value)\"\nE:\"bad argument #2 to 'string.format' (string contains zeros)\"\nok:\"a\\0b\"\nE:\"invalid conversion specification: '%123d'\"\nE:\"invalid format (too long)\"\nE:\"invalid conversion specification: '%-+ #0d'\"\nok:\"+007\"\nok:\" 7\"\nok:\"0\"\nok:\"1.234568e+04\"\nok:\"0x1p+0\"\nok:\"0x1.555p-2\"\nok:\"(null)\"\nE:\"bad argument #3 to 'string.format' (no value)\"\nE:\"bad argument #2 to 'string.format' (number expected, got string)\"\nE:\"bad argument #3 to 'string.format' (number expected, got string)\"\nok:\"\"\nok:\"plain\"\nok:\"   ab||\"\nok:\"1.000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000\"\nok:\"000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000001\"\nok:\"9223372036854775807\"\nok:\"8000000000000000\"\nok:\"42\"\nok:\"3\"\nE:\"bad argument #2 to 'string.format' (number has no integer representation)\"\nok:\"7\"\nE:\"bad argument #2 to 'string.format' (number expected, got string)\"\nE:\"bad argument #2 to 'string.format' (no value)\"\nok:\"-5|6\"\nok:\"ff\"\nok:\"FFFFFFFFFFFFFFFF\"\nok:\"0xff\"\nok:\"10\"\nok:\"    7|k7      |    0.88|68|end\"\nok:\"key0000123\"\nok:\"0.1\"\nok:\"1234.625\"\nok:\"1e+300\"\nok:\"9.0072e+15\"\nok:\"  0.1\"\nok:\"100% 5%\"\nok:\"%\"\nok:\"%%a%\"\nE:\"invalid conversion '%' to 'format'\"\nE:\"invalid conversion '%y' to 'format'\"\nE:\"specifier '%q' cannot have modifiers\"\nok:\"\\\"a\\\\\\\nb\\\\0\\\"\"\nok:\"0x1.5555555555555p-2\"\nok:\"0x8000000000000000\"\nok:\"Hi\"\nok:\"A    |\"\nok:\"   ab|cd   |ef\"\nok:\"1 2.5\"\nok:\"true\"\nE:\"bad argument #2 to 'string.format' (no value)\"\nE:\"bad argument #2 to 'string.format' (no value)\"\nE:\"bad argument #2 to 'string.format' (string contains zeros)\"\nok:\"a\\0b\"\nE:\"invalid conversion specification: '%123d'\"\nE:\"invalid format (too long)\"\nE:\"invalid conversion specification: '%-+ #0d'\"\nok:\"+007\"\nok:\" 7\"\nok:\"0\"\nok:\"1.234568e+04\"\nok:\"0x1p+0\"\nok:\"0x1.555p-2\"\nok:\"(null)\"\nE:\"bad argument #3 to 'string.format' (no value)\"\nE:\"bad argument #2 to 'string.format' (number expected, got string)\"\nE:\"bad argument #3 to 'string.format' (number expected, got string)\"\nok:\"\"\nok:\"plain\"\nok:\"   ab||\"\nok:\"1.000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000\"\nok:\"000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000001\"\nok:\"9223372036854775807\"\nok:\"8000000000000000\"\n"
	if got := runLua(t, src); got != want {
		gl, wl := strings.Split(got, "\n"), strings.Split(want, "\n")
		for i := range min(len(gl), len(wl)) {
			if gl[i] != wl[i] {
				t.Errorf("line %d: got %s, want %s", i+1, gl[i], wl[i])
			}
		}
		if len(gl) != len(wl) {
			t.Errorf("got %d lines, want %d", len(gl), len(wl))
		}
	}
}
