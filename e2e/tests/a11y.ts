import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Scans what the page shows now with axe-core against WCAG 2.2 AA and fails on any critical or serious
 * violation, naming the rule, its impact and the elements (issue 17).
 *
 * axe runs in the page itself (`axe.run`), injected once per document: the app has no iframes, so the
 * frame-by-frame run of @axe-core/playwright (inject into every frame, `runPartial`, then `finishRun` in a
 * new blank page) did the same checks for 0.7–1.0 s a scan against about 0.2 s here (measured on the
 * installer's list, same 27 passes and 0 violations), and the suite scans some 200 screens.
 */
export async function expectAccessible(page: Page, label: string) {
  // A popup fading in is measured at its final colours, not half-transparent.
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
  );
  const injected = await page.evaluate(() => 'axe' in window);
  if (!injected) await page.evaluate(AXE_SOURCE);
  const { violations } = await page.evaluate(
    (tags) =>
      (window as unknown as { axe: { run: (c: Document, o: object) => Promise<AxeResults> } }).axe.run(
        document,
        { runOnly: { type: 'tag', values: tags } },
      ),
    WCAG_TAGS,
  );
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
