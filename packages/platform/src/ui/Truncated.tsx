import { titleLength, truncate } from '../format';

/** A name cut to `max` characters (40 by default, spec section 9), the whole of it in the title attribute. */
export function Truncated({ text, max = titleLength }: { text: string; max?: number }) {
  const shown = truncate(text, max);
  return <span title={shown === text ? undefined : text}>{shown}</span>;
}
