package ident

import (
	"regexp"
	"testing"
	"time"
)

func TestDateFormsCompile(t *testing.T) {
	for _, re := range []func() *regexp.Regexp{rawDate, epochDate, zonedDate, isoDateSpace} {
		if re() != re() {
			t.Fatal("a date form compiled twice")
		}
	}
}

func TestParseDateReadsGitsForms(t *testing.T) {
	loc := time.FixedZone("", 3600)
	for in, want := range map[string]string{
		"1700000000 +0100":                "1700000000 +0100",
		"@1700000000":                     "1700000000 +0100",
		"Tue, 14 Nov 2023 22:13:20 +0200": "1699992800 +0200",
		"2023-11-14 22:13:20":             "1699996400 +0100",
		"2023-11-14T22:13:20Z":            "1700000000 +0000",
	} {
		got, err := ParseDate(in, loc)
		if err != nil || FormatDate(got) != want {
			t.Errorf("ParseDate(%q) = %s, %v; want %s", in, FormatDate(got), err, want)
		}
	}
	if _, err := ParseDate("12345", loc); err == nil {
		t.Error("seconds below 100000000 without @ were taken")
	}
}
