package objects

// FixUTF8 returns b with every byte that does not start a valid UTF-8
// sequence taken as Latin-1 and re-encoded as UTF-8 (two bytes), as git's
// verify_utf8 does to a commit before it writes it when the commit
// encoding is UTF-8; valid input is returned as is. Validity is git's
// find_invalid_utf8: at most four bytes, no overlong form, no surrogate,
// nothing above U+10FFFF, and no noncharacter (U+xxFFFE, U+xxFFFF,
// U+FDD0 to U+FDEF).
func FixUTF8(b []byte) []byte {
	bad := invalidUTF8(b)
	if bad < 0 {
		return b
	}
	out := make([]byte, 0, len(b)+8)
	for bad >= 0 {
		c := b[bad]
		out = append(out, b[:bad]...)
		out = append(out, 0xc0+(c>>6), 0x80+(c&0x3f))
		b = b[bad+1:]
		bad = invalidUTF8(b)
	}
	return append(out, b...)
}

// invalidUTF8 returns the offset of the first byte of b that starts an
// invalid sequence, or -1 (git's find_invalid_utf8).
func invalidUTF8(b []byte) int {
	for i := 0; i < len(b); {
		c := b[i]
		if c < 0x80 {
			i++
			continue
		}
		n := 0 // continuation bytes the lead byte announces
		for ; c&0x40 != 0; c <<= 1 {
			n++
		}
		if n < 1 || n > 3 || len(b)-i-1 < n {
			return i
		}
		cp := rune(c&0x7f) >> n // c shifted: the lead byte's payload bits
		for _, k := range b[i+1 : i+1+n] {
			if k&0xc0 != 0x80 {
				return i
			}
			cp = cp<<6 | rune(k&0x3f)
		}
		if !validCodepoint(cp, n) {
			return i
		}
		i += 1 + n
	}
	return -1
}

// validCodepoint reports whether cp, encoded with n continuation bytes,
// is one git accepts.
func validCodepoint(cp rune, n int) bool {
	maxOf := [...]rune{0x7f, 0x7ff, 0xffff, 0x10ffff}
	switch {
	case cp <= maxOf[n-1] || cp > maxOf[n]:
		return false // overlong, or beyond U+10FFFF
	case cp&0x1ff800 == 0xd800:
		return false // a surrogate
	case cp&0xfffe == 0xfffe, cp >= 0xfdd0 && cp <= 0xfdef:
		return false // a noncharacter
	}
	return true
}
