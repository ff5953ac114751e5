import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RemoteLoader } from '../src/remotes/RemoteArea';
import { fakeSession, renderApp } from './fixtures';

describe('a remote that fails to load', () => {
  let consoleError: jest.SpyInstance;
  beforeEach(() => {
    // React and the boundary report the failure on the console; the test looks at the page.
    consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => consoleError.mockRestore());

  it('shows a friendly error with Retry inside the layout, and Retry loads it again', async () => {
    fakeSession(null);
    let isRemoteUp = false;
    const load = jest.fn<ReturnType<RemoteLoader>, Parameters<RemoteLoader>>(async (remote) => {
      if (!isRemoteUp) throw new Error(`${remote} is down`);
      return { default: () => <h1>remote {remote}</h1> };
    });
    renderApp('/product-monster-plan', load);

    const error = await screen.findByRole('alert');
    expect(error).toHaveTextContent('Энэ хэсгийг ачаалж чадсангүй.');
    // The rest of the site keeps working: the menu is there.
    expect(within(screen.getByRole('navigation', { name: 'Үндсэн цэс' })).getByRole('link', { name: 'Тусламж' })).toBeInTheDocument();

    isRemoteUp = true;
    await userEvent.click(within(error).getByRole('button', { name: 'Дахин оролдох' }));
    expect(await screen.findByRole('heading', { name: 'remote monster' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("keeps the shell's own pages working", async () => {
    fakeSession(null);
    renderApp('/product-remote-lesson', async () => {
      throw new Error('down');
    });
    await screen.findByRole('alert');
    await userEvent.click(screen.getByRole('link', { name: 'Тусламж' }));
    expect(await screen.findByRole('heading', { name: 'Тусламж' })).toBeInTheDocument();
  });

  it('shows the error too when the remote breaks while rendering', async () => {
    fakeSession(null);
    renderApp('/home', async () => ({
      default: () => {
        throw new Error('bug in the remote');
      },
    }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Энэ хэсгийг ачаалж чадсангүй.');
  });
});
