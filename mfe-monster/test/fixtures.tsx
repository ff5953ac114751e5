// Shared set-up of the Monster plan pages' tests: plans as the catalog answers them, and the remote's
// routes rendered at an address, beside a stand-in for the shell's sign-in page.
import { catalog } from '@learning/contracts';
import { Route, Routes } from '@learning/platform';
import { renderWithPlatform } from '@learning/platform/testing';
import { screen } from '@testing-library/react';
import MonsterRoutes from '../src/routes';

export function aPlan(overrides: Partial<catalog.Monsterplan> = {}): catalog.Monsterplan {
  const _id = overrides._id ?? 'p1';
  return catalog.monsterplan.parse({
    _id,
    name: 'Monster plan 1',
    price: '49000',
    earlyPrice: null,
    earlyPriceUntil: null,
    videos: [`${_id}-v1`, `${_id}-v2`, `${_id}-v3`],
    isActive: true,
    exam: false,
    populatedVideos: [
      {
        week: 1,
        videos: [
          { _id: `${_id}-v1`, name: 'Өглөөний мэндчилгээ', dayOfWeek: 1, translateUrl: '', monsterWords: '' },
          { _id: `${_id}-v2`, name: 'Дэлгүүрт', dayOfWeek: 2, translateUrl: 'https://docs.example.com/t2', monsterWords: '' },
        ],
      },
      { week: 2, videos: [{ _id: `${_id}-v3`, name: 'Цаг агаар', dayOfWeek: 1, translateUrl: '', monsterWords: '' }] },
    ],
    ...overrides,
  });
}

export function renderMonster(route: string) {
  return renderWithPlatform(
    <Routes>
      <Route path="signin" element={<h1>Нэвтрэх</h1>} />
      <Route path="*" element={<MonsterRoutes />} />
    </Routes>,
    { route },
  );
}

export const address = () => screen.getByTestId('address');

export const guestSignInFrom = (path: string) => `/signin?continue=${encodeURIComponent(`http://localhost${path}`)}`;
