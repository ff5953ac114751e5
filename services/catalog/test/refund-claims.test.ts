// Refund claims from earned to paid, through the gateway with the exam's events on the bus: the
// learner gives their account (sealed at rest) and follows each claim's state; the administrator
// lists the claims ready to pay, takes the bank's CSV, marks them paid by bank transfer or QPay
// refund, and reads each claim's history; the learner is notified by auth. Who may call each:
// authorization.test.ts.
import type { catalog, refunds } from '@learning/contracts';
import { deleteOwnAccount, eventually, expectStatus, promotedAdministrator, type SignedInUser } from '@learning/testing';
import { startCatalogFixture, type CatalogFixture, type Learner } from '@learning/testing/catalog';
import { amount, ledger } from './refunds-fixture.js';

let fixture: CatalogFixture;
let the: ReturnType<typeof ledger>;
let admin: SignedInUser;
let plan: catalog.Monsterplan;

const account = { bankName: 'Хаан банк', accountNumber: '5012 3456-78', accountHolder: 'Батболд Дорж' } as const;
const kept = { ...account, accountNumber: '5012345678' };

beforeAll(async () => {
  fixture = await startCatalogFixture();
  the = ledger(fixture);
  admin = await promotedAdministrator(fixture.platform, 'Нягтлан');
  await eventually(() => the.db.selectFrom('learner').select('user_id').where('user_id', '=', admin.id).executeTakeFirst(), 'the catalog knows the administrator');
  plan = await fixture.createMonsterplan({ name: 'Monster plan "Намар", 2026' });
});
afterAll(() => fixture?.close());

const call = (method: string, path: string, token: string, body?: unknown) => fixture.call(method, path, { token, body });
const myRefunds = async (learner: Learner) => expectStatus(await call('GET', '/v1/me/refunds', learner.token), 200, 'my refunds') as refunds.MyRefunds;
const payable = async (query = '') => expectStatus(await call('GET', `/v1/refunds/payable${query}`, admin.token), 200, 'payable') as { result: refunds.PayableRefund[]; total: number };
const history = async (refundId: string) => expectStatus(await call('GET', `/v1/refunds/${refundId}/history`, admin.token), 200, 'history') as refunds.ClaimHistory;
async function payableCsv(): Promise<{ bytes: Buffer; lines: string[] }> {
  const response = await fetch(`${fixture.platform.url}/v1/refunds/payable.csv`, { headers: { authorization: `Bearer ${admin.token}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  expect(response.headers.get('content-disposition')).toBe('attachment; filename="refunds-payable.csv"');
  const bytes = Buffer.from(await response.arrayBuffer());
  return { bytes, lines: new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(3)).split('\r\n') };
}

describe('a claim from earned to paid', () => {
  it('earned, details given, in the bank file, paid by bank transfer, the learner notified, each step in the history with who', async () => {
    const learner = await fixture.approvedForMonsterplan(plan._id);
    await the.examCompleted(learner, plan._id, 36);
    const [claim] = (await myRefunds(learner)).result;
    expect(claim).toEqual({
      _id: expect.any(String),
      monsterplan: { _id: plan._id, name: plan.name },
      kind: 'exam',
      amount,
      earnedAt: expect.any(String),
      state: 'earned',
      paidAt: null,
      paidVia: null,
    });
    expect((await payable()).result.map((each) => each._id)).not.toContain(claim!._id);

    // The learner gives their account: the claim's details are given.
    expect(expectStatus(await call('GET', '/v1/me/bank-account', learner.token), 404, 'none yet').code).toBe('bank_account_not_found');
    expect(expectStatus(await call('PUT', '/v1/me/bank-account', learner.token, account), 200, 'giving the account')).toEqual(kept);
    expect(expectStatus(await call('GET', '/v1/me/bank-account', learner.token), 200, 'the account')).toEqual(kept);
    expect((await myRefunds(learner)).result[0]).toMatchObject({ _id: claim!._id, state: 'details_given' });

    // The administrator sees it ready to pay, with the account, in the JSON and in the bank's file.
    const ready = (await payable()).result.find((each) => each._id === claim!._id);
    expect(ready).toEqual({
      _id: claim!._id,
      user: { _id: learner.id, email: learner.email },
      monsterplan: { _id: plan._id, name: plan.name },
      kind: 'exam',
      amount,
      earnedAt: claim!.earnedAt,
      bankAccount: kept,
    });
    const { bytes, lines } = await payableCsv();
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(lines[0]).toBe('Банк,Дансны дугаар,Данс эзэмшигч,Дүн (₮),Гүйлгээний утга,Имэйл,Буцаан олголтын дугаар,Олгох болсон');
    expect(lines.at(-1)).toBe('');
    const row = lines.find((line) => line.includes(claim!._id))!;
    // The plan's name holds quotes and a comma: the description is quoted, its quotes doubled.
    expect(row).toMatch(
      new RegExp(`^Хаан банк,5012345678,Батболд Дорж,${amount},"Monster plan ""Намар"", 2026 - шалгалтын буцаан олголт",${learner.email.replace(/[.+]/g, '\\$&')},${claim!._id},\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}$`),
    );

    // Paid: it leaves the list, the learner sees it paid and is told how.
    const paid = expectStatus(await call('PUT', `/v1/refunds/${claim!._id}/paid`, admin.token, { method: 'bank_transfer' }), 200, 'mark paid') as refunds.RefundItem;
    expect(paid).toMatchObject({ paidVia: 'bank_transfer', paidBy: { _id: admin.id, email: admin.email } });
    expect((await payable()).result.map((each) => each._id)).not.toContain(claim!._id);
    expect((await payableCsv()).lines.some((line) => line.includes(claim!._id))).toBe(false);
    expect((await myRefunds(learner)).result[0]).toMatchObject({ state: 'paid', paidAt: paid.paidAt, paidVia: 'bank_transfer' });
    const notification = await eventually(async () => {
      const { body } = await fixture.call('GET', '/v1/notifications?perPage=10&currentPage=1', { token: learner.token });
      return (body.result as Array<{ type: string; message: string }>).find((each) => each.type === 'refund-paid');
    }, 'auth notifies the learner');
    expect(notification.message).toBe(`10,000₮ буцаан олголт танд олгогдлоо ("${plan.name}", шалгалт): таны өгсөн данс руу шилжүүлсэн.`);

    expect((await history(claim!._id)).result).toEqual([
      { action: 'earned', by: null, at: claim!.earnedAt },
      { action: 'details_given', by: { _id: learner.id, email: learner.email }, at: expect.any(String) },
      { action: 'paid', by: { _id: admin.id, email: admin.email }, at: paid.paidAt, method: 'bank_transfer' },
    ]);
  });

  it('paid by QPay refund, undone, paid again: each change kept; a claim earned after the account was given has its details at once', async () => {
    const learner = await fixture.approvedForMonsterplan(plan._id);
    expectStatus(await call('PUT', '/v1/me/bank-account', learner.token, { ...account, accountNumber: 'MN12 1234 1234 5678 9123' }), 200, 'an IBAN');
    await the.examCompleted(learner, plan._id, 40);
    const [claim] = (await myRefunds(learner)).result;
    expect(claim!.state).toBe('details_given');
    expect((await payable()).result.find((each) => each._id === claim!._id)?.bankAccount.accountNumber).toBe('MN121234123456789123');
    expectStatus(await call('PUT', `/v1/refunds/${claim!._id}/paid`, admin.token, { method: 'qpay_refund' }), 200, 'paid by QPay');
    expect((await myRefunds(learner)).result[0]).toMatchObject({ state: 'paid', paidVia: 'qpay_refund' });
    expectStatus(await call('DELETE', `/v1/refunds/${claim!._id}/paid`, admin.token), 200, 'undone');
    expect((await myRefunds(learner)).result[0]).toMatchObject({ state: 'details_given', paidVia: null });
    expectStatus(await call('PUT', `/v1/refunds/${claim!._id}/paid`, admin.token), 200, 'paid with no body');
    expect((await myRefunds(learner)).result[0]).toMatchObject({ state: 'paid', paidVia: 'bank_transfer' });
    const adminBy = { _id: admin.id, email: admin.email };
    expect((await history(claim!._id)).result.map(({ action, by, method }) => ({ action, by, method }))).toEqual([
      { action: 'earned', by: null, method: undefined },
      { action: 'details_given', by: { _id: learner.id, email: learner.email }, method: undefined },
      { action: 'paid', by: adminBy, method: 'qpay_refund' },
      { action: 'payment_undone', by: adminBy, method: undefined },
      { action: 'paid', by: adminBy, method: 'bank_transfer' },
    ]);
  });

  it('pages the claims ready to pay: perPage and currentPage, the total counting them all', async () => {
    const learners = await Promise.all([fixture.approvedForMonsterplan(plan._id), fixture.approvedForMonsterplan(plan._id)]);
    for (const learner of learners) {
      await the.examCompleted(learner, plan._id, 35);
      expectStatus(await call('PUT', '/v1/me/bank-account', learner.token, account), 200, 'the account');
    }
    const all = await payable('?perPage=100&currentPage=1');
    const [first, second] = [await payable('?perPage=1&currentPage=1'), await payable('?perPage=1&currentPage=2')];
    expect(all.total).toBeGreaterThanOrEqual(2);
    expect([first.total, second.total]).toEqual([all.total, all.total]);
    expect([first.result[0]!._id, second.result[0]!._id]).toEqual(all.result.slice(0, 2).map((each) => each._id));
  });
});

describe('the account at rest and bad input', () => {
  it('keeps the account sealed: neither the number nor the name is in the table', async () => {
    const learner = await fixture.learner();
    expectStatus(await call('PUT', '/v1/me/bank-account', learner.token, { bankName: 'Голомт банк', accountNumber: '1105123456', accountHolder: 'Сарангэрэл' }), 200, 'the account');
    const row = await the.db.selectFrom('bank_account').selectAll().where('user_id', '=', learner.id).executeTakeFirstOrThrow();
    expect(row.sealed).toMatch(/^v1\.[\w-]{16}\.[\w-]+$/);
    for (const clear of ['1105123456', 'Сарангэрэл', 'Голомт', Buffer.from('1105123456').toString('base64url')]) expect(row.sealed).not.toContain(clear);
    // Another learner's row with this seal does not open: the seal is bound to its learner. They are
    // asked to give their account again, which replaces it.
    const other = await fixture.learner();
    await the.db.insertInto('bank_account').values({ user_id: other.id, sealed: row.sealed, updated_at: new Date() }).execute();
    const unreadable = await call('GET', '/v1/me/bank-account', other.token);
    expect([unreadable.status, unreadable.body.code]).toEqual([409, 'bank_account_unreadable']);
    expectStatus(await call('PUT', '/v1/me/bank-account', other.token, account), 200, 'giving it again');
    expect(expectStatus(await call('GET', '/v1/me/bank-account', other.token), 200, 'readable again')).toEqual(kept);
  });

  it('answers 400 validation_failed with a Mongolian message for a bank not in the list, a bad number, a missing or long name, a bad method', async () => {
    const learner = await fixture.learner();
    const refused = [
      [{ ...account, bankName: 'Bank of America' }, 'Банкаа жагсаалтаас сонгоно уу.'],
      [{ ...account, accountNumber: '12ab34' }, 'Дансны дугаар зөвхөн цифрээс (5–20 орон) бүрдэнэ, эсвэл MN-ээр эхэлсэн IBAN байна.'],
      [{ ...account, accountNumber: 'MN13 1234 1234 5678 9123' }, 'Дансны дугаар зөвхөн цифрээс (5–20 орон) бүрдэнэ, эсвэл MN-ээр эхэлсэн IBAN байна.'],
      [{ ...account, accountNumber: ' - ' }, 'Дансны дугаараа оруулна уу.'],
      [{ ...account, accountHolder: '   ' }, 'Данс эзэмшигчийн нэрээ оруулна уу.'],
      [{ ...account, accountHolder: 'Б'.repeat(101) }, 'Данс эзэмшигчийн нэр 100 тэмдэгтээс урт байж болохгүй.'],
      [{ bankName: account.bankName }, 'Дансны дугаараа оруулна уу.'],
    ] as const;
    for (const [body, message] of refused) {
      const answer = await call('PUT', '/v1/me/bank-account', learner.token, body);
      expect([answer.status, answer.body]).toEqual([400, { code: 'validation_failed', message }]);
    }
    expect((await call('GET', '/v1/me/bank-account', learner.token)).status).toBe(404);
    const refund = (await the.db.selectFrom('refund').select('id').executeTakeFirstOrThrow()).id;
    const badMethod = await call('PUT', `/v1/refunds/${refund}/paid`, admin.token, { method: 'cash' });
    expect([badMethod.status, badMethod.body]).toEqual([400, { code: 'validation_failed', message: 'Олгосон арга нь bank_transfer эсвэл qpay_refund байна.' }]);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nothing']) {
      expect(expectStatus(await call('GET', `/v1/refunds/${id}/history`, admin.token), 404, 'no refund').code).toBe('refund_not_found');
    }
  });

  it("a deleted learner's account goes with them", async () => {
    const leaving = await fixture.learner();
    expectStatus(await call('PUT', '/v1/me/bank-account', leaving.token, account), 200, 'the account');
    await deleteOwnAccount(fixture.platform, leaving);
    await eventually(async () => !(await the.db.selectFrom('bank_account').select('user_id').where('user_id', '=', leaving.id).executeTakeFirst()), 'the account goes');
  });
});
