// The centre's clock, Asia/Ulaanbaatar, for everyone who reads or writes its days: a plan's days open
// at 00:00 there, an early price ends when one of its days begins, the refund report's times are
// written as its clock reads them. Mongolia has kept UTC+8 all year since 2017 (no summer time), so
// a fixed offset is exact and no time-zone data is needed, in Node or in a browser.

export const centreTimeZone = 'Asia/Ulaanbaatar';
export const centreUtcOffset = '+08:00';
const offsetMs = 8 * 60 * 60 * 1000;

/** The centre's calendar day of a moment, as a date input holds it: "2026-12-09"; '' for an invalid date. */
export function centreDayOf(moment: Date): string {
  return Number.isNaN(moment.getTime()) ? '' : new Date(moment.getTime() + offsetMs).toISOString().slice(0, 10);
}

/** The moment a centre's day ("2026-12-09") begins, as the API writes it: "2026-12-09T00:00:00+08:00". */
export function centreMidnightOf(day: string): string {
  return `${day}T00:00:00${centreUtcOffset}`;
}

/** A moment as the centre's clock reads it: "2026-12-08 14:30". */
export function centreClockOf(moment: Date): string {
  return new Date(moment.getTime() + offsetMs).toISOString().slice(0, 16).replace('T', ' ');
}
