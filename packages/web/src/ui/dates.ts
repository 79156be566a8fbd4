// One way to write a moment everywhere in the app, in the players' language (en-US): 'Dec 1, 2026, 9:52 PM', a
// day 'Dec 1, 2026', a time of day '9:52 PM' (issue 41: three formats were in use side by side).
const moment = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });
const day = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });
const clock = new Intl.DateTimeFormat("en-US", { timeStyle: "short" });

type When = string | number | Date;

export const formatWhen = (at: When): string => moment.format(new Date(at));
export const formatDay = (at: When): string => day.format(new Date(at));
export const formatClock = (at: When): string => clock.format(new Date(at));
