// On a pipelining connection (postgres.ts) statements started together travel together: the database runs them
// in the order they were started and the answers come back in one read, so a transaction holding a hot lock
// (a tournament's row, a wallet) holds it for one round trip instead of one per statement. Start them with
// Promise.all when any failure fails the whole; with Promise.allSettled and `answerOf` when the refusals must
// come in the rules' order, whichever statement the database refused first.
//
// "Started" means handed to the driver, which is not always the order they are written in: a Drizzle query is
// sent when it is awaited, so a statement awaited inside an async helper (lockProfiles, lockBots) goes a tick
// before a bare query written beside it. Measured: [query 1, helper 2, query 3, helper 4, query 5] reached
// PostgreSQL as 2, 4, 1, 3, 5. A lock that must come first in the lock order is therefore awaited on its own
// (the tournament join's seat), or every lock in the flight goes through helpers of the same depth.

/** The value of a settled statement, or its error thrown: read the answers in the order the rules check them. */
export function answerOf<T>(answer: PromiseSettledResult<T>): T {
  if (answer.status === "rejected") throw answer.reason;
  return answer.value;
}
