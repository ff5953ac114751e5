// The refund ledger's calls, through the gateway with the exam's and media's events on the bus: the
// administrator's report of a plan (JSON and CSV), a learner's refunds, marking paid and undoing it,
// whether recordings came on time; and a deleted learner's rows going with them (who may call each:
// authorization.test.ts).
import type { catalog, refunds } from '@learning/contracts';
import { deleteOwnAccount, eventually, expectStatus, promotedAdministrator, type SignedInUser } from '@learning/testing';
import { startCatalogFixture, type CatalogFixture, type Learner } from '@learning/testing/catalog';
import { amount, at, ledger } from './refunds-fixture.js';

let fixture: CatalogFixture;
let the: ReturnType<typeof ledger>;
let admin: SignedInUser;
let plan: catalog.Monsterplan;
/** Passed the exam and recorded day 1 on time, and day 2 late. */
let diligent: Learner;
/** Only passed the exam. */
let examOnly: Learner;
let onTimeAloud: string;
let lateAloud: string;
const assignedAt = new Date('2026-12-08T02:00:00.000Z');

beforeAll(async () => {
  fixture = await startCatalogFixture();
  the = ledger(fixture);
  admin = await promotedAdministrator(fixture.platform, 'Нягтлан');
  await eventually(() => the.db.selectFrom('learner').select('user_id').where('user_id', '=', admin.id).executeTakeFirst(), 'the catalog knows the administrator');
  plan = await fixture.createMonsterplan({ name: 'Monster plan "Хавар", 2026' });
  [diligent, examOnly] = await Promise.all([fixture.approvedForMonsterplan(plan._id), fixture.approvedForMonsterplan(plan._id)]);
  await the.assignDay(diligent, plan._id, 1, 1, assignedAt);
  await the.assignDay(diligent, plan._id, 1, 2, at(assignedAt, 24));
  onTimeAloud = await the.recordedAloud(diligent, plan._id, 1, 1, at(assignedAt, 3));
  lateAloud = await the.recordedAloud(diligent, plan._id, 1, 2, at(assignedAt, 24 + 25));
  await the.examCompleted(diligent, plan._id, 36);
  await the.examCompleted(examOnly, plan._id, 35);
  await eventually(async () => (await the.refundsOf(diligent)).length === 2, 'the ledger holds the refunds');
});
afterAll(() => fixture?.close());

const report = async (monsterplanId = plan._id, query = '') =>
  expectStatus(await fixture.call('GET', `/v1/monsterplans/${monsterplanId}/refunds${query}`, { token: admin.token }), 200, 'the report') as refunds.PlanRefunds;
const refundOf = async (learner: Learner, kind: refunds.RefundKind) => (await the.refundsOf(learner)).find((refund) => refund.kind === kind)!;

describe("a plan's report", () => {
  it('lists each learner with a refund by email: the items, the amount earned and paid', async () => {
    const answer = await report();
    expect(answer.monsterplan).toEqual({ _id: plan._id, name: plan.name });
    expect(answer.amountPerItem).toBe(amount);
    expect(answer.total).toBe(2);
    expect(answer.result.map((entry) => entry.user.email)).toEqual([diligent.email, examOnly.email].sort());
    const entry = answer.result.find((each) => each.user._id === diligent.id)!;
    expect(entry.user).toEqual({ _id: diligent.id, email: diligent.email });
    expect(entry.earnedAmount).toBe(2 * amount);
    expect(entry.paidAmount).toBe(0);
    const aloud = entry.items.find((item) => item.kind === 'aloud')!;
    expect(aloud).toEqual({
      _id: expect.any(String),
      kind: 'aloud',
      amount,
      earnedAt: at(assignedAt, 3).toISOString(),
      exam: null,
      aloud: { aloudId: onTimeAloud, week: 1, dayOfWeek: 1, assignedAt: assignedAt.toISOString(), recordedAt: at(assignedAt, 3).toISOString() },
      paidAt: null,
      paidBy: null,
      paidVia: null,
    });
    expect(entry.items.find((item) => item.kind === 'exam')).toMatchObject({ kind: 'exam', amount, exam: { correctQuestions: 36, totalQuestions: 40 }, aloud: null, paidAt: null });
  });

  it('pages by learner: perPage and currentPage, total counting learners', async () => {
    const [first, second] = [await report(plan._id, '?perPage=1&currentPage=1'), await report(plan._id, '?perPage=1&currentPage=2')];
    expect([first.result.length, second.result.length, first.total, second.total]).toEqual([1, 1, 2, 2]);
    expect([first.result[0]!.user.email, second.result[0]!.user.email]).toEqual([diligent.email, examOnly.email].sort());
  });

  it('answers 404 monsterplan_not_found for a plan that is not there, and an empty report for a plan without refunds', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const answer = await fixture.call('GET', `/v1/monsterplans/${id}/refunds`, { token: admin.token });
      expect([answer.status, answer.body.code]).toEqual([404, 'monsterplan_not_found']);
      expect((await fixture.call('GET', `/v1/monsterplans/${id}/refunds.csv`, { token: admin.token })).status).toBe(404);
    }
    const other = await fixture.createMonsterplan();
    expect(await report(other._id)).toMatchObject({ result: [], total: 0 });
  });
});

describe('the CSV', () => {
  it('is UTF-8 with a byte order mark, one row per refund, Mongolian headings, RFC 4180 quoting; the Cyrillic survives', async () => {
    const response = await fetch(`${fixture.platform.url}/v1/monsterplans/${plan._id}/refunds.csv`, { headers: { authorization: `Bearer ${admin.token}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="refunds-${plan._id}.csv"`);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(3));
    // The bytes decode back to the same Mongolian text (no mojibake, no replacement characters).
    expect(Buffer.from(text, 'utf8').equals(bytes.subarray(3))).toBe(true);
    const lines = text.split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines[0]).toBe('Имэйл,Хөтөлбөрийн үнэ,Төрөл,Дүн (₮),Олгох болсон,Дэлгэрэнгүй,Төлсөн,Төлсөн огноо,Төлсөн админ');
    const rows = lines.slice(1, -1);
    expect(rows).toHaveLength(3);
    // The price each learner's request recorded holds a comma, so it is quoted; 02:00Z + 3 h is 13:00 in
    // Ulaanbaatar; the day's detail holds a comma too.
    const paid = `"${plan.price}"`;
    expect(rows).toContain(`${diligent.email},${paid},Уншлага,${amount},2026-12-08 13:00,"1-р долоо хоног, 1-р өдөр",Үгүй,,`);
    expect(rows.filter((row) => row.startsWith(`${diligent.email},${paid},Шалгалт,${amount},`) && row.endsWith(',36/40,Үгүй,,'))).toHaveLength(1);
    expect(rows.filter((row) => row.startsWith(`${examOnly.email},${paid},Шалгалт,`) && row.endsWith(',35/40,Үгүй,,'))).toHaveLength(1);
  });
});

describe('mark paid and undo', () => {
  it('marks a refund paid by the calling administrator, once; the report counts it; undo makes it owed again', async () => {
    const refund = await refundOf(examOnly, 'exam');
    const paid = expectStatus(await fixture.call('PUT', `/v1/refunds/${refund.id}/paid`, { token: admin.token }), 200, 'mark paid') as refunds.RefundItem;
    expect(paid).toMatchObject({ _id: refund.id, kind: 'exam', paidAt: expect.any(String), paidBy: { _id: admin.id, email: admin.email }, paidVia: 'bank_transfer' });
    expect(Math.abs(Date.parse(paid.paidAt!) - Date.now())).toBeLessThan(60_000);
    // Again: it stays as it was, and nothing more is published.
    expect(expectStatus(await fixture.call('PUT', `/v1/refunds/${refund.id}/paid`, { token: fixture.admin }), 200, 'again')).toEqual(paid);
    const paidEvents = await the.recorded('refund.paid', examOnly);
    expect(paidEvents).toEqual([
      { refundId: refund.id, userId: examOnly.id, monsterplanId: plan._id, monsterplanName: plan.name, kind: 'exam', amount, paidAt: paid.paidAt, paidVia: 'bank_transfer' },
    ]);
    const entry = (await report()).result.find((each) => each.user._id === examOnly.id)!;
    expect([entry.earnedAmount, entry.paidAmount]).toEqual([amount, amount]);

    const unpaid = expectStatus(await fixture.call('DELETE', `/v1/refunds/${refund.id}/paid`, { token: admin.token }), 200, 'undo') as refunds.RefundItem;
    expect(unpaid).toMatchObject({ _id: refund.id, paidAt: null, paidBy: null, paidVia: null });
    expect(expectStatus(await fixture.call('DELETE', `/v1/refunds/${refund.id}/paid`, { token: admin.token }), 200, 'undo again')).toEqual(unpaid);
    expect(await the.recorded('refund.payment-undone', examOnly)).toEqual([
      { refundId: refund.id, userId: examOnly.id, monsterplanId: plan._id, monsterplanName: plan.name, kind: 'exam', amount },
    ]);
    expect((await report()).result.find((each) => each.user._id === examOnly.id)!.paidAmount).toBe(0);
  });

  it('answers 404 refund_not_found for a refund that is not there', async () => {
    for (const method of ['PUT', 'DELETE']) {
      for (const id of ['00000000-0000-4000-8000-000000000000', 'nothing']) {
        const answer = await fixture.call(method, `/v1/refunds/${id}/paid`, { token: admin.token });
        expect([method, answer.status, answer.body.code]).toEqual([method, 404, 'refund_not_found']);
      }
    }
  });
});

describe("a learner's refunds and the recordings' timeliness", () => {
  it("lists one learner's refunds of every plan, with the plan", async () => {
    const answer = expectStatus(await fixture.call('GET', `/v1/refunds?user=${diligent.id}`, { token: admin.token }), 200, 'by user') as refunds.LearnerRefunds;
    expect(answer.result.map((item) => [item.kind, item.monsterplan])).toEqual(
      expect.arrayContaining([
        ['exam', { _id: plan._id, name: plan.name }],
        ['aloud', { _id: plan._id, name: plan.name }],
      ]),
    );
    expect(answer.result).toHaveLength(2);
    expect(expectStatus(await fixture.call('GET', '/v1/refunds?user=not-an-id', { token: admin.token }), 400, 'bad id').code).toBe('validation_failed');
  });

  it('tells for each recording it knows whether it came within 24 hours of its day’s assignment', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    const answer = expectStatus(await fixture.call('GET', `/v1/refunds/alouds?ids=${onTimeAloud},${lateAloud},${unknown}`, { token: admin.token }), 200, 'timeliness');
    expect(answer.result).toEqual(
      expect.arrayContaining([
        { aloudId: onTimeAloud, monsterplanId: plan._id, week: 1, dayOfWeek: 1, recordedAt: at(assignedAt, 3).toISOString(), assignedAt: assignedAt.toISOString(), isOnTime: true },
        { aloudId: lateAloud, monsterplanId: plan._id, week: 1, dayOfWeek: 2, recordedAt: at(assignedAt, 49).toISOString(), assignedAt: at(assignedAt, 24).toISOString(), isOnTime: false },
      ]),
    );
    expect(answer.result).toHaveLength(2);
    const tooMany = Array.from({ length: 101 }, () => unknown).join(',');
    expect(expectStatus(await fixture.call('GET', `/v1/refunds/alouds?ids=${tooMany}`, { token: admin.token }), 400, 'too many').code).toBe('validation_failed');
    expect(expectStatus(await fixture.call('GET', '/v1/refunds/alouds', { token: admin.token }), 400, 'no ids').code).toBe('validation_failed');
  });
});

describe('a deleted learner', () => {
  it('takes their recordings and refunds away with the account; others stay', async () => {
    const leaving = await fixture.approvedForMonsterplan(plan._id);
    await the.assignDay(leaving, plan._id, 1, 1, assignedAt);
    await the.recordedAloud(leaving, plan._id, 1, 1, at(assignedAt, 1));
    await eventually(async () => (await the.refundsOf(leaving)).length === 1, 'the refund');
    await deleteOwnAccount(fixture.platform, leaving);
    await eventually(async () => (await the.refundsOf(leaving)).length === 0, 'the refunds go');
    expect(await the.db.selectFrom('aloud_recording').select('aloud_id').where('user_id', '=', leaving.id).execute()).toEqual([]);
    expect((await report()).result.map((entry) => entry.user._id)).not.toContain(leaving.id);
    expect(await the.refundsOf(diligent)).toHaveLength(2);
  });
});
