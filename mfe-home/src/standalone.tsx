import { renderStandalone } from '@learning/platform/standalone';
import HomeRoutes from './routes';

renderStandalone(<HomeRoutes />, { start: '/home' });
