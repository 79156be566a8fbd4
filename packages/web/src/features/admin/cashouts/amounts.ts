// How the queue writes what the server sends as text or hours: sats from exact millisatoshis, waiting times.
const sats = new Intl.NumberFormat("en-US");

/** '12,345 sats' from '12345678' msats, in whole sats. */
export const formatSats = (msats: string): string => `${sats.format(BigInt(msats) / 1000n)} sats`;

/** 'under an hour', '5 h', '3 d 2 h': how long a request has waited. */
export const waited = (hours: number) =>
  hours < 1 ? "under an hour" : hours < 48 ? `${hours} h` : `${Math.floor(hours / 24)} d ${hours % 24} h`;
