// Takes screenshots of the built app with the API mocked, for eyeballing the look on desktop and phone.
// Usage: npm run build -w packages/web && node packages/web/scripts/screenshots.mjs [outDir]
// Needs a Chromium; CHROMIUM_PATH overrides where it is looked for.
import { spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const webDir = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const outDir = resolve(process.argv[2] ?? join(webDir, "test-results", "screenshots"));
const executablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const port = 4321;
const base = `http://localhost:${port}`;
mkdirSync(outDir, { recursive: true });

function wav(seconds = 4, rate = 8000) {
  const samples = seconds * rate;
  const buffer = Buffer.alloc(44 + samples * 2);
  buffer.write("RIFF", 0);
  buffer.writeUInt32LE(36 + samples * 2, 4);
  buffer.write("WAVEfmt ", 8);
  buffer.writeUInt32LE(16, 16);
  buffer.writeUInt16LE(1, 20);
  buffer.writeUInt16LE(1, 22);
  buffer.writeUInt32LE(rate, 24);
  buffer.writeUInt32LE(rate * 2, 28);
  buffer.writeUInt16LE(2, 32);
  buffer.writeUInt16LE(16, 34);
  buffer.write("data", 36);
  buffer.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++)
    buffer.writeInt16LE(Math.round(Math.sin((i / rate) * 2 * Math.PI * 220) * 3000), 44 + i * 2);
  return buffer;
}

const tracks = [
  {
    id: "t1",
    title: "Neon Overdrive",
    artist: "Circuit Breakers",
    fileUrl: "/media/music/t1.wav",
    sortOrder: 1,
  },
  { id: "t2", title: "Chrome Hearts", artist: null, fileUrl: "/media/music/t2.wav", sortOrder: 2 },
  { id: "t3", title: "Arena Anthem", artist: "Vox Machina", fileUrl: "/media/music/t3.wav", sortOrder: 3 },
  { id: "t4", title: "Plasma Drift", artist: "Synth Legion", fileUrl: "/media/music/t4.wav", sortOrder: 4 },
];
const ads = [
  {
    id: "a1",
    title: "10x Summon Event",
    text: "Guaranteed Legendary in every 10x summon. Build your squad today.",
    cta: "Summon",
    href: "/summon",
  },
  {
    id: "a2",
    title: "Weekend Tournament",
    text: "Enter the bracket and fight for the prize pool.",
    cta: "Join",
    href: "/tournament",
  },
];

// The server's policy for the app (packages/server), so a violation shows up here before it does there.
const csp = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "media-src 'self'",
  "connect-src 'self' ws: wss:",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
].join("; ");

async function mockApi(page, state) {
  await page.route(
    (url) => !url.pathname.startsWith("/api/") && !url.pathname.startsWith("/media/"),
    async (route) => {
      if (route.request().resourceType() !== "document") return route.fallback();
      const response = await route.fetch();
      return route.fulfill({ response, headers: { ...response.headers(), "content-security-policy": csp } });
    },
  );
  await page.routeWebSocket(/\/api\/live$/, (ws) => {
    ws.onMessage(() => {});
  });
  await page.route("**/api/**", async (route) => {
    const url = new URL(route.request().url());
    const json = (status, body) =>
      route.fulfill({ status, contentType: "application/json", body: JSON.stringify(body) });
    switch (url.pathname) {
      case "/api/me":
        return state.me
          ? json(200, state.me)
          : json(401, { error: { code: "NOT_AUTHENTICATED", message: "Not authenticated" } });
      case "/api/stats":
        return json(200, { battlesLastHour: 128, openTournaments: 3, activeGuildWars: 2, players: 4821 });
      case "/api/music/tracks":
        return json(200, { tracks });
      case "/api/ads":
        return json(200, { enabled: true, ads });
      case "/api/auth/sign-in": {
        const body = route.request().postDataJSON();
        if (body.password !== "secret1") {
          return json(401, { error: { code: "INVALID_CREDENTIALS", message: "Invalid email or password" } });
        }
        state.me = { ...player };
        return json(200, state.me);
      }
      case "/api/auth/sign-out":
        state.me = null;
        return json(200, { ok: true });
      default:
        return json(404, { error: { code: "NOT_FOUND", message: "Not found" } });
    }
  });
  await page.route("**/media/music/*.wav", (route) =>
    route.fulfill({ status: 200, contentType: "audio/wav", body: wav() }),
  );
}

const player = {
  id: "u1",
  username: "NeonPilot",
  email: "pilot@example.com",
  coins: 12450,
  vaultCoins: 300,
  isAdmin: true,
};

const preview = spawn("npx", ["vite", "preview", "--port", String(port), "--strictPort"], {
  cwd: webDir,
  stdio: "ignore",
});
try {
  for (let i = 0; i < 50; i++) {
    try {
      if ((await fetch(base)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  const browser = await chromium.launch({
    executablePath,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--autoplay-policy=no-user-gesture-required",
    ],
  });
  const viewports = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };
  for (const [name, viewport] of Object.entries(viewports)) {
    const context = await browser.newContext({ viewport, deviceScaleFactor: 1, reducedMotion: "reduce" });
    const page = await context.newPage();
    page.on("pageerror", (e) => console.error(`[${name}] pageerror`, e.message));
    page.on("console", (m) => m.type() === "error" && console.error(`[${name}] console`, m.text()));
    const state = { me: null };
    await mockApi(page, state);
    const shot = async (file, fullPage = false) => {
      await page.waitForTimeout(400);
      await page.screenshot({ path: join(outDir, `${name}-${file}.png`), fullPage });
    };

    await page.goto(`${base}/`);
    await page.getByRole("heading", { name: /BOT/ }).first().waitFor();
    await shot("landing");
    await shot("landing-full", true);
    await page.getByRole("link", { name: "System Info" }).click();
    await page.waitForTimeout(300);
    console.log(`[${name}] scrolled to features: y=${await page.evaluate(() => Math.round(window.scrollY))}`);

    await page.goto(`${base}/auth`);
    await page.getByRole("button", { name: "Sign In" }).click();
    await shot("auth-errors");
    await page.getByRole("button", { name: "Don't have an account? Sign up" }).click();
    await page.getByLabel("Email").fill("pilot@example");
    await page.getByRole("button", { name: "Create Account" }).click();
    await shot("auth-signup-errors");

    await page.goto(`${base}/does-not-exist`);
    await page.getByText("Oops! Page not found").waitFor();
    await shot("not-found");

    state.me = { ...player };
    await page.goto(`${base}/dashboard`);
    await page.getByText("This area opens soon").waitFor();
    await shot("dashboard");
    if (name === "phone") {
      await page.getByRole("button", { name: "Toggle navigation" }).click();
      await shot("dashboard-nav-open");
      await page.getByRole("button", { name: "Toggle navigation" }).click();
    }

    await page.getByRole("button", { name: "Open music player" }).click();
    await page.getByRole("button", { name: /Playlist/ }).click();
    await shot("music-open");
    await page.getByRole("button", { name: "Play", exact: true }).click();
    await page.getByRole("button", { name: "Pause", exact: true }).waitFor();
    await page.waitForTimeout(1200);
    await shot("music-playing");
    // The 4 s mock track ends and the next one starts; previous from the first wraps to the last.
    const panel = page.getByRole("region", { name: "MUSIC PLAYER" });
    await panel.getByText("Chrome Hearts").first().waitFor({ timeout: 8000 });
    await panel.getByText("Unknown Artist").first().waitFor();
    await page.getByRole("button", { name: "Previous track" }).click();
    await page.getByRole("button", { name: "Previous track" }).click();
    await panel.locator("p", { hasText: "Plasma Drift" }).waitFor();
    await page.getByRole("button", { name: "Pause", exact: true }).click();
    await page.getByRole("button", { name: "Mute" }).click();
    await page.getByRole("button", { name: "Unmute" }).waitFor();
    await page.getByRole("slider", { name: "Volume" }).focus();
    await page.keyboard.press("ArrowLeft");
    await panel.getByText("69%").waitFor();
    console.log(`[${name}] music ok`);
    await page.getByRole("button", { name: "Close music player" }).click();

    state.me = { ...player, isAdmin: false };
    await page.goto(`${base}/admin`);
    await page.waitForURL(`${base}/`);
    await shot("admin-refused");

    // Journeys: a wrong password shows the server's message; the right one lands on /dashboard;
    // logout returns to /; a signed-out visitor to a shell page is sent to /auth.
    state.me = null;
    await page.goto(`${base}/auth`);
    await page.getByLabel("Email").fill("pilot@example.com");
    await page.getByLabel("Password").fill("wrong-password");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await page.getByText("Invalid email or password").first().waitFor();
    await page.getByLabel("Password").fill("secret1");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await page.waitForURL(`${base}/dashboard`);
    await page.getByText("Welcome back!").waitFor();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await shot("focus-ring");
    await page.getByRole("button", { name: "Logout" }).click();
    await page.waitForURL(`${base}/`);
    await page.getByText("Logged out successfully").waitFor();
    await page.goto(`${base}/shop`);
    await page.waitForURL(`${base}/auth`);
    console.log(`[${name}] journeys ok`);
    await context.close();
  }
  await browser.close();
  console.log(`screenshots in ${outDir}`);
} finally {
  preview.kill();
}
