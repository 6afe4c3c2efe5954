package engine

import (
	"maps"
	"slices"
	"strings"

	"github.com/gitedit/gitedit/engine/internal/linespan"
)

// indentUnit is one level of indentation: a tab, or width spaces (0 when
// unknown).
type indentUnit struct {
	tab   bool
	width int
}

// levels measures ws in units of u: every tab is one level, every width
// spaces another; leftover spaces are returned as extra.
func levels(ws string, u indentUnit) (lvl, extra int) {
	for i := 0; i < len(ws); i++ {
		if ws[i] == '\t' {
			lvl++
		} else {
			extra++
		}
	}
	if !u.tab && u.width > 0 {
		lvl, extra = lvl+extra/u.width, extra%u.width
	}
	return lvl, extra
}

// render writes lvl levels of u followed by extra spaces.
func render(lvl, extra int, u indentUnit) string {
	if lvl < 0 {
		lvl = 0
	}
	if u.tab || u.width == 0 {
		return strings.Repeat("\t", lvl) + strings.Repeat(" ", extra)
	}
	return strings.Repeat(" ", lvl*u.width+extra)
}

// gcd is the greatest common divisor of a and b.
func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// unitOf infers the indentation unit of a set of indentation strings: a
// tab if any starts with one, else the greatest common divisor of the
// space widths. ok is false when nothing can be inferred.
func unitOf(wss []string) (indentUnit, bool) {
	g := 0
	for _, ws := range wss {
		if strings.HasPrefix(ws, "\t") {
			return indentUnit{tab: true}, true
		}
		g = gcd(g, len(ws))
	}
	return indentUnit{width: g}, g >= 2
}

// fileUnit infers the indentation unit of the file around byte offset
// pos, reading at most 400 lines each way: tabs when most indented lines
// start with a tab, else spaces, as many as the file's most common
// indentation step (see spaceStep; 4 when nothing can be inferred).
func fileUnit(text string, pos int) indentUnit {
	first := linespan.LineAround(text, min(pos, len(text)))
	for i := 0; i < 400; i++ {
		p, ok := linespan.PrevLine(text, first)
		if !ok {
			break
		}
		first = p
	}
	lines := linespan.LineTexts(text, linespan.WindowUpTo(text, first, 801))
	tabs, spaces := 0, 0
	for _, l := range lines {
		switch ws, rest := linespan.SplitIndent(l); {
		case ws == "" || rest == "":
		case ws[0] == '\t':
			tabs++
		default:
			spaces++
		}
	}
	if tabs > spaces {
		return indentUnit{tab: true}
	}
	return indentUnit{width: spaceStep(lines, 4)}
}

// spaceStep is the most common increase of indentation, 2 to 8 columns,
// from one non-blank line to the next among lines indented with spaces
// only (the smaller on a tie): the indentation step, which aligned
// continuation lines and " *" comment lines do not disturb as a common
// divisor would. fallback when no such increase occurs twice.
func spaceStep(lines []string, fallback int) int {
	count := map[int]int{}
	prev := -1
	for _, l := range lines {
		ws, rest := linespan.SplitIndent(l)
		if rest == "" {
			continue
		}
		if strings.Contains(ws, "\t") {
			prev = -1
			continue
		}
		if d := len(ws) - prev; prev >= 0 && d >= 2 && d <= 8 {
			count[d]++
		}
		prev = len(ws)
	}
	best := fallback
	for d, n := range count {
		if n >= 2 && (n > count[best] || (n == count[best] && d < best)) {
			best = d
		}
	}
	return best
}

// layoutShift is the indentation change from old_string to the region it
// matched: old's base indentation becomes the file's, and each relative
// indentation seen in old maps to the file's relative indentation.
type layoutShift struct {
	baseOld, baseFile string
	rel               map[string]string // old relative indent -> file relative indent
	oldUnit, fileUnit indentUnit
	pairs             [][2]string // corresponding old and file lines
	stripTrailing     bool        // old has trailing whitespace the file lacks
	skipFirst         bool        // new's first line is inserted mid-line
}

// newLayoutShift compares the corresponding lines of old_string and the
// matched region. ok is false when the indentation change is not one
// consistent shift (then new_string cannot be re-indented safely).
func newLayoutShift(text string, pos int, oldLines, fileLines []string, skipFirst bool) (layoutShift, bool) {
	ls := layoutShift{rel: map[string]string{}, skipFirst: skipFirst}
	ls.stripTrailing = hasTrailing(oldLines) && !hasTrailing(fileLines)
	for j := range oldLines {
		if (j == 0 && skipFirst) || linespan.TrimLine(oldLines[j]) == "" || linespan.TrimLine(fileLines[j]) == "" {
			continue
		}
		ls.pairs = append(ls.pairs, [2]string{oldLines[j], fileLines[j]})
	}
	if len(ls.pairs) == 0 {
		return ls, true
	}
	ls.pickBase()
	if !ls.mapRelative() {
		return ls, false
	}
	ls.fileUnit = ls.inferFileUnit(text, pos)
	return ls, true
}

// hasTrailing reports whether any line ends in horizontal whitespace.
func hasTrailing(lines []string) bool {
	for _, l := range lines {
		if linespan.TrimLine(l) != "" && linespan.TrailingSpace(l) != "" {
			return true
		}
	}
	return false
}

// pickBase takes as base the pair whose old line is least indented.
func (ls *layoutShift) pickBase() {
	best := -1
	for _, p := range ls.pairs {
		ws, _ := linespan.SplitIndent(p[0])
		if w := len(strings.ReplaceAll(ws, "\t", "    ")); best < 0 || w < best {
			best = w
			ls.baseOld, _ = linespan.SplitIndent(p[0])
			ls.baseFile, _ = linespan.SplitIndent(p[1])
		}
	}
}

// mapRelative records old relative indent -> file relative indent for
// every pair; false when a pair does not extend the bases or when the map
// is not one-to-one (relative structure differs).
func (ls *layoutShift) mapRelative() bool {
	back := map[string]string{}
	for _, p := range ls.pairs {
		ow, _ := linespan.SplitIndent(p[0])
		fw, _ := linespan.SplitIndent(p[1])
		if !strings.HasPrefix(ow, ls.baseOld) || !strings.HasPrefix(fw, ls.baseFile) {
			return false
		}
		ro, rf := ow[len(ls.baseOld):], fw[len(ls.baseFile):]
		if prev, ok := ls.rel[ro]; ok && prev != rf {
			return false
		}
		if prev, ok := back[rf]; ok && prev != ro {
			return false
		}
		ls.rel[ro], back[rf] = rf, ro
	}
	return true
}

// inferFileUnit infers the file's unit: tabs when the region's
// indentation holds one; else as many spaces as one of old's tabs stands
// for (see tabSpaces); else the file's unit around pos (a region in spaces
// within a file mostly in tabs takes its own common divisor).
func (ls *layoutShift) inferFileUnit(text string, pos int) indentUnit {
	var rels []string
	for _, rf := range ls.rel {
		if rf != "" {
			rels = append(rels, rf)
		}
	}
	if u, ok := unitOf(append(rels, ls.baseFile)); ok && u.tab {
		return u
	}
	if w := ls.tabSpaces(); w >= 2 {
		return indentUnit{width: w}
	}
	u := fileUnit(text, pos)
	if !u.tab {
		return u
	}
	if su, ok := unitOf(rels); ok {
		return su
	}
	return u
}

// tabSpaces is the number of the file's spaces one of old's tabs stands
// for, read from a relative indentation of old made of tabs then spaces
// that maps to one of spaces only (the smallest such ratio), or from the
// bases when every line sits at the base; 0 when there is none.
func (ls *layoutShift) tabSpaces() int {
	best := 0
	pairs := maps.Clone(ls.rel)
	if len(pairs) == 0 || (len(pairs) == 1 && pairs[""] == "") {
		pairs[ls.baseOld] = ls.baseFile
	}
	for ro, rf := range pairs {
		tabs := len(ro) - len(strings.TrimLeft(ro, "\t"))
		sp := len(ro) - tabs
		if tabs == 0 || strings.Trim(ro[tabs:], " ") != "" || strings.Trim(rf, " ") != "" || len(rf) <= sp || (len(rf)-sp)%tabs != 0 {
			continue
		}
		if w := (len(rf) - sp) / tabs; best == 0 || w < best {
			best = w
		}
	}
	return best
}

// identity reports whether the shift changes nothing.
func (ls layoutShift) identity() bool {
	if ls.baseOld != ls.baseFile || ls.stripTrailing {
		return false
	}
	for ro, rf := range ls.rel {
		if ro != rf {
			return false
		}
	}
	return true
}

// adapter returns the function that carries new_string into the file's
// layout, or nil when nothing needs to change.
func (ls layoutShift) adapter() func(string) string {
	if ls.identity() {
		return nil
	}
	return ls.apply
}

// apply re-indents newString by the shift, unless newString is already
// written in the file's layout, and strips trailing whitespace when old
// had some the file lacks.
func (ls layoutShift) apply(newString string) string {
	lines := strings.Split(newString, "\n")
	reindent := len(ls.pairs) > 0 && ls.inOldFrame(lines)
	if reindent {
		ls.oldUnit = ls.inferOldUnit(lines)
	}
	var prev [2]string // the last non-blank line's indentation, in and out
	for i, l := range lines {
		if ls.stripTrailing {
			l = strings.TrimRight(l, " \t\f\v")
		}
		if reindent && !(i == 0 && ls.skipFirst) {
			in, _ := linespan.SplitIndent(l)
			l = ls.reindentLine(l, prev)
			if out, rest := linespan.SplitIndent(l); rest != "" {
				prev = [2]string{in, out}
			}
		}
		lines[i] = l
	}
	return strings.Join(lines, "\n")
}

// inOldFrame decides whether new_string was written with old_string's
// indentation (so it must be shifted) or already with the file's. Lines
// of new_string that repeat a line of old_string vote; without votes, the
// least indented line of new_string decides.
func (ls layoutShift) inOldFrame(newLines []string) bool {
	byText := map[string][2]string{}
	for _, p := range ls.pairs {
		byText[linespan.TrimLine(p[0])] = p
	}
	oldVotes, fileVotes := 0, 0
	for i, l := range newLines {
		p, ok := byText[linespan.TrimLine(l)]
		if !ok || (i == 0 && ls.skipFirst) {
			continue
		}
		nw, _ := linespan.SplitIndent(l)
		ow, _ := linespan.SplitIndent(p[0])
		fw, _ := linespan.SplitIndent(p[1])
		switch {
		case nw == ow && nw != fw:
			oldVotes++
		case nw == fw && nw != ow:
			fileVotes++
		}
	}
	if oldVotes != fileVotes {
		return oldVotes > fileVotes
	}
	base := minIndent(newLines, ls.skipFirst)
	return !(base == ls.baseFile && base != ls.baseOld)
}

// minIndent returns the indentation of the least indented non-blank line.
func minIndent(lines []string, skipFirst bool) string {
	best, found := "", false
	for i, l := range lines {
		ws, rest := linespan.SplitIndent(l)
		if rest == "" || (i == 0 && skipFirst) {
			continue
		}
		if !found || len(ws) < len(best) {
			best, found = ws, true
		}
	}
	return best
}

// inferOldUnit infers the unit new_string and old_string were written
// in: tabs when a line starts with one; else the number of spaces that
// stands for one of the file's levels in the relative indentation of a
// pair of corresponding lines, else in the base indentation; else the
// most common indentation step of old's and new's lines; else the file's
// width.
func (ls layoutShift) inferOldUnit(newLines []string) indentUnit {
	var lines []string
	for _, p := range ls.pairs {
		lines = append(lines, p[0])
	}
	lines = append(lines, newLines...)
	for _, l := range lines {
		if ws, rest := linespan.SplitIndent(l); rest != "" && strings.HasPrefix(ws, "\t") {
			return indentUnit{tab: true}
		}
	}
	for _, ro := range slices.Sorted(maps.Keys(ls.rel)) {
		rf := ls.rel[ro]
		if n, extra := levels(rf, ls.fileUnit); n > 0 && extra == 0 && !strings.Contains(ro, "\t") && len(ro)%n == 0 && len(ro) >= n {
			return indentUnit{width: len(ro) / n}
		}
	}
	if n, extra := levels(ls.baseFile, ls.fileUnit); ls.fileUnit.tab && n > 0 && extra == 0 && !strings.Contains(ls.baseOld, "\t") &&
		len(ls.baseOld)%n == 0 && len(ls.baseOld) >= 2*n {
		return indentUnit{width: len(ls.baseOld) / n}
	}
	fallback := ls.fileUnit.width
	if fallback < 2 {
		fallback = 4
	}
	return indentUnit{width: spaceStep(lines, fallback)}
}

// reindentLine moves one line of new_string from old's layout to the
// file's: a relative indentation seen in old maps as it did; a line
// aligned past the previous line (prev: its indentation in and out) by
// spaces that are not whole levels keeps the previous line's indentation
// plus those spaces, as gofmt aligns continuation lines in a file
// indented with tabs; any other is converted level by level.
func (ls layoutShift) reindentLine(l string, prev [2]string) string {
	ws, rest := linespan.SplitIndent(l)
	if rest == "" {
		return ""
	}
	if strings.HasPrefix(ws, ls.baseOld) {
		ro := ws[len(ls.baseOld):]
		if rf, ok := ls.rel[ro]; ok {
			return ls.baseFile + rf + rest
		}
		if ls.sameFrame(ro) {
			return ls.baseFile + ro + rest
		}
		if a, ok := ls.aligned(ws, prev); ok {
			return a + rest
		}
		lvl, extra := levels(ro, ls.oldUnit)
		return ls.baseFile + render(lvl, extra, ls.fileUnit) + rest
	}
	if col := len(ws) - len(ls.baseOld) + len(ls.baseFile); col >= 0 && ls.sameFrame(ws) &&
		!strings.Contains(ls.baseOld+ls.baseFile+ws, "\t") {
		return strings.Repeat(" ", col) + rest
	}
	lvl, extra := levels(ws, ls.oldUnit)
	baseLvl, _ := levels(ls.baseOld, ls.oldUnit)
	fileLvl, _ := levels(ls.baseFile, ls.fileUnit)
	return render(fileLvl+lvl-baseLvl, extra, ls.fileUnit) + rest
}

// sameFrame reports whether old and the file indent alike beyond their
// bases, so that ro, a relative indentation not seen in old, maps to
// itself: every relative indentation seen maps to itself, and one of them
// is not empty, or old and the file both indent with spaces only (a base
// shift, the common case, changes no unit).
func (ls layoutShift) sameFrame(ro string) bool {
	seen := false
	for o, f := range ls.rel {
		if o != f {
			return false
		}
		seen = seen || o != ""
	}
	return seen || !strings.Contains(ls.baseOld+ls.baseFile+ro, "\t")
}

// aligned returns the indentation of a line of new_string written ws in
// old's layout when, in a file indented with tabs and old with spaces, it
// is aligned past the previous line (see reindentLine).
func (ls layoutShift) aligned(ws string, prev [2]string) (string, bool) {
	if !ls.fileUnit.tab || ls.oldUnit.tab || ls.oldUnit.width < 2 || !strings.Contains(prev[1], "\t") {
		return "", false
	}
	d := len(ws) - len(prev[0])
	if d <= 0 || !strings.HasPrefix(ws, prev[0]) || strings.Contains(ws, "\t") || d%ls.oldUnit.width == 0 {
		return "", false
	}
	return prev[1] + strings.Repeat(" ", d), true
}

// fitLayout finds how old's lines o sit on the corresponding file lines
// f: one consistent shift of whole lines first; else, when old's first
// line has no indentation, a shift of the other lines with the first line
// matched as the tail of its file line (partial). ok is false when neither
// fits.
func fitLayout(text string, pos int, ob linespan.OldBlock, o, f []string) (ls layoutShift, partial, ok bool) {
	if ls, ok = newLayoutShift(text, pos, o, f, false); ok || !ob.PartialFirst() {
		return ls, false, ok
	}
	ls, ok = newLayoutShift(text, pos, o, f, true)
	return ls, true, ok
}

// lineAdapter builds the Adapt function of a line-based match of ob over
// window w, and says whether the match starts mid-line: re-indentation and
// trailing-whitespace transfer when the layout change is consistent, a
// line-by-line transfer otherwise.
func lineAdapter(text string, ob linespan.OldBlock, w []linespan.Span) (func(string) string, bool) {
	fileLines := linespan.LineTexts(text, w)
	ls, partial, ok := fitLayout(text, w[0].Start, ob, ob.Lines, fileLines)
	if !ok {
		if f := prefixShift(ob.Lines, fileLines, partial); f != nil {
			return f, partial
		}
		return perLineAdapter(ob.Lines, fileLines, partial, ls.stripTrailing), partial
	}
	return ls.adapter(), partial
}

// prefixShift returns the Adapt of a match in which every line of old
// that agrees with its file line (after trimming) is indented as the file
// line with one same prefix added (or removed): new_string's lines get
// the prefix removed (or added) too. It fits a shift of a region whose own
// indentation mixes tabs and spaces, where levels cannot be told. nil
// when the lines do not show one such prefix.
func prefixShift(old, file []string, skipFirst bool) func(string) string {
	add, drop, seen := "", "", false
	for i := range old {
		if i >= len(file) || (i == 0 && skipFirst) || linespan.TrimLine(old[i]) == "" || linespan.TrimLine(old[i]) != linespan.TrimLine(file[i]) {
			continue
		}
		ow, _ := linespan.SplitIndent(old[i])
		fw, _ := linespan.SplitIndent(file[i])
		a, d := "", ""
		switch {
		case strings.HasSuffix(ow, fw):
			d = ow[:len(ow)-len(fw)]
		case strings.HasSuffix(fw, ow):
			a = fw[:len(fw)-len(ow)]
		default:
			return nil
		}
		if seen && (a != add || d != drop) {
			return nil
		}
		add, drop, seen = a, d, true
	}
	if !seen || (add == "" && drop == "") {
		return nil
	}
	return func(s string) string {
		lines := strings.Split(s, "\n")
		for i, l := range lines {
			if (i == 0 && skipFirst) || linespan.TrimLine(l) == "" {
				continue
			}
			lines[i] = add + strings.TrimPrefix(l, drop)
		}
		return strings.Join(lines, "\n")
	}
}

// perLineAdapter carries new_string into the file's layout when old's
// indentation differs from the file's in no consistent way: a line of
// new_string that repeats a line of old_string (in order) with old's
// indentation takes the file line's indentation; any other line keeps its
// indentation relative to the line before it.
func perLineAdapter(oldLines, fileLines []string, skipFirst, stripTrailing bool) func(string) string {
	return func(newString string) string {
		lines := strings.Split(newString, "\n")
		j, lastIn, lastOut := 0, "", ""
		for i, l := range lines {
			if stripTrailing {
				l = strings.TrimRight(l, " \t\f\v")
			}
			nw, rest := linespan.SplitIndent(l)
			out := nw
			if k := indexLine(oldLines, j, rest); k >= 0 {
				j = k + 1
				if ow, _ := linespan.SplitIndent(oldLines[k]); ow == nw {
					out, _ = linespan.SplitIndent(fileLines[k])
				}
			} else if strings.HasPrefix(nw, lastIn) {
				out = lastOut + nw[len(lastIn):]
			}
			if rest != "" && !(i == 0 && skipFirst) {
				lines[i], lastIn, lastOut = out+rest, nw, out
			} else {
				lines[i] = l
			}
		}
		return strings.Join(lines, "\n")
	}
}

// indexLine returns the first k >= from with linespan.TrimLine(lines[k]) == t
// (non-empty), or -1.
func indexLine(lines []string, from int, t string) int {
	if t == "" {
		return -1
	}
	t = linespan.TrimLine(t)
	for k := from; k < len(lines); k++ {
		if linespan.TrimLine(lines[k]) == t {
			return k
		}
	}
	return -1
}
