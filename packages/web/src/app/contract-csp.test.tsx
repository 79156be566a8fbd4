// A page of ours runs under a CSP without 'unsafe-eval' (the server's helmet settings). Zod compiles a faster parser
// for each object schema with `new Function` when it may, and probes for that on its first object schema; the CSP
// refuses the probe and reports a violation, which Lighthouse counts against the page's best practices. The
// contract makes zod jitless where a document exists (contract/src/zod.ts). A component test, for happy-dom's
// document.
import { describe, expect, it, vi } from "vitest";

describe("the contract in a page", () => {
  it("builds its schemas and parses with them without compiling any code", async () => {
    const compiled = vi.fn();
    const RealFunction = globalThis.Function;
    globalThis.Function = new Proxy(RealFunction, {
      construct(target, args) {
        compiled(args);
        return Reflect.construct(target, args);
      },
      apply(target, self, args) {
        compiled(args);
        return Reflect.apply(target, self, args);
      },
    });
    try {
      // Imported here, after the spy: every schema is built as this module loads.
      const { signUpBody, me } = await import("@bot-arena/contract");
      const player = { username: "ace", email: "ace@arena.test", password: "hunter22" };
      expect(signUpBody.safeParse(player).success).toBe(true);
      expect(me.safeParse({}).success).toBe(false);
    } finally {
      globalThis.Function = RealFunction;
    }
    expect(compiled).not.toHaveBeenCalled();
  });
});
