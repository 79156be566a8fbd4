// A stream that passes bytes on no faster than a rate: an anonymous download from a local copy would otherwise
// go as fast as the loopback or the network takes it, and a handful of them kept the event loop busy for
// everyone else. A listener needs far less than the rate (a WAV track plays at some 100 KB a second).
import { Transform } from "node:stream";

/** The first bytes go at once, so a short answer (or a seek's first second of music) waits for nothing. */
const BURST_SECONDS = 1;

export function pacedStream(bytesPerSecond: number, now: () => number = performance.now.bind(performance)) {
  const started = now();
  let sent = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      sent += chunk.length;
      // When these bytes are due at the rate, after the first second's worth.
      const dueMs = ((sent - bytesPerSecond * BURST_SECONDS) / bytesPerSecond) * 1000;
      const waitMs = dueMs - (now() - started);
      if (waitMs <= 0) return done(null, chunk);
      setTimeout(() => done(null, chunk), waitMs);
    },
  });
}
