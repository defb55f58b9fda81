package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strconv"

	"github.com/tabletop/tabletop/savefmt"
	"github.com/tabletop/tabletop/ui"
)

// runGames lists the game records (finished games the client kept), or
// opens one in the client's review mode.
//
//	tabletop games [--json] [--dir DIR] [N|FILE]
func runGames(c *commandLine, args []string) error {
	asJSON := c.flags.Bool("json", false, "list the records as JSON")
	dir := c.flags.String("dir", savefmt.DefaultRecordDir(), "the directory of the records")
	ascii := c.flags.Bool("ascii", false, "7-bit characters and no colour (when opening one)")
	c.help = "Usage: tabletop games [FLAGS] [N|FILE]\n\n" +
		"Every finished game of the client is kept as a readable file (tabletop play --records).\n" +
		"GGP match records (*.json, e.g. from tabletop match --record DIR) are listed too.\n" +
		"Without an argument the records are listed, newest first and numbered; with N (from\n" +
		"that list) or a FILE the game opens in review mode: ←/→ step through it, esc returns.\n\n" +
		"Flags:\n"
	pos, err := c.parse(args, 1)
	if err != nil {
		return err
	}
	recs, err := allRecords(*dir)
	if err != nil {
		return err
	}
	if len(pos) == 1 {
		path, err := pickRecord(recs, pos[0])
		if err != nil {
			return err
		}
		return openRecord(c, path, *ascii)
	}
	if *asJSON {
		if recs == nil {
			recs = []listedRecord{}
		}
		enc := json.NewEncoder(c.stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(recs)
	}
	if len(recs) == 0 {
		fmt.Fprintf(c.stdout, "no finished games kept in %s yet\n", *dir)
		return nil
	}
	for i, r := range recs {
		fmt.Fprintf(c.stdout, "%3d  %s\n", i+1, r)
	}
	fmt.Fprintln(c.stdout, "\ntabletop games N opens game N for review.")
	return nil
}

// pickRecord returns the file of record number arg (1 = newest), or arg
// itself when it names a file.
func pickRecord(recs []listedRecord, arg string) (string, error) {
	if n, err := strconv.Atoi(arg); err == nil {
		if n < 1 || n > len(recs) {
			return "", usagef("no game %d: %d kept (tabletop games lists them)", n, len(recs))
		}
		return recs[n-1].Path, nil
	}
	if _, err := os.Stat(arg); err != nil {
		return "", usagef("%q is neither a number from the list nor a file", arg)
	}
	return arg, nil
}

// openRecord opens a record (or any save) in the client.
func openRecord(c *commandLine, path string, ascii bool) error {
	if isGGPRecordFile(path) {
		sv, err := ggpRecordGame(path)
		if err != nil {
			return fmt.Errorf("%s is not a usable GGP match record: %v", path, err)
		}
		return runClient(c, ui.Options{Mouse: true, ASCII: ascii, Start: ui.Start{Game: &sv}})
	}
	if err := checkSave(path); err != nil {
		return err
	}
	return runClient(c, ui.Options{Mouse: true, ASCII: ascii, Start: ui.Start{Load: path}})
}

// allRecords is the client's records and the GGP match records in dir,
// newest first.
func allRecords(dir string) ([]listedRecord, error) {
	own, err := savefmt.Records(dir)
	if err != nil {
		return nil, err
	}
	recs, err := ggpRecords(dir)
	if err != nil {
		return nil, err
	}
	for _, r := range own {
		recs = append(recs, listedRecord{Record: r})
	}
	sort.SliceStable(recs, func(i, j int) bool {
		if !recs[i].Ended.Equal(recs[j].Ended) {
			return recs[i].Ended.After(recs[j].Ended)
		}
		return recs[i].Path > recs[j].Path
	})
	return recs, nil
}
