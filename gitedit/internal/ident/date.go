package ident

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"
)

// This file is git's date.c, as far as an identity's date needs it.

// Date returns the date of role's identity line, "<unix> <+hhmm>": from
// GIT_<ROLE>_DATE in any format ParseDate reads (set but empty counts as
// unset), else now in now's location. The error names the variable.
func (s Source) Date(role string, now time.Time) (string, error) {
	env := "GIT_" + strings.ToUpper(role) + "_DATE"
	v, _ := s.Env(env)
	if v == "" {
		return FormatDate(now), nil
	}
	t, err := ParseDate(v, now.Location())
	if err != nil {
		return "", fmt.Errorf("%s=%q: %v", env, v, err)
	}
	return FormatDate(t), nil
}

// FormatDate is t as git writes it in a commit: "1700000000 +0100".
func FormatDate(t time.Time) string {
	return strconv.FormatInt(t.Unix(), 10) + " " + t.Format("-0700")
}

// The date forms, compiled on first use (a command that writes no commit
// never compiles them).
var (
	rawDate   = lazyRegexp(`^(@?)(\d+) ([+-][\d:]+)$`)
	epochDate = lazyRegexp(`^(@\d+|\d{9,})$`)
	// zonedDate splits a date with a time of day from a numeric zone after
	// it ("... 22:13:20 +0200", "...T22:13:20+02:00").
	zonedDate = lazyRegexp(`^(.*\d\d:\d\d:\d\d(?:\.\d+)?) ?([+-]\d+(?::\d+)?)$`)
	// isoDateSpace matches "2023-11-14 22:13:20", the ISO form with a space.
	isoDateSpace = lazyRegexp(`^(\d{4}-\d\d-\d\d) (\d)`)
)

// lazyRegexp returns expr compiled on its first call.
func lazyRegexp(expr string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })
}

// dateLayouts are the RFC 2822 and ISO 8601 forms accepted; the layouts
// without a zone are read in the local location, as git does.
var dateLayouts = []string{
	"Mon, 2 Jan 2006 15:04:05 -0700",
	"2 Jan 2006 15:04:05 -0700",
	"Mon, 2 Jan 2006 15:04:05",
	"2 Jan 2006 15:04:05",
	"2006-01-02T15:04:05Z07:00",
	"2006-01-02T15:04:05 -0700",
	"2006-01-02T15:04:05",
}

// ParseDate parses the date formats git accepts in GIT_*_DATE: git's
// raw "1700000000 +0100", "@1700000000" (optionally with a zone), RFC 2822
// ("Tue, 14 Nov 2023 22:13:20 +0100") and ISO 8601 ("2023-11-14T22:13:20",
// with a space for the T, fractional seconds, and Z, +hh:mm or +hhmm).
// Zones follow git's match_tz (date.c): +hhmm, +hh or +hh:mm with hours
// below 24 and minutes below 60; any other zone is ignored, as git ignores
// it, and the date then takes loc's offset at that instant, like a date
// without a zone. So a commit never carries a zone git's fsck refuses.
// Dates git refuses are refused: seconds without "@" below 100000000 (git
// reads those digits as a calendar date) or from 2100 on, and calendar
// dates outside 1970-2099 or before the epoch (where git would write a
// wrapped-around time that its fsck refuses).
func ParseDate(s string, loc *time.Location) (time.Time, error) {
	s = strings.TrimSpace(s)
	if m := rawDate().FindStringSubmatch(s); m != nil {
		return rawTime(m[1] == "@", m[2], m[3], loc)
	}
	if epochDate().MatchString(s) {
		sec, err := strconv.ParseInt(strings.TrimPrefix(s, "@"), 10, 64)
		if err == nil && s[0] != '@' {
			err = checkEpoch(sec)
		}
		return time.Unix(sec, 0).In(loc), err
	}
	iso := isoDateSpace().ReplaceAllString(s, "${1}T$2")
	if m := zonedDate().FindStringSubmatch(iso); m != nil {
		iso = m[1]
		if off, ok := gitZone(m[2]); ok {
			iso += " " + time.Unix(0, 0).In(time.FixedZone("", off)).Format("-0700")
		}
	}
	for _, layout := range dateLayouts {
		if t, err := time.ParseInLocation(layout, iso, loc); err == nil {
			return t, checkCalendar(t)
		}
	}
	return time.Time{}, fmt.Errorf("invalid date format %q (use \"1700000000 +0100\", RFC 2822 or ISO 8601)", s)
}

// gitZone reads a numeric zone as git's match_tz does and returns its
// offset in seconds; ok is false for a zone git ignores.
func gitZone(z string) (int, bool) {
	digits, colonMin, colon := strings.Cut(z[1:], ":")
	hour, err := strconv.Atoi(digits)
	minute := 0
	switch {
	case err != nil:
		return 0, false
	case len(digits) == 4 && !colon:
		hour, minute = hour/100, hour%100
	case len(digits) == 2 && colon && len(colonMin) == 2:
		if minute, err = strconv.Atoi(colonMin); err != nil {
			return 0, false
		}
	case len(digits) != 2 || colon:
		return 0, false
	}
	if hour >= 24 || minute >= 60 {
		return 0, false
	}
	off := hour*3600 + minute*60
	if z[0] == '-' {
		off = -off
	}
	return off, true
}

// rawTime builds the time of git's raw format: seconds and a zone (one
// git ignores gives loc's offset at that instant). Without "@" the seconds
// must pass checkEpoch. After "@" a four-digit zone is git's
// match_object_header_date: any hhmm is taken as hh*60+mm minutes, but one
// of 100 hours or more is refused (git would write a five-digit zone that
// its own fsck refuses).
func rawTime(at bool, secs, zone string, loc *time.Location) (time.Time, error) {
	sec, err := strconv.ParseInt(secs, 10, 64)
	if err != nil {
		return time.Time{}, fmt.Errorf("invalid date %q: %w", secs, err)
	}
	if !at {
		if err := checkEpoch(sec); err != nil {
			return time.Time{}, err
		}
	}
	if n, err := strconv.Atoi(zone[1:]); at && err == nil && len(zone) == 5 {
		minutes := n/100*60 + n%100
		if minutes >= 6000 {
			return time.Time{}, fmt.Errorf("invalid time zone %s: git would write a zone of five digits, which git fsck refuses", zone)
		}
		if zone[0] == '-' {
			minutes = -minutes
		}
		return time.Unix(sec, 0).In(time.FixedZone("", minutes*60)), nil
	}
	if off, ok := gitZone(zone); ok {
		loc = time.FixedZone("", off)
	}
	return time.Unix(sec, 0).In(loc), nil
}

// checkEpoch applies git's limits to seconds written without "@": git
// reads fewer than nine digits as a calendar date (refused alone) and
// takes no year after 2099.
func checkEpoch(sec int64) error {
	if sec < 100000000 || sec >= 4102444800 {
		return fmt.Errorf("invalid date %d: git reads seconds without \"@\" from 100000000 up to the end of 2099 only", sec)
	}
	return nil
}

// checkCalendar applies git's limits to a calendar date: years 1970 to
// 2099 in the date's own zone (git's tm_to_time_t), and not before the
// epoch.
func checkCalendar(t time.Time) error {
	if y := t.Year(); y < 1970 || y > 2099 || t.Unix() < 0 {
		return fmt.Errorf("invalid date %s: git takes years 1970 to 2099, not before 1970-01-01T00:00:00Z", t.Format(time.RFC3339))
	}
	return nil
}
