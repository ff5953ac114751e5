// The documents the home remote links, served by the media service (static downloads, spec section 7).

/** Offered for download on /home. */
export const homeBrochurePdf = '/v1/documents/introduction.pdf';

/** The workshop's brochure, shown page by page on /boosterz (spec section 9: a fixed PDF). */
export const workshopBrochurePdf = '/v1/documents/workshop.pdf';
