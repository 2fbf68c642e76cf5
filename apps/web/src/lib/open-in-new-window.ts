/**
 * Opens a window at once (inside the click, so no pop-up blocker stops it), then sends it where `load` says;
 * a failure closes it again.
 */
export async function openInNewWindow(load: () => Promise<string>, onFailure: (error: unknown) => void) {
  const opened = window.open('', '_blank');
  try {
    const url = await load();
    if (opened) opened.location.href = url;
    else window.open(url, '_blank', 'noopener');
  } catch (error) {
    opened?.close();
    onFailure(error);
  }
}
