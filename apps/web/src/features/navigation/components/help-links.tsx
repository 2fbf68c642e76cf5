import { Anchor, Stack } from '@mantine/core';

/**
 * External links of the menu (002 §2.2). The real pages are not written yet: these paths open the
 * product's own "being written" help page until the documents exist.
 */
export const helpLinks = [
  { label: 'Dealer help', href: '/help/dealers' },
  { label: 'Specialist help', href: '/help/specialists' },
  { label: 'Release notes', href: '/help/release-notes' },
  { label: 'Privacy policy', href: '/help/privacy-policy' },
  { label: 'Third-party API policy', href: '/help/third-party-api-policy' },
] as const;

export function HelpLinks() {
  return (
    <nav aria-label="Help and policies">
      <Stack gap={0}>
        {helpLinks.map((link) => (
          <Anchor
            key={link.href}
            href={link.href}
            target="_blank"
            rel="noopener noreferrer"
            size="xs"
            c="dimmed"
            // 24 px high: WCAG 2.2 target size for links stacked one under another.
            lh="24px"
          >
            {link.label}
          </Anchor>
        ))}
      </Stack>
    </nav>
  );
}
