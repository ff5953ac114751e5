import { renderStandalone } from '@learning/platform/standalone';
import LessonsRoutes from './routes';

renderStandalone(<LessonsRoutes />, { start: '/product-remote-lesson' });
