import { earlyPriceOf } from '@learning/platform';
import { aUser } from '@learning/platform/testing';
import { canRequest, isReadyForExam, monsterplanAccess } from '../src/monsterplans';

describe('Monster plan access (spec section 4)', () => {
  it('is not requested for a guest and for a learner who has not asked', () => {
    expect(monsterplanAccess('p1', null)).toBe('not-requested');
    expect(monsterplanAccess('p1', aUser({ pendingMonsterplans: ['p2'], monsterplans: ['p3'] }))).toBe('not-requested');
  });

  it("is pending when the plan is in the user's pending list", () => {
    expect(monsterplanAccess('p1', aUser({ pendingMonsterplans: ['p1'] }))).toBe('pending');
  });

  it("is approved when the plan is in the user's plans", () => {
    expect(monsterplanAccess('p1', aUser({ monsterplans: ['p1'] }))).toBe('approved');
  });

  it('offers the request button only for an active plan that is not requested', () => {
    expect(canRequest({ isActive: true }, 'not-requested')).toBe(true);
    expect(canRequest({ isActive: false }, 'not-requested')).toBe(false);
    expect(canRequest({ isActive: true }, 'pending')).toBe(false);
    expect(canRequest({ isActive: true }, 'approved')).toBe(false);
  });

  it('shows the early price only before its deadline', () => {
    const plan = { earlyPrice: '35000', earlyPriceUntil: '2026-12-09T00:00:00+08:00' };
    const deadline = Date.parse(plan.earlyPriceUntil);
    expect(earlyPriceOf(plan, deadline - 1)).toEqual({ price: '35000', until: plan.earlyPriceUntil });
    expect(earlyPriceOf(plan, deadline)).toBeNull();
    expect(earlyPriceOf({ earlyPrice: '35000', earlyPriceUntil: null }, 0)).toBeNull();
    expect(earlyPriceOf({ earlyPrice: null, earlyPriceUntil: plan.earlyPriceUntil }, 0)).toBeNull();
  });

  it('puts the exam first once 80 % of the plan is heard, by its real length', () => {
    expect(isReadyForExam({ listenedSeconds: 799, totalSeconds: 1000 })).toBe(false);
    expect(isReadyForExam({ listenedSeconds: 800, totalSeconds: 1000 })).toBe(true);
    expect(isReadyForExam({ listenedSeconds: 0, totalSeconds: 0 })).toBe(false);
    expect(isReadyForExam(null)).toBe(false);
  });
});
