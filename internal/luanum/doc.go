// Package luanum implements Lua 5.4's conversions between numbers and
// strings, matching the reference interpreter (PUC-Rio Lua 5.4.4 running on
// glibc) byte for byte.
//
// Lua delegates most of this work to the C library: numerals are read with
// strtod, floats are printed with "%.14g", and string.format hands each
// conversion specification to printf. Go's strconv and fmt packages differ
// from glibc in many small ways (hexadecimal floats, '#' forms, the sign of
// NaN, inf/nan spelling, which numerals are accepted), so this package
// re-creates the C behaviour on top of strconv's correctly rounded digit
// generation.
//
// The package is organised as:
//
//   - parse.go: StrToInt, StrToFloat and StrToNumber (lobject.c's l_str2int,
//     l_str2d and luaO_str2num).
//   - format.go: FormatFloat, AppendFloat and AppendInt (tostring, print and
//     concatenation), and the float-to-integer conversions.
//   - printf.go: Spec, ParseSpec and the AppendFormat* functions used by
//     string.format.
//   - quote.go: the "%q" conversions.
//
// All Append* functions only allocate when dst has to grow, so the VM can
// reuse one buffer for concatenation and string.format.
package luanum
