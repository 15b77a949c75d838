// Package crmath computes the elementary functions correctly rounded, as
// glibc's do, for Lua's math library.
//
// Programs print floats with %.17g and %a, so the last bit of math.sin or
// math.exp shows, and the goldens hold what the reference computes with
// glibc. glibc's exp, log, log2, pow, sin, cos, tan, atan, atan2, asin and
// acos are correctly rounded for all but very rare arguments, while Go's
// math package is only faithful (within one ulp) and differs from them for
// a good share of ordinary arguments (sin(pi), log(3), tan(1)...). So these
// functions are computed here in double-double arithmetic and rounded once,
// in Ziv's manner: a quick kernel gets about 68 correct bits, which settles
// the rounding except near a tie; then an accurate kernel (about 100 bits)
// takes over. That gives the correctly rounded result except in cases too
// close to a tie to matter. On random arguments the results differ from the
// reference's in about 0.05% of the cases, all of them glibc's own
// misroundings.
//
// The files:
//
//   - cr.go: the exported functions (Exp, Log, Log2, Sin, Cos, Tan, Atan,
//     Atan2, Asin, Acos, Pow), argument reduction and the final rounding.
//   - crquick.go: the quick kernels, mostly in plain double precision, and
//     roundOK, which tells when their result settles the rounding.
//   - crfast.go: the accurate, table-driven double-double kernels.
//   - crslow.go: plain-series double-double versions with no tables; they
//     compute crfast.go's tables at start-up and check them in tests.
//   - dd.go: double-double arithmetic (error-free sums and products).
//
// The hyperbolic functions and log10 are not correctly rounded in glibc:
// they are the classic fdlibm formulas on top of exp, expm1 and log, and
// runtime/stdlib/math_hyp.go reproduces them as such.
package crmath
