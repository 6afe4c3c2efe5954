package patch

// diffTimestampLen is the length of the timestamp diff -u writes after a
// "---"/"+++" name, with the white space before it, or 0 (git's
// diff_timestamp_len): "2010-07-05 19:41:17" (POSIX) or
// "2010-07-05 19:41:17.620000023 -0500" (GNU), after a tab or spaces.
func diffTimestampLen(line string) int {
	n := len(line)
	if n == 0 || !isDigit(line[n-1]) {
		return 0
	}
	end := n
	tz := saneTZLen(line[:end])
	if tz == 0 {
		tz = tzWithColonLen(line[:end])
	}
	end -= tz
	t := shortTimeLen(line[:end])
	if t == 0 {
		t = fractionalTimeLen(line[:end])
	}
	end -= t
	d := dateLen(line[:end])
	if d == 0 {
		return 0
	}
	end -= d
	switch {
	case end == 0:
		return 0
	case line[end-1] == '\t':
		return n - end + 1
	case line[end-1] != ' ':
		return 0
	}
	for end > 0 && line[end-1] == ' ' {
		end--
	}
	return n - end
}

// saneTZLen is the length of a " +0500" zone at the end of line, or 0.
func saneTZLen(line string) int {
	const w = len(" +0500")
	n := len(line)
	if n < w || line[n-w] != ' ' || (line[n-w+1] != '+' && line[n-w+1] != '-') {
		return 0
	}
	if !allDigits(line[n-w+2:]) {
		return 0
	}
	return w
}

// tzWithColonLen is the length of a " +08:00" zone at the end of line, or 0.
func tzWithColonLen(line string) int {
	const w = len(" +08:00")
	n := len(line)
	if n < w || line[n-3] != ':' {
		return 0
	}
	tz := line[n-w:]
	if tz[0] != ' ' || (tz[1] != '+' && tz[1] != '-') || !allDigits(tz[2:4]) || tz[4] != ':' || !allDigits(tz[5:7]) {
		return 0
	}
	return w
}

// dateLen is the length of a "72-02-05" or "1972-02-05" date at the end
// of line, or 0.
func dateLen(line string) int {
	const w = len("72-02-05")
	n := len(line)
	if n < w || line[n-3] != '-' {
		return 0
	}
	d := line[n-w:]
	if !allDigits(d[0:2]) || d[2] != '-' || !allDigits(d[3:5]) || d[5] != '-' || !allDigits(d[6:8]) {
		return 0
	}
	if n-w >= 2 && isDigit(line[n-w-1]) && isDigit(line[n-w-2]) {
		return w + 2
	}
	return w
}

// shortTimeLen is the length of a " 07:01:32" time at the end of line, or 0.
func shortTimeLen(line string) int {
	const w = len(" 07:01:32")
	n := len(line)
	if n < w || line[n-3] != ':' {
		return 0
	}
	t := line[n-w:]
	if t[0] != ' ' || !allDigits(t[1:3]) || t[3] != ':' || !allDigits(t[4:6]) || t[6] != ':' || !allDigits(t[7:9]) {
		return 0
	}
	return w
}

// fractionalTimeLen is the length of a " 19:41:17.620000023" time at the
// end of line, or 0.
func fractionalTimeLen(line string) int {
	n := len(line)
	if n == 0 || !isDigit(line[n-1]) {
		return 0
	}
	p := n - 1
	for p > 0 && isDigit(line[p]) {
		p--
	}
	if line[p] != '.' {
		return 0
	}
	t := shortTimeLen(line[:p])
	if t == 0 {
		return 0
	}
	return n - p + t
}

// allDigits reports whether s is all decimal digits.
func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) {
			return false
		}
	}
	return true
}
