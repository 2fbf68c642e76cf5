import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { keepFocusOnThePage } from './focus-keeper';

/** MutationObserver callbacks run as microtasks; let them. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('keepFocusOnThePage (issue 17, keyboard)', () => {
  let stop: () => void;

  beforeEach(() => {
    document.body.innerHTML = `
      <main id="main-content">
        <h1>Requests</h1>
        <section aria-label="Actions"><h3>Actions</h3><span id="buttons"><button id="accept">ACCEPT</button></span></section>
      </main>`;
    stop = keepFocusOnThePage();
  });

  afterEach(() => {
    stop();
    document.body.innerHTML = '';
  });

  function openPopup() {
    const portal = document.createElement('div');
    portal.innerHTML =
      '<section role="dialog" aria-label="Accept"><h2>Accept</h2><button id="cancel">Cancel</button></section>';
    document.body.append(portal);
    (document.getElementById('cancel') as HTMLElement).focus();
    return portal;
  }

  it('gives the focus back to the opener when a popup is unmounted while focused', async () => {
    const opener = document.getElementById('accept') as HTMLElement;
    opener.focus();
    const portal = openPopup();
    expect(document.activeElement?.id).toBe('cancel');
    portal.remove();
    await settle();
    expect(document.activeElement).toBe(opener);
  });

  it("hands the focus to the area's heading when the focused button is removed", async () => {
    const button = document.getElementById('accept') as HTMLElement;
    button.focus();
    button.remove();
    await settle();
    expect(document.activeElement?.textContent).toBe('Actions');
    expect(document.activeElement?.getAttribute('tabindex')).toBe('-1');
  });

  it('falls back to the heading when the opener went away with the popup', async () => {
    (document.getElementById('accept') as HTMLElement).focus();
    const portal = openPopup();
    document.getElementById('buttons')?.remove();
    portal.remove();
    await settle();
    expect(document.activeElement?.tagName).toBe('H1');
  });

  it('leaves the focus alone when the user moved it to the page', async () => {
    const button = document.getElementById('accept') as HTMLElement;
    button.focus();
    button.blur();
    document.querySelector('main')?.append(document.createElement('p'));
    await settle();
    expect(document.activeElement).toBe(document.body);
  });
});
