// Prices are text in the spec ("49,000₮", or free text such as "Үнэгүй"): the amount of one, for
// the screens that write it and for the invoice that asks for it.

/** "49000", "49 000", "49,000₮", "49000 MNT": an amount in tögrög with optional grouping and sign. */
const amountInTogrog = /^(\d{1,3}(?:[ ,.\u00a0\u202f]\d{3})+|\d+)\s*(?:₮|mnt|төг(?:рөг)?\.?)?$/i;

/** The amount of a numeric price ("35,000₮" → 35000); null for free text ("Үнэгүй"). */
export function amountOf(price: string): number | null {
  const amount = amountInTogrog.exec(price.trim())?.[1];
  return amount === undefined ? null : Number(amount.replace(/\D/g, ''));
}
