// The catalog's answers as schemas: the front-ends' faked answers are built through them, so a fake
// that drifts from the wire (a field too many, one missing, a wrong type) fails to parse.
import { catalog } from '@learning/contracts';

const lesson = {
  _id: 'l1',
  name: 'Англи хэл 1',
  price: '49000',
  earlyPrice: null,
  earlyPriceUntil: null,
  paymentInstructions: '',
  videos: ['v1'],
  populatedVideos: [{ _id: 'v1', name: 'Танилцуулга', url: null }],
};

it('a lesson as GET /v1/lessons answers it parses as it is', () => {
  expect(catalog.lesson.parse(lesson)).toEqual(lesson);
});

it.each([
  ['a field the wire does not carry', { ...lesson, isPublished: true }],
  ['a missing field', { ...lesson, populatedVideos: undefined }],
  ['a wrong type', { ...lesson, price: 49000 }],
  ['a drifted nested video', { ...lesson, populatedVideos: [{ _id: 'v1', name: 'Танилцуулга' }] }],
])('a faked lesson with %s is refused', (_drift, fake) => {
  expect(catalog.lesson.safeParse(fake).success).toBe(false);
});

it('a request answer without its requester is refused', () => {
  const request = { _id: 'r1', createdAt: '2026-11-24T00:00:00.000Z', lesson: { _id: 'l1', name: 'Англи хэл 1', videos: ['v1'] }, isApproved: false, price: '49,000₮', payment: null, openInvoice: null, flaggedPayments: [] };
  expect(catalog.lessonRequest.safeParse(request).success).toBe(false);
  expect(catalog.lessonRequest.parse({ ...request, user: { _id: 'u1', email: 'u1@example.com' } }).isApproved).toBe(false);
});
