import { formatDate, formatPrice, truncate } from '@learning/platform';

describe('formatting for Mongolian readers (spec section 9)', () => {
  it('writes a numeric price in MNT with grouped thousands and the tögrög sign after it', () => {
    expect(formatPrice('49000')).toBe('49,000₮');
    expect(formatPrice(111000)).toBe('111,000₮');
    expect(formatPrice('35 000 ₮')).toBe('35,000₮');
    expect(formatPrice('49,000₮')).toBe('49,000₮');
    expect(formatPrice('49000 MNT')).toBe('49,000₮');
  });

  it('shows a price that is not a number as written (the price is free text)', () => {
    expect(formatPrice('Үнэгүй')).toBe('Үнэгүй');
    expect(formatPrice(' 49000 - 111000 ')).toBe('49000 - 111000');
  });

  it('writes a day, and its time when asked, in the reader language and time zone', () => {
    const deadline = new Date(2026, 11, 9, 0, 0);
    expect(formatDate(deadline, 'mn')).toBe('2026 оны 12-р сарын 9');
    expect(formatDate(deadline, 'mn', { withTime: true })).toBe('2026 оны 12-р сарын 9, 00:00');
    expect(formatDate(deadline, 'en')).toBe('9 Dec 2026');
    expect(formatDate(deadline, 'en', { withTime: true })).toBe('9 Dec 2026, 00:00');
    expect(formatDate('not a date', 'mn')).toBe('');
  });

  it('writes a day in the time zone named, whatever the reader’s own (a release date is the centre’s)', () => {
    // 00:00 of 9 December in Ulaanbaatar (UTC+8) is still 8 December in UTC.
    const release = '2026-12-08T16:00:00.000Z';
    expect(formatDate(release, 'mn', { timeZone: 'Asia/Ulaanbaatar' })).toBe('2026 оны 12-р сарын 9');
    expect(formatDate(release, 'mn', { withTime: true, timeZone: 'Asia/Ulaanbaatar' })).toBe('2026 оны 12-р сарын 9, 00:00');
    expect(formatDate(release, 'en', { timeZone: 'Asia/Ulaanbaatar' })).toBe('9 Dec 2026');
    expect(formatDate(release, 'mn', { timeZone: 'UTC' })).toBe('2026 оны 12-р сарын 8');
  });

  it('truncates titles to 40 characters', () => {
    expect(truncate('a'.repeat(40))).toBe('a'.repeat(40));
    expect(truncate('a'.repeat(41))).toBe(`${'a'.repeat(40)}…`);
    expect(truncate('Монгол хэлний хичээл', 6)).toBe('Монгол…');
    expect(truncate('Сайн байна уу', 13)).toBe('Сайн байна уу');
  });
});
