// Journeys through the guards and the side menu (spec sections 2 and 6): who sees the administrator
// menu, who may open /administrator, and where an unknown path leads.
import { testAdmin } from '@learning/testing';
import { expectVisible, pathOf, useJourneys, waitForPath } from './fixture.js';
import { texts } from './texts.js';

const journeys = useJourneys();

describe('who sees what', () => {
  it('a learner who opens /administrator lands on /unauthorized', async () => {
    const learner = await journeys.platform.learner();
    const page = await journeys.openPage({ token: learner.token });
    await page.goto('/administrator');

    await waitForPath(page, '/unauthorized');
    await expectVisible(page.getByRole('heading', { name: texts.status.unauthorized }));
  });

  it('the administrator sees the administrator menu with Remote lesson, Monster plan and Videos, and reaches the admin pages', async () => {
    const page = await journeys.openPage({ token: await journeys.platform.signIn(testAdmin.email, testAdmin.password) });
    await page.goto('/home');

    const adminMenu = page.getByRole('navigation').getByRole('region', { name: texts.nav.administrator });
    await expectVisible(adminMenu);
    const submenus = adminMenu.getByRole('link');
    expect(await submenus.allTextContents()).toEqual([texts.nav.adminLessons, texts.nav.adminMonsterplans, texts.nav.adminVideos]);

    await adminMenu.getByRole('link', { name: texts.nav.adminVideos }).click();
    await waitForPath(page, '/administrator/videos');
    await expectVisible(page.getByRole('navigation', { name: texts.admin.sections }));
  });

  it('a learner and a guest see no administrator menu', async () => {
    const learner = await journeys.platform.learner();
    const signedIn = await journeys.openPage({ token: learner.token });
    await signedIn.goto('/home');
    // Once the menu shows the learner signed in, the session is known.
    await expectVisible(signedIn.getByRole('navigation').getByRole('link', { name: texts.nav.signOut }));
    expect(await signedIn.getByRole('region', { name: texts.nav.administrator }).count()).toBe(0);

    const guest = await journeys.openPage();
    await guest.goto('/home');
    await expectVisible(guest.getByRole('navigation').getByRole('link', { name: texts.nav.signIn, exact: true }));
    expect(await guest.getByRole('region', { name: texts.nav.administrator }).count()).toBe(0);
  });

  it('an unknown path shows the 404 page', async () => {
    const page = await journeys.openPage();
    await page.goto('/no-such-page/at-all');

    await waitForPath(page, '/404');
    await expectVisible(page.getByRole('heading', { name: texts.status.notFound }));
    expect(pathOf(page)).toBe('/404');
  });

  it('on a phone the UNAUTHORIZED and 404 pages fit the screen without sideways scrolling', async () => {
    const learner = await journeys.platform.learner();
    const page = await journeys.openPage({ token: learner.token, viewport: 'phone' });
    for (const [path, heading] of [
      ['/administrator', texts.status.unauthorized],
      ['/no-such-page', texts.status.notFound],
    ] as const) {
      await page.goto(path);
      await expectVisible(page.getByRole('heading', { name: heading }));
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect({ path, overflow }).toEqual({ path, overflow: 0 });
    }
  });
});
