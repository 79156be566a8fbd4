import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { acquireLockFile } from "./lock-file";

const dir = mkdtempSync(path.join(tmpdir(), "bot-arena-lock-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the PGlite lock file", () => {
  it("is taken once, refused while held, and free again after release", () => {
    const file = path.join(dir, "a.lock");
    const release = acquireLockFile(file);
    expect(readFileSync(file, "utf8")).toBe(String(process.pid));
    expect(() => acquireLockFile(file)).toThrow(/in use by process/);
    release();
    acquireLockFile(file)();
  });

  it("is refused while another live process holds it", () => {
    const file = path.join(dir, "b.lock");
    writeFileSync(file, String(process.ppid));
    expect(() => acquireLockFile(file)).toThrow(`in use by process ${process.ppid}`);
  });

  it("takes over a lock left by a dead process, or by an earlier run under the same pid", () => {
    for (const stale of ["999999999", String(process.pid)]) {
      const file = path.join(dir, `stale-${stale}.lock`);
      writeFileSync(file, stale);
      const release = acquireLockFile(file);
      expect(readFileSync(file, "utf8")).toBe(String(process.pid));
      release();
    }
  });
});
