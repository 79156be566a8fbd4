// The yardstick: a bare Fastify route with no database and no session, in its own process like the real server.
import Fastify from "fastify";

const app = Fastify({ logger: false });
const body = { id: "00000000-0000-0000-0000-000000000000", username: "bare", coins: 1000 };
app.get("/api/health", async () => ({ ok: true }));
app.get("/api/bare", async () => body);
await app.listen({ port: Number(process.env.PORT ?? 4401), host: process.env.HOST ?? "127.0.0.1" });
