import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient as sharedQueryClient } from './query';

/** The context every screen needs: the shared query client (i18n is the platform's own module). The router is the host's. */
export function PlatformProvider({ children, queryClient = sharedQueryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
    </QueryClientProvider>
  );
}
