import { renderStandalone } from '@learning/platform/standalone';
import MonsterRoutes from './routes';

renderStandalone(<MonsterRoutes />, { start: '/product-monster-plan' });
