// Which house ad a slot shows: slots start at different offsets so the top and bottom banners differ.
export function adAt<T>(ads: readonly T[], tick: number, offset: number): T | null {
  if (ads.length === 0) return null;
  const index = (((tick + offset) % ads.length) + ads.length) % ads.length;
  return ads[index] ?? null;
}
