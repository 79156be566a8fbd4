// The build names a shared chunk after the npm package that is most of it (vite-chunk-names.ts).
import { describe, expect, it } from "vitest";
import { mainPackage, packageOf } from "./vite-chunk-names.ts";

const bytes = (sizes: Record<string, number>) => (id: string) => sizes[id] ?? 0;

describe("a shared chunk's name", () => {
  it("is the package of a module, scope left out", () => {
    expect(packageOf("/repo/node_modules/react-dom/cjs/react-dom-client.production.js")).toBe("react-dom");
    expect(packageOf("/repo/node_modules/@tanstack/query-core/build/modern/query.js")).toBe("query-core");
    expect(packageOf("/repo/node_modules/a/node_modules/scheduler/index.js")).toBe("scheduler");
    expect(packageOf("C:\\repo\\node_modules\\motion-dom\\dist\\index.mjs")).toBe("motion-dom");
    expect(packageOf("/repo/packages/web/src/app/toastSoon.ts")).toBeNull();
  });

  it("is React's DOM renderer's for its chunk, though a small module of ours shares it", () => {
    const chunk = {
      "/n/node_modules/react-dom/cjs/react-dom-client.production.js": 530_000,
      "/n/node_modules/scheduler/cjs/scheduler.production.js": 9_000,
      "/w/src/app/toastSoon.ts": 1_500,
    };
    expect(mainPackage(Object.keys(chunk), bytes(chunk))).toBe("react-dom");
  });

  it("is none when no package is most of the chunk: the app's own code keeps rolldown's name", () => {
    const chunk = {
      "/n/node_modules/@tanstack/query-core/build/modern/query.js": 30_000,
      "/w/src/app/AppRoot.tsx": 20_000,
      "/w/src/app/router.tsx": 15_000,
    };
    expect(mainPackage(Object.keys(chunk), bytes(chunk))).toBeNull();
    // Several small packages with none the larger part.
    const radix = {
      "/n/node_modules/a/x.js": 40,
      "/n/node_modules/b/x.js": 35,
      "/n/node_modules/c/x.js": 25,
    };
    expect(mainPackage(Object.keys(radix), bytes(radix))).toBeNull();
  });
});
