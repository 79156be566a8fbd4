// The line under the landing's counters: a count of pilots, but an invitation (not a bleak '0') on a new arena.
const formatter = new Intl.NumberFormat("en-US");

export function pilotsLine(players: number): string {
  if (players <= 0) return "A brand-new arena: be its first pilot";
  if (players === 1) return "1 pilot registered: be the next";
  return `${formatter.format(players)} pilots registered`;
}
