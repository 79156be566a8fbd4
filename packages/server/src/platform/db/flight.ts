// On a pipelining connection (postgres.ts) statements started together travel together: the database runs them
// in the order they were started and the answers come back in one read, so a transaction holding a hot lock
// (a tournament's row, a wallet) holds it for one round trip instead of one per statement. Start them with
// Promise.all when any failure fails the whole; with Promise.allSettled and `answerOf` when the refusals must
// come in the rules' order, whichever statement the database refused first.

/** The value of a settled statement, or its error thrown: read the answers in the order the rules check them. */
export function answerOf<T>(answer: PromiseSettledResult<T>): T {
  if (answer.status === "rejected") throw answer.reason;
  return answer.value;
}
