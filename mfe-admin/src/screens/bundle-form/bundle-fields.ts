// The fields of a lesson bundle or Monster plan form and their rules (spec section 5): a name, a
// price and at least one video are required; price is free text. Each chosen video has its place in
// a plan (week, day, the day's words); a lesson bundle ignores the place. The payment instructions
// (issue 20) are free text of at most 2000 characters; a plan may release its days one a day.
import type { Placement } from '../../monsterplans';

export interface BundleFields {
  name: string;
  price: string;
  videos: Placement[];
  isActive: boolean;
  exam: boolean;
  paymentInstructions: string;
  releaseDaily: boolean;
}

export type BundleField = 'name' | 'price' | 'videos' | 'paymentInstructions';

/** The order the fields are checked in on submit: the first wrong one takes the focus. */
export const bundleFieldOrder: readonly BundleField[] = ['name', 'price', 'videos', 'paymentInstructions'];

/** The contract's bound (contract section 1). */
export const paymentInstructionsLength = 2000;

export const emptyBundle: BundleFields = { name: '', price: '', videos: [], isActive: true, exam: false, paymentInstructions: '', releaseDaily: false };

/** The i18n keys of what is wrong, by field. */
export function bundleErrors({ name, price, videos, paymentInstructions }: BundleFields): Partial<Record<BundleField, string>> {
  return {
    ...(name.trim() ? {} : { name: 'form.required.name' }),
    ...(price.trim() ? {} : { price: 'form.required.price' }),
    ...(videos.length > 0 ? {} : { videos: 'form.required.videos' }),
    ...(paymentInstructions.trim().length <= paymentInstructionsLength ? {} : { paymentInstructions: 'form.required.paymentInstructions' }),
  };
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
