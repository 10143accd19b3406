package e2e

import (
	"bytes"
	"debug/elf"
	"debug/pe"
	"encoding/binary"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// TestDist checks the release binaries of `make dist` in $GOXQ_DIST:
// the Windows one is a console (CUI) amd64 executable, as XQWizard and
// other Windows GUIs require (PITFALLS.md §G), the Linux one an amd64 ELF
// file; both carry the version ($GOXQ_DIST_VERSION, when set) and the
// whole default opening book, and the Linux one, run here, plays a book
// move at once.
func TestDist(t *testing.T) {
	dir := os.Getenv("GOXQ_DIST")
	if dir == "" {
		t.Skip("set GOXQ_DIST to the directory of `make dist`")
	}
	version := os.Getenv("GOXQ_DIST_VERSION")
	book, err := os.ReadFile("../book/default.xqb")
	if err != nil {
		t.Fatal(err)
	}
	win := filepath.Join(dir, "ucci-windows-amd64.exe")
	lin := filepath.Join(dir, "ucci-linux-amd64")

	if err := checkWindowsConsole(win); err != nil {
		t.Error(err)
	}
	f, err := elf.Open(lin)
	if err != nil {
		t.Fatal(err)
	}
	if f.Machine != elf.EM_X86_64 || f.Class != elf.ELFCLASS64 {
		t.Errorf("%s: machine %v, class %v; want x86-64, 64-bit", lin, f.Machine, f.Class)
	}
	f.Close()
	for _, bin := range []string{win, lin} {
		b, err := os.ReadFile(bin)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(b, book) {
			t.Errorf("%s does not contain book/default.xqb", bin)
		}
		if version != "" && !bytes.Contains(b, []byte(version)) {
			t.Errorf("%s does not contain the version %q", bin, version)
		}
	}
	if runtime.GOOS != "linux" || runtime.GOARCH != "amd64" {
		t.Logf("not running %s on %s/%s", lin, runtime.GOOS, runtime.GOARCH)
		return
	}
	out, err := exec.Command(lin, "version").Output()
	if err != nil {
		t.Fatalf("%s version: %v", lin, err)
	}
	if version != "" && strings.TrimSpace(string(out)) != "ucci "+version {
		t.Errorf("%s version printed %q, want %q", lin, out, "ucci "+version)
	}
	lines := talk(t, lin, "ucci\nposition startpos\ngo time 60000 opptime 60000\n", 10*time.Second)
	bookLine := false
	for _, l := range lines {
		bookLine = bookLine || strings.HasPrefix(l, "info depth 0 score ")
		if strings.HasPrefix(l, "info depth 1 ") {
			t.Errorf("searched instead of playing a book move: %q", lines)
			break
		}
	}
	if !bookLine || !strings.HasPrefix(lines[len(lines)-1], "bestmove ") {
		t.Errorf("no book move from the start position: %q", lines)
	}
}

// talk sends input to the engine and returns its lines up to the first
// bestmove (the engine is then stopped by closing its input).
func talk(t *testing.T, bin, input string, timeout time.Duration) []string {
	t.Helper()
	cmd := exec.Command(bin)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Wait()
	defer stdin.Close()
	io.WriteString(stdin, input)
	got := make(chan []string, 1)
	go func() {
		var lines []string
		buf := make([]byte, 0, 1<<16)
		tmp := make([]byte, 4096)
		for {
			n, err := stdout.Read(tmp)
			buf = append(buf, tmp[:n]...)
			lines = strings.Split(strings.TrimRight(string(buf), "\n"), "\n")
			for _, l := range lines {
				if strings.HasPrefix(l, "bestmove ") {
					got <- lines
					return
				}
			}
			if err != nil {
				got <- lines
				return
			}
		}
	}()
	select {
	case lines := <-got:
		return lines
	case <-time.After(timeout):
		cmd.Process.Kill()
		t.Fatalf("%s: no bestmove within %v", bin, timeout)
	}
	return nil
}

// checkWindowsConsole fails unless path is an amd64 Windows executable of
// the console subsystem (IMAGE_SUBSYSTEM_WINDOWS_CUI, 3).
func checkWindowsConsole(path string) error {
	f, err := pe.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	if f.Machine != pe.IMAGE_FILE_MACHINE_AMD64 {
		return fmt.Errorf("%s: machine %#x, want amd64 (%#x)", path, f.Machine, pe.IMAGE_FILE_MACHINE_AMD64)
	}
	oh, ok := f.OptionalHeader.(*pe.OptionalHeader64)
	if !ok {
		return fmt.Errorf("%s: no PE32+ optional header", path)
	}
	if oh.Subsystem != pe.IMAGE_SUBSYSTEM_WINDOWS_CUI {
		return fmt.Errorf("%s: subsystem %d, want %d (console); a GUI subsystem binary gets no stdin/stdout from engine hosts", path, oh.Subsystem, pe.IMAGE_SUBSYSTEM_WINDOWS_CUI)
	}
	return nil
}

// writePE writes a minimal PE32+ file header with the given subsystem.
func writePE(t *testing.T, path string, machine uint16, subsystem uint16) {
	t.Helper()
	var b bytes.Buffer
	dos := make([]byte, 0x40)
	copy(dos, "MZ")
	binary.LittleEndian.PutUint32(dos[0x3c:], 0x40)
	b.Write(dos)
	b.WriteString("PE\x00\x00")
	oh := pe.OptionalHeader64{Magic: 0x20b, Subsystem: subsystem, NumberOfRvaAndSizes: 16}
	fh := pe.FileHeader{Machine: machine, SizeOfOptionalHeader: uint16(binary.Size(oh)), Characteristics: 0x22}
	binary.Write(&b, binary.LittleEndian, fh)
	binary.Write(&b, binary.LittleEndian, oh)
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestCheckWindowsConsole(t *testing.T) {
	dir := t.TempDir()
	cases := []struct {
		name      string
		machine   uint16
		subsystem uint16
		ok        bool
	}{
		{"console", pe.IMAGE_FILE_MACHINE_AMD64, pe.IMAGE_SUBSYSTEM_WINDOWS_CUI, true},
		{"windowsgui", pe.IMAGE_FILE_MACHINE_AMD64, pe.IMAGE_SUBSYSTEM_WINDOWS_GUI, false},
		{"386", pe.IMAGE_FILE_MACHINE_I386, pe.IMAGE_SUBSYSTEM_WINDOWS_CUI, false},
	}
	for _, c := range cases {
		p := filepath.Join(dir, c.name+".exe")
		writePE(t, p, c.machine, c.subsystem)
		if err := checkWindowsConsole(p); (err == nil) != c.ok {
			t.Errorf("%s: %v", c.name, err)
		}
	}
	if err := checkWindowsConsole(filepath.Join(dir, "missing.exe")); err == nil {
		t.Error("a missing file passed")
	}
}
