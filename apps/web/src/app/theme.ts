import { createTheme } from '@mantine/core';

/**
 * `md` is moved to 64em (1024 px) so that Mantine's `md` is the spec's desktop threshold: the sidebar
 * shows from 1024 px (002 §2.1). `sm` stays 48em (768 px), the mobile breakpoint.
 */
export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  breakpoints: { xs: '36em', sm: '48em', md: '64em', lg: '75em', xl: '88em' },
});
