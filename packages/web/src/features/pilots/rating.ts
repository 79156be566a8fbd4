// How the pilots' pages write a rating and its change.
import { formatWhen } from "../../ui/dates";

const points = new Intl.NumberFormat("en-US");

/** '1741', or '1741?' while provisional (lichess's mark). */
export const ratingLabel = (rating: number, provisional: boolean): string =>
  `${rating}${provisional ? "?" : ""}`;

/** '+12' / '−8' / '±0'. */
export const ratingDeltaLabel = (delta: number): string =>
  delta === 0 ? "±0" : `${delta > 0 ? "+" : "−"}${points.format(Math.abs(delta))}`;

/** A shield's or a revenge's end, in the player's own time. */
export const endTime = (iso: string): string => formatWhen(iso);
