import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Scans what the page shows now with axe-core against WCAG 2.2 AA and fails on any critical or serious
 * violation, naming the rule, its impact and the elements (issue 17).
 */
export async function expectAccessible(page: Page, label: string) {
  // A popup fading in is measured at its final colours, not half-transparent.
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
  );
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const blocking = violations.filter((v) => v.impact === 'critical' || v.impact === 'serious');
  const report = blocking.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes
        .slice(0, 8)
        .map((n) => `${n.target.join(' ')}: ${n.any[0]?.message ?? ''}`)
        .join('\n  ')}`,
  );
  expect(report, `axe on ${label}`).toEqual([]);
}
