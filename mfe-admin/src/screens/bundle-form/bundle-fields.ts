// The fields of a lesson bundle or Monster plan form and their rules (spec section 5): a name, a
// price and at least one video are required; price is free text. An early price (spec section 9) comes
// with the centre's day it ends on, both or neither. Each chosen video has its place in a plan (week,
// day, the day's words); a lesson bundle ignores the place. The payment instructions are
// free text of at most 2000 characters; a plan may release its days one a day.
import { centreDayOf, centreMidnightOf } from '@learning/platform';
import type { Placement } from '../../monsterplans';

export interface BundleFields {
  name: string;
  price: string;
  /** '' for none. */
  earlyPrice: string;
  /** The first day (Asia/Ulaanbaatar, "2026-12-09") on which the price applies again; '' for none. */
  earlyPriceEnds: string;
  videos: Placement[];
  isActive: boolean;
  exam: boolean;
  paymentInstructions: string;
  releaseDaily: boolean;
}

export type BundleField = 'name' | 'price' | 'earlyPrice' | 'earlyPriceEnds' | 'videos' | 'paymentInstructions';

/** The order the fields are checked in on submit: the first wrong one takes the focus. */
export const bundleFieldOrder: readonly BundleField[] = ['name', 'price', 'earlyPrice', 'earlyPriceEnds', 'videos', 'paymentInstructions'];

/** The contract's bounds (contract section 1). */
export const paymentInstructionsLength = 2000;
export const earlyPriceLength = 50;

export const emptyBundle: BundleFields = {
  name: '',
  price: '',
  earlyPrice: '',
  earlyPriceEnds: '',
  videos: [],
  isActive: true,
  exam: false,
  paymentInstructions: '',
  releaseDaily: false,
};

const isDay = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text) && centreDayOf(new Date(centreMidnightOf(text))) === text;

/** The i18n keys of what is wrong, by field. */
export function bundleErrors({ name, price, earlyPrice, earlyPriceEnds, videos, paymentInstructions }: BundleFields): Partial<Record<BundleField, string>> {
  const early = earlyPrice.trim();
  return {
    ...(name.trim() ? {} : { name: 'form.required.name' }),
    ...(price.trim() ? {} : { price: 'form.required.price' }),
    ...(early.length > earlyPriceLength ? { earlyPrice: 'form.required.earlyPriceLength' } : !early && earlyPriceEnds ? { earlyPrice: 'form.required.earlyPrice' } : {}),
    ...(earlyPriceEnds && !isDay(earlyPriceEnds) ? { earlyPriceEnds: 'form.required.earlyPriceEndsInvalid' } : early && !earlyPriceEnds ? { earlyPriceEnds: 'form.required.earlyPriceEnds' } : {}),
    ...(videos.length > 0 ? {} : { videos: 'form.required.videos' }),
    ...(paymentInstructions.trim().length <= paymentInstructionsLength ? {} : { paymentInstructions: 'form.required.paymentInstructions' }),
  };
}

/** A plan's or bundle's early price as the form edits it: its amount, and its deadline as the centre's day. */
export function earlyPriceFields(offer: { earlyPrice: string | null; earlyPriceUntil: string | null }): Pick<BundleFields, 'earlyPrice' | 'earlyPriceEnds'> {
  return { earlyPrice: offer.earlyPrice ?? '', earlyPriceEnds: offer.earlyPriceUntil ? centreDayOf(new Date(offer.earlyPriceUntil)) : '' };
}

/**
 * The early price as the catalog takes it: null for both when the fields are empty (it is cleared),
 * else the amount and the start of the day chosen in Ulaanbaatar ("2026-12-09T00:00:00+08:00"). A
 * deadline kept on the day it had keeps its own moment, should it not be a midnight.
 */
export function earlyPriceBody({ earlyPrice, earlyPriceEnds }: Pick<BundleFields, 'earlyPrice' | 'earlyPriceEnds'>, was: string | null = null): { earlyPrice: string | null; earlyPriceUntil: string | null } {
  const early = earlyPrice.trim();
  if (!early || !earlyPriceEnds) return { earlyPrice: null, earlyPriceUntil: null };
  return { earlyPrice: early, earlyPriceUntil: was && centreDayOf(new Date(was)) === earlyPriceEnds ? was : centreMidnightOf(earlyPriceEnds) };
}

export const daysPerWeek = 7;

/** A newly chosen video goes to the day after the last chosen one; the eighth day is the next week's first. */
export function nextPlace(chosen: readonly Placement[]): Pick<Placement, 'week' | 'dayOfWeek'> {
  const last = chosen.reduce<Pick<Placement, 'week' | 'dayOfWeek'> | null>(
    (latest, place) => (!latest || place.week > latest.week || (place.week === latest.week && place.dayOfWeek > latest.dayOfWeek) ? place : latest),
    null,
  );
  if (!last) return { week: 1, dayOfWeek: 1 };
  return last.dayOfWeek >= daysPerWeek ? { week: last.week + 1, dayOfWeek: 1 } : { week: last.week, dayOfWeek: last.dayOfWeek + 1 };
}
