import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './a11y.css';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { cssVariablesResolver, theme } from './theme';

type AppProvidersProps = {
  queryClient: QueryClient;
  children: ReactNode;
  /** 'test' turns off Mantine's transitions and portals (Testing Library under jsdom). */
  mantineEnv?: 'default' | 'test';
};

export function AppProviders({ queryClient, children, mantineEnv = 'default' }: AppProvidersProps) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
      env={mantineEnv}
    >
      <Notifications position="top-right" limit={4} />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
