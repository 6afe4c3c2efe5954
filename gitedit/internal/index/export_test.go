package index

// LegacyEncode is Encode as it was before copying entries as read (see
// legacyEncode), for the tests of package index_test.
func LegacyEncode(ix *Index) ([]byte, error) { return ix.legacyEncode() }

// Copied reports how many of ix's entries Encode would copy as read.
func Copied(ix *Index) int {
	n := 0
	for _, e := range ix.ents {
		if e == nil || e.raw > 0 {
			n++
		}
	}
	return n
}

// Decoded reports how many of ix's entries are decoded.
func Decoded(ix *Index) int {
	n := 0
	for _, e := range ix.ents {
		if e != nil {
			n++
		}
	}
	return n
}

// HashAlongside makes every Encode hash on another goroutine (true) or
// as the threshold decides (false).
func HashAlongside(on bool) {
	concurrentHash = 1 << 20
	if on {
		concurrentHash = 0
	}
}
