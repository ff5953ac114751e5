import { aUser } from '@learning/platform/testing';
import { lessonAccess } from '../src/lessons';

const lesson = { _id: 'l1', videos: ['v1', 'v2', 'v3'] };

describe('remote lesson access (spec section 4)', () => {
  it('is approved only when every video of the bundle is among the user\'s lessons', () => {
    expect(lessonAccess(lesson, aUser({ lessons: ['v1', 'v2', 'v3', 'other'] }))).toBe('approved');
    expect(lessonAccess(lesson, aUser({ lessons: ['v1', 'v2'] }))).toBe('not-requested');
  });

  it("is pending when the bundle is in the user's pending list", () => {
    expect(lessonAccess(lesson, aUser({ pendingLessons: ['l1'], lessons: ['v1'] }))).toBe('pending');
  });

  it('is approved rather than pending once every video is granted', () => {
    expect(lessonAccess(lesson, aUser({ pendingLessons: ['l1'], lessons: ['v1', 'v2', 'v3'] }))).toBe('approved');
  });

  it('is not requested for a guest, and for a bundle without videos', () => {
    expect(lessonAccess(lesson, null)).toBe('not-requested');
    expect(lessonAccess({ _id: 'l2', videos: [] }, aUser())).toBe('not-requested');
  });
});
