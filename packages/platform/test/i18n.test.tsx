import { act, render, screen } from '@testing-library/react';
import { changeLanguage, i18n, registerTranslations, useTranslation } from '@learning/platform';

registerTranslations('sample', {
  mn: {
    greeting: 'Сайн уу, {{name}}!',
    page: { title: 'Нүүр' },
    unread_one: '{{count}} уншаагүй',
    unread_other: '{{count}} уншаагүй',
    chosen_plan: 'Энэ Monster plan-д',
    chosen_lesson: 'Энэ багцад',
    onlyInMongolian: 'Зөвхөн монголоор',
  },
  en: {
    greeting: 'Hello, {{name}}!',
    page: { title: 'Home' },
    unread_one: '{{count}} unread notification',
    unread_other: '{{count}} unread notifications',
    chosen_plan: 'In this plan',
    chosen_lesson: 'In this bundle',
  },
});

afterEach(() => act(() => changeLanguage('mn')));

describe('the strings of every screen, in Mongolian first and English second', () => {
  it('fills {{values}}, follows nested keys, and picks the plural form and the context variant', async () => {
    await changeLanguage('en');
    const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, { ns: 'sample', ...options });
    expect(t('greeting', { name: 'Нараа' })).toBe('Hello, Нараа!');
    expect(t('page.title')).toBe('Home');
    expect(t('unread', { count: 1 })).toBe('1 unread notification');
    expect(t('unread', { count: 3 })).toBe('3 unread notifications');
    expect(t('chosen', { context: 'lesson' })).toBe('In this bundle');
    expect(t('greeting')).toBe('Hello, {{name}}!');
  });

  it('falls back to the Mongolian text, and to the key when there is none', async () => {
    await changeLanguage('en');
    expect(i18n.t('onlyInMongolian', { ns: 'sample' })).toBe('Зөвхөн монголоор');
    expect(i18n.t('missing.key', { ns: 'sample' })).toBe('missing.key');
    expect(i18n.t('retry')).toBe('Try again');
  });

  it('renders a screen again in the language chosen, and marks the document with it', async () => {
    function Title() {
      const { t, i18n: translator } = useTranslation('sample');
      return (
        <h1>
          {t('page.title')} ({translator.language})
        </h1>
      );
    }
    render(<Title />);
    expect(screen.getByRole('heading').textContent).toBe('Нүүр (mn)');
    await act(() => changeLanguage('en'));
    expect(screen.getByRole('heading').textContent).toBe('Home (en)');
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem('language')).toBe('en');
  });
});
