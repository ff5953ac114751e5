// How the platform writes prices, dates, sizes and long titles for its readers (spec section 9: prices in
// MNT, titles truncated to 40 characters), so every screen writes them the same way.
import { amountOf } from '@learning/contracts';

export { amountOf };

/** Spec section 9: titles are truncated to 40 characters. */
export const titleLength = 40;

/**
 * A price for Mongolian readers: a numeric text becomes "49,000₮"; anything else ("Үнэгүй", "Тун
 * удахгүй") is free text in the spec and is shown as written.
 */
export function formatPrice(price: string | number): string {
  const text = String(price).trim();
  const amount = amountOf(text);
  if (amount === null) return text;
  // ICU's mn-MN currency style puts the sign first ("₮ 49,000"); shops and the spec write it after.
  return `${new Intl.NumberFormat('mn-MN').format(amount)}₮`;
}

/** A size in megabytes (10⁶ bytes, as phones count storage), to a tenth: "4.2 МБ", "4.2 MB". */
export function formatMegabytes(bytes: number, language: string): string {
  const megabytes = Math.max(0, bytes) / 1_000_000;
  const number = megabytes < 0.1 && megabytes > 0 ? '0.1' : (Math.round(megabytes * 10) / 10).toFixed(1);
  return `${number} ${language === 'mn' ? 'МБ' : 'MB'}`;
}

/**
 * A day, with its time if asked, in the reader's language and time zone (or the one named, e.g. the
 * centre's Asia/Ulaanbaatar for a release date): "2026 оны 12-р сарын 9, 00:00" or "9 Dec 2026, 00:00";
 * empty for an invalid date. Mongolian is written here rather than by Intl: browsers' ICU often has no
 * mn data (Chromium printed "Dec 8, 2026").
 */
export function formatDate(date: string | number | Date, language: string, { withTime = false, timeZone }: { withTime?: boolean; timeZone?: string } = {}): string {
  const value = new Date(date);
  if (Number.isNaN(value.getTime())) return '';
  if (language !== 'mn') return new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', ...(withTime ? { timeStyle: 'short' } : {}), ...(timeZone ? { timeZone } : {}) }).format(value);
  const { year, month, day, hour, minute } = calendarOf(value, timeZone);
  const twoDigits = (part: number) => String(part).padStart(2, '0');
  const dayText = `${year} оны ${month}-р сарын ${day}`;
  return withTime ? `${dayText}, ${twoDigits(hour)}:${twoDigits(minute)}` : dayText;
}

/** The moment's calendar fields in the reader's time zone, or in the one named. */
function calendarOf(value: Date, timeZone: string | undefined): Record<'year' | 'month' | 'day' | 'hour' | 'minute', number> {
  if (!timeZone) return { year: value.getFullYear(), month: value.getMonth() + 1, day: value.getDate(), hour: value.getHours(), minute: value.getMinutes() };
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', hourCycle: 'h23' }).formatToParts(value);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((each) => each.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour'), minute: part('minute') };
}

/** The first `max` characters and "…" when the text is longer; counted by code point, so an emoji is never cut in half. */
export function truncate(text: string, max: number = titleLength): string {
  const characters = Array.from(text);
  return characters.length > max ? `${characters.slice(0, max).join('').trimEnd()}…` : text;
}
