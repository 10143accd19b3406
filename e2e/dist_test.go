package e2e

import (
	"bytes"
	"crypto/sha256"
	"debug/elf"
	"debug/macho"
	"debug/pe"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/goxq/ucci/internal/enginetest"
)

// distTarget is one release binary of `make dist`.
type distTarget struct {
	goos, goarch string
}

// distTargets are the binaries `make dist` builds.
var distTargets = []distTarget{
	{"linux", "amd64"}, {"linux", "arm64"},
	{"windows", "amd64"}, {"windows", "arm64"},
	{"darwin", "amd64"}, {"darwin", "arm64"},
}

// name is the file name of the target's binary.
func (d distTarget) name() string {
	if d.goos == "windows" {
		return "ucci-windows-" + d.goarch + ".exe"
	}
	return "ucci-" + d.goos + "-" + d.goarch
}

// checkHeader checks the executable format and machine of the binary.
func (d distTarget) checkHeader(path string) error {
	switch d.goos {
	case "windows":
		return checkWindowsConsole(path, map[string]uint16{"amd64": pe.IMAGE_FILE_MACHINE_AMD64, "arm64": pe.IMAGE_FILE_MACHINE_ARM64}[d.goarch])
	case "darwin":
		return checkMachO(path, map[string]macho.Cpu{"amd64": macho.CpuAmd64, "arm64": macho.CpuArm64}[d.goarch])
	}
	return checkELF(path, map[string]elf.Machine{"amd64": elf.EM_X86_64, "arm64": elf.EM_AARCH64}[d.goarch])
}

// TestDist checks the release binaries of `make dist` in $GOXQ_DIST: one
// for each of Linux, Windows and macOS on amd64 and arm64, each an
// executable of its system and machine (the Windows ones of the console
// subsystem, as XQWizard and other Windows GUIs require, PITFALLS.md §G);
// each carries the version ($GOXQ_DIST_VERSION, when set) and the whole
// default opening book; SHA256SUMS lists exactly these files with their
// checksums; the one for this machine, run here, prints its version and
// plays a book move at once.
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
	sums := map[string]string{}
	for _, d := range distTargets {
		path := filepath.Join(dir, d.name())
		b, err := os.ReadFile(path)
		if err != nil {
			t.Errorf("%s: %v", d.name(), err)
			continue
		}
		sum := sha256.Sum256(b)
		sums[d.name()] = hex.EncodeToString(sum[:])
		if err := d.checkHeader(path); err != nil {
			t.Error(err)
		}
		if !bytes.Contains(b, book) {
			t.Errorf("%s does not contain book/default.xqb", d.name())
		}
		if version != "" && !bytes.Contains(b, []byte(version)) {
			t.Errorf("%s does not contain the version %q", d.name(), version)
		}
	}
	if err := checkSums(filepath.Join(dir, "SHA256SUMS"), sums); err != nil {
		t.Error(err)
	}
	native := filepath.Join(dir, distTarget{runtime.GOOS, runtime.GOARCH}.name())
	if _, err := os.Stat(native); err != nil {
		t.Logf("no release binary for %s/%s to run", runtime.GOOS, runtime.GOARCH)
		return
	}
	out, err := exec.Command(native, "version").Output()
	if err != nil {
		t.Fatalf("%s version: %v", native, err)
	}
	if version != "" && strings.TrimSpace(string(out)) != "ucci "+version {
		t.Errorf("%s version printed %q, want %q", native, out, "ucci "+version)
	}
	p := enginetest.StartCommand(t, []string{native})
	p.Send("ucci", "position startpos", "go time 60000 opptime 60000")
	answer, lines := p.Expect(`^bestmove `, 10*time.Second)
	lines = append(lines, answer)
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

// checkSums fails unless the sha256sum file at path lists exactly the
// files of want (name to hex digest) with those digests.
func checkSums(path string, want map[string]string) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	got := map[string]string{}
	for _, line := range strings.Split(strings.TrimRight(string(b), "\n"), "\n") {
		sum, name, ok := strings.Cut(line, "  ")
		if !ok {
			sum, name, ok = strings.Cut(line, " *")
		}
		if !ok || len(sum) != 64 {
			return fmt.Errorf("%s: malformed line %q", path, line)
		}
		if _, dup := got[name]; dup {
			return fmt.Errorf("%s: %s twice", path, name)
		}
		got[name] = sum
	}
	for name, sum := range want {
		switch g, ok := got[name]; {
		case !ok:
			return fmt.Errorf("%s does not list %s", path, name)
		case g != sum:
			return fmt.Errorf("%s: %s has checksum %s, the file %s", path, name, g, sum)
		}
	}
	if len(got) != len(want) {
		return fmt.Errorf("%s lists %d files, want %d", path, len(got), len(want))
	}
	return nil
}

// checkELF fails unless path is a 64-bit ELF executable for machine.
func checkELF(path string, machine elf.Machine) error {
	f, err := elf.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	if f.Machine != machine || f.Class != elf.ELFCLASS64 || f.Type != elf.ET_EXEC {
		return fmt.Errorf("%s: ELF machine %v, class %v, type %v; want %v, 64-bit, executable", path, f.Machine, f.Class, f.Type, machine)
	}
	return nil
}

// checkMachO fails unless path is a 64-bit Mach-O executable for cpu.
func checkMachO(path string, cpu macho.Cpu) error {
	f, err := macho.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	if f.Cpu != cpu || f.Magic != macho.Magic64 || f.Type != macho.TypeExec {
		return fmt.Errorf("%s: Mach-O cpu %v, magic %#x, type %v; want %v, 64-bit, executable", path, f.Cpu, f.Magic, f.Type, cpu)
	}
	return nil
}

// checkWindowsConsole fails unless path is a 64-bit Windows executable
// for machine of the console subsystem (IMAGE_SUBSYSTEM_WINDOWS_CUI, 3).
func checkWindowsConsole(path string, machine uint16) error {
	f, err := pe.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	if f.Machine != machine {
		return fmt.Errorf("%s: machine %#x, want %#x", path, f.Machine, machine)
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
		{"arm64", pe.IMAGE_FILE_MACHINE_ARM64, pe.IMAGE_SUBSYSTEM_WINDOWS_CUI, false},
	}
	for _, c := range cases {
		p := filepath.Join(dir, c.name+".exe")
		writePE(t, p, c.machine, c.subsystem)
		if err := checkWindowsConsole(p, pe.IMAGE_FILE_MACHINE_AMD64); (err == nil) != c.ok {
			t.Errorf("%s: %v", c.name, err)
		}
	}
	writePE(t, filepath.Join(dir, "a.exe"), pe.IMAGE_FILE_MACHINE_ARM64, pe.IMAGE_SUBSYSTEM_WINDOWS_CUI)
	if err := checkWindowsConsole(filepath.Join(dir, "a.exe"), pe.IMAGE_FILE_MACHINE_ARM64); err != nil {
		t.Errorf("arm64 console: %v", err)
	}
	if err := checkWindowsConsole(filepath.Join(dir, "missing.exe"), pe.IMAGE_FILE_MACHINE_AMD64); err == nil {
		t.Error("a missing file passed")
	}
}

// TestCheckELFAndMachO: the ELF check accepts this test binary for its own
// machine and rejects it for another; the Mach-O check accepts a minimal
// arm64 executable header and rejects it for amd64 and as a library.
func TestCheckELFAndMachO(t *testing.T) {
	if runtime.GOOS == "linux" {
		self, err := os.Executable()
		if err != nil {
			t.Fatal(err)
		}
		own := map[string]elf.Machine{"amd64": elf.EM_X86_64, "arm64": elf.EM_AARCH64}[runtime.GOARCH]
		if own != 0 {
			if err := checkELF(self, own); err != nil {
				t.Errorf("this test binary: %v", err)
			}
			if err := checkELF(self, elf.EM_RISCV); err == nil {
				t.Error("this test binary passed as RISC-V")
			}
		}
	}
	dir := t.TempDir()
	write := func(name string, typ macho.Type) string {
		var b bytes.Buffer
		binary.Write(&b, binary.LittleEndian, macho.FileHeader{Magic: macho.Magic64, Cpu: macho.CpuArm64, Type: typ})
		b.Write(make([]byte, 4)) // the reserved word of the 64-bit header
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	exe, lib := write("exe", macho.TypeExec), write("lib", macho.TypeDylib)
	if err := checkMachO(exe, macho.CpuArm64); err != nil {
		t.Errorf("arm64 executable: %v", err)
	}
	if err := checkMachO(exe, macho.CpuAmd64); err == nil {
		t.Error("arm64 executable passed as amd64")
	}
	if err := checkMachO(lib, macho.CpuArm64); err == nil {
		t.Error("a library passed as an executable")
	}
	if err := checkELF(exe, elf.EM_X86_64); err == nil {
		t.Error("a Mach-O file passed as ELF")
	}
}

// TestCheckSums: the checksum file must list exactly the files, each with
// its digest.
func TestCheckSums(t *testing.T) {
	dir := t.TempDir()
	a, b := strings.Repeat("a", 64), strings.Repeat("b", 64)
	want := map[string]string{"x": a, "y.exe": b}
	for text, ok := range map[string]bool{
		a + "  x\n" + b + "  y.exe\n":               true,
		a + " *x\n" + b + " *y.exe\n":               true,
		a + "  x\n":                                 false,
		a + "  x\n" + a + "  y.exe\n":               false,
		a + "  x\n" + b + "  y.exe\n" + a + "  z\n": false,
		a + "  x\n" + b + "  y.exe\n" + a + "  x\n": false,
		"nonsense\n":                                false,
	} {
		p := filepath.Join(dir, "SHA256SUMS")
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := checkSums(p, want); (err == nil) != ok {
			t.Errorf("%q: %v", text, err)
		}
	}
}
