import { renderStandalone } from '@learning/platform/standalone';
import AdminRoutes from './routes';

renderStandalone(<AdminRoutes />, { start: '/administrator' });
